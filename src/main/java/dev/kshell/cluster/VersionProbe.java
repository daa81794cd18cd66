package dev.kshell.cluster;

import dev.kshell.model.NodeVersions;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Asks each node on its own endpoint what its software supports: an ApiVersions request at the newest version this
 * kshell's client speaks, and again at the node's newest when it answers UNSUPPORTED_VERSION (Kafka 2.8-3.8 serve
 * ApiVersions up to v3, whose answer lists only {@code metadata.version} among the supported features; v4, Kafka 3.9
 * and later, lists them all). ApiVersions is answered before authentication, so SASL listeners answer it too; TLS
 * listeners are spoken to with the connection's own TLS settings ({@link TlsSockets}).
 */
final class VersionProbe {

    private static final String CLIENT_ID = "kshell-radar";
    private static final AtomicInteger CORRELATION = new AtomicInteger(1);
    private static final int MAX_RESPONSE_BYTES = 1 << 20;

    private final Duration deadline;
    private final TlsSockets tls;
    private final boolean connectionUsesTls;
    private final String tlsProblem;

    VersionProbe(Map<String, String> clientProperties, Duration deadline) {
        this.deadline = deadline;
        String protocol = clientProperties.getOrDefault("security.protocol", "PLAINTEXT").strip()
                .toUpperCase(Locale.ROOT);
        this.connectionUsesTls = protocol.endsWith("SSL");
        TlsSockets sockets = null;
        String problem = null;
        try {
            sockets = TlsSockets.of(clientProperties);
        } catch (RuntimeException e) {
            problem = "the connection's TLS settings cannot be used here ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
        }
        this.tls = sockets;
        this.tlsProblem = problem;
    }

    List<NodeVersions> probe(List<NodeProbe.Target> targets, Map<String, Boolean> tlsByEndpoint) {
        return EachNode.ask(targets, deadline.plusSeconds(1), "kshell-versions",
                t -> probeOne(t, tlsByEndpoint.getOrDefault(t.endpoint(), connectionUsesTls)),
                (t, interrupted) -> NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), interrupted ? "interrupted"
                        : "no answer within " + NodeProbe.seconds(deadline.toMillis())));
    }

    NodeVersions probeOne(NodeProbe.Target t, boolean useTls) {
        String host = Endpoints.host(t.endpoint());
        int port = Endpoints.port(t.endpoint());
        if (host == null || port < 0) {
            return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), "not a host:port");
        }
        if (useTls && tls == null) {
            return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), tlsProblem);
        }
        int ms = (int) Math.max(1, deadline.toMillis());
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), ms);
            s.setSoTimeout(ms);
            Socket channel = useTls ? tls.handshake(s, host, port) : s;
            short version = ApiKeys.API_VERSIONS.latestVersion();
            ApiVersionsResponseData answer = ask(channel, version);
            if (answer.errorCode() == Errors.UNSUPPORTED_VERSION.code()) {
                // an older node says which versions it serves; ask again at its newest
                ApiVersionsResponseData.ApiVersion own = answer.apiKeys().find(ApiKeys.API_VERSIONS.id);
                short theirs = own == null ? 0 : (short) Math.min(version, own.maxVersion());
                answer = ask(channel, theirs);
            }
            if (answer.errorCode() != Errors.NONE.code()) {
                return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(),
                        "ApiVersions answered " + Errors.forCode(answer.errorCode()).name());
            }
            return toVersions(t, answer);
        } catch (ConnectException e) {
            return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), "connection refused");
        } catch (SocketTimeoutException e) {
            return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), "no answer within " + NodeProbe.seconds(ms));
        } catch (IOException | RuntimeException e) {
            return NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(),
                    (useTls ? "over TLS: " : "") + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    /** One ApiVersions request at {@code version} and its answer (an UNSUPPORTED_VERSION answer is read as v0). */
    private static ApiVersionsResponseData ask(Socket channel, short version) throws IOException {
        int correlation = CORRELATION.getAndIncrement();
        ApiVersionsRequest request = new ApiVersionsRequest.Builder(version).build(version);
        ByteBuffer bytes = request.serializeWithHeader(new RequestHeader(ApiKeys.API_VERSIONS, version, CLIENT_ID,
                correlation));
        DataOutputStream out = new DataOutputStream(channel.getOutputStream());
        out.writeInt(bytes.remaining());
        out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        out.flush();
        DataInputStream in = new DataInputStream(channel.getInputStream());
        int size = in.readInt();
        if (size < 4 || size > MAX_RESPONSE_BYTES) {
            throw new IOException("answered something that is not a Kafka reply");
        }
        byte[] body = new byte[size];
        in.readFully(body);
        ByteBuffer buffer = ByteBuffer.wrap(body);
        ResponseHeader header = ResponseHeader.parse(buffer, ApiKeys.API_VERSIONS.responseHeaderVersion(version));
        if (header.correlationId() != correlation) {
            throw new IOException("answered another request (correlation " + header.correlationId() + ")");
        }
        // Kafka answers an ApiVersions version it does not serve with a v0 answer naming the versions it does
        ApiVersionsResponse parsed = parse(buffer, version);
        return parsed.data();
    }

    private static ApiVersionsResponse parse(ByteBuffer buffer, short version) {
        int start = buffer.position();
        try {
            return (ApiVersionsResponse) AbstractResponse.parseResponse(ApiKeys.API_VERSIONS,
                    new ByteBufferAccessor(buffer), version);
        } catch (RuntimeException e) {
            buffer.position(start);
            return (ApiVersionsResponse) AbstractResponse.parseResponse(ApiKeys.API_VERSIONS,
                    new ByteBufferAccessor(buffer), (short) 0);
        }
    }

    private static NodeVersions toVersions(NodeProbe.Target t, ApiVersionsResponseData d) {
        Map<String, NodeVersions.Range> supported = new HashMap<>();
        d.supportedFeatures().forEach(f -> supported.put(f.name(), new NodeVersions.Range(f.minVersion(),
                f.maxVersion())));
        Map<String, Short> finalized = new HashMap<>();
        d.finalizedFeatures().forEach(f -> finalized.put(f.name(), f.maxVersionLevel()));
        Map<Short, Short> apis = new HashMap<>();
        d.apiKeys().forEach(k -> apis.put(k.apiKey(), k.maxVersion()));
        return new NodeVersions(t.nodeId(), t.role(), t.endpoint(), supported, finalized, apis, null);
    }
}
