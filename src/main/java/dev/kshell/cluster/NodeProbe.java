package dev.kshell.cluster;

import dev.kshell.model.ProbeResult;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;

/**
 * Asks each node on its own endpoint whether it answers, all at once, within a short deadline. The request is a
 * Kafka ApiVersions request: the node's network and request threads must read it and write a reply, so a killed
 * node (connection refused) and a paused one (SIGSTOP: the kernel still completes the TCP handshake, nobody
 * answers) both come back "not answering" long before the controller fences them. See docs/kafka-behaviour.md.
 *
 * <p>ApiVersions is the one request Kafka answers before authentication, so this works on PLAINTEXT and
 * SASL_PLAINTEXT listeners; on SSL and SASL_SSL ones the probe first completes a TLS handshake with the connection's
 * own SSL settings ({@link TlsSockets}): a refused connect, or a handshake that does not complete within the
 * deadline, is "not answering". A node that answers the handshake with an error or closes the connection is alive.
 * When the TLS settings cannot be used here, nothing is probed ({@link #supported} false, {@link #unsupportedReason}).
 */
public final class NodeProbe {

    /** The default deadline: long enough for a loaded JVM to answer, short enough to run inside every triage. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofMillis(1500);

    private static final short API_VERSIONS = 18;
    private static final byte[] CLIENT_ID = "kshell-probe".getBytes(StandardCharsets.UTF_8);
    private static final AtomicInteger CORRELATION = new AtomicInteger(1);

    private final Duration deadline;
    private final boolean supported;
    private final TlsSockets tls;
    private final String unsupportedReason;

    /**
     * @param clientProperties the connection's Kafka client properties (security.protocol decides whether a plain
     *                         socket can talk to the nodes)
     * @param deadline         how long each node may take to answer
     */
    public NodeProbe(Map<String, String> clientProperties, Duration deadline) {
        this.deadline = deadline;
        String protocol = clientProperties == null ? null : clientProperties.get("security.protocol");
        String p = protocol == null ? "PLAINTEXT" : protocol.trim().toUpperCase(Locale.ROOT);
        TlsSockets sockets = null;
        String reason = null;
        if (p.equals("SSL") || p.equals("SASL_SSL")) {
            try {
                sockets = TlsSockets.of(clientProperties);
            } catch (RuntimeException e) {
                reason = "nodes not probed on their own endpoints: the connection's TLS settings cannot be used "
                        + "here (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
            }
        } else if (!p.isEmpty() && !p.equals("PLAINTEXT") && !p.equals("SASL_PLAINTEXT")) {
            reason = "nodes not probed on their own endpoints: unknown security.protocol " + protocol;
        }
        this.tls = sockets;
        this.unsupportedReason = reason;
        this.supported = reason == null;
    }

    /** Why nothing is probed on this connection, or null when probes are made. */
    public String unsupportedReason() {
        return unsupportedReason;
    }

    /** For the gateway's own connection. */
    public static NodeProbe of(ClusterTarget target) {
        return new NodeProbe(target.clientProperties(), DEFAULT_DEADLINE);
    }

    /** False when the connection's settings cannot be used for a probe: nothing is probed. */
    public boolean supported() {
        return supported;
    }

    public Duration deadline() {
        return deadline;
    }

    /** A node to ask: its id (null when unknown), its role and its host:port. */
    public record Target(Integer nodeId, String role, String endpoint) {
    }

    /**
     * Probes every target in parallel; returns one result per target, in the given order, after at most about
     * the deadline (plus thread start-up). Empty when the probe is not supported on this connection.
     */
    public List<ProbeResult> probe(List<Target> targets) {
        if (!supported) {
            return List.of();
        }
        return EachNode.ask(targets, deadline.plusSeconds(2), "kshell-probe", this::probeOne,
                (t, interrupted) -> new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, deadline.toMillis(),
                        interrupted ? "probe interrupted" : "no answer within " + seconds(deadline.toMillis())));
    }

    ProbeResult probeOne(Target t) {
        long t0 = System.nanoTime();
        int colon = t.endpoint().lastIndexOf(':');
        if (colon <= 0) {
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, 0, "not a host:port");
        }
        String host = t.endpoint().substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(t.endpoint().substring(colon + 1));
        } catch (NumberFormatException e) {
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, 0, "not a host:port");
        }
        int ms = (int) Math.max(1, deadline.toMillis());
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), ms);
            int left = (int) Math.max(1, ms - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            s.setSoTimeout(left);
            Socket channel = s;
            if (tls != null) {
                try {
                    channel = tls.handshake(s, host, port);
                } catch (SSLException e) {
                    if (e.getCause() instanceof SocketTimeoutException) {
                        return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0),
                                "TLS handshake not completed within " + seconds(ms));
                    }
                    // it answered the handshake (with an error, or by closing): the process runs
                    return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), true, took(t0), null);
                } catch (SocketTimeoutException e) {
                    return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0),
                            "TLS handshake not completed within " + seconds(ms));
                }
            }
            int correlation = CORRELATION.getAndIncrement();
            OutputStream out = channel.getOutputStream();
            out.write(apiVersionsRequest(correlation));
            out.flush();
            DataInputStream in = new DataInputStream(channel.getInputStream());
            int size = in.readInt();
            int answeredCorrelation = in.readInt();
            if (size < 4 || answeredCorrelation != correlation) {
                return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0),
                        "answered something that is not a Kafka reply");
            }
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), true, took(t0), null);
        } catch (SocketTimeoutException e) {
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0),
                    "no answer within " + seconds(ms));
        } catch (ConnectException e) {
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0), "connection refused");
        } catch (IOException e) {
            return new ProbeResult(t.nodeId(), t.role(), t.endpoint(), false, took(t0),
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /** ApiVersions v0 with request header v1: every Kafka version since 0.10 answers it, also with an error. */
    static byte[] apiVersionsRequest(int correlation) {
        int body = 2 + 2 + 4 + 2 + CLIENT_ID.length;
        ByteBuffer b = ByteBuffer.allocate(4 + body);
        b.putInt(body).putShort(API_VERSIONS).putShort((short) 0).putInt(correlation)
                .putShort((short) CLIENT_ID.length).put(CLIENT_ID);
        return b.array();
    }

    private static long took(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
