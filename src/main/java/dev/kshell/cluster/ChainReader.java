package dev.kshell.cluster;

import dev.kshell.model.PresentedChain;

import java.io.IOException;
import java.math.BigInteger;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Reads the certificate chain a listener presents. The handshake trusts anything on purpose: it is a question about
 * what the listener holds, nothing is sent over it, and it is closed at once; the Admin client's connections keep the
 * operator's own trust store. The chain is taken when the server presents it, so a listener that then asks for a
 * client certificate kshell does not have (mutual TLS) still shows its own.
 */
final class ChainReader {

    private static final int SAN_DNS = 2;
    private static final int SAN_IP = 7;

    private final Duration deadline;

    ChainReader(Duration deadline) {
        this.deadline = deadline;
    }

    /** Every target at once; one result per target, in order, after at most about the deadline. */
    List<PresentedChain> read(List<Radar.TlsTarget> targets) {
        return EachNode.ask(targets, deadline.plusSeconds(1), "kshell-certificates", this::readOne,
                (t, interrupted) -> failed(t, interrupted ? "interrupted"
                        : "no answer within " + NodeProbe.seconds(deadline.toMillis())));
    }

    PresentedChain readOne(Radar.TlsTarget t) {
        if (Boolean.FALSE.equals(t.tls())) {
            return new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), address(t.endpoint()), false,
                    List.of(), null);
        }
        String host = Endpoints.host(t.endpoint());
        int port = Endpoints.port(t.endpoint());
        if (host == null || port < 0) {
            return failed(t, "not a host:port");
        }
        int ms = (int) Math.max(1, deadline.toMillis());
        Capture capture = new Capture();
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(host, port), ms);
            plain.setSoTimeout(ms);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[]{capture}, null);
            try (SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, false)) {
                tls.setUseClientMode(true);
                tls.startHandshake();
            } catch (IOException handshake) {
                if (capture.chain.get() == null) {
                    return notPresented(t, handshake);
                }
                // the chain came before the failure (a client certificate asked for): it is what we came for
            }
        } catch (ConnectException e) {
            return failed(t, "connection refused");
        } catch (SocketTimeoutException e) {
            return failed(t, "no answer within " + NodeProbe.seconds(ms));
        } catch (IOException | GeneralSecurityException e) {
            return failed(t, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
        List<PresentedChain.Certificate> chain = new ArrayList<>();
        for (X509Certificate c : capture.chain.get()) {
            chain.add(describe(c));
        }
        return new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), address(t.endpoint()), true, chain,
                null);
    }

    /** No chain came: a listener not known to speak TLS that did not answer as TLS is plain; else why not. */
    private PresentedChain notPresented(Radar.TlsTarget t, IOException handshake) {
        if (t.tls() == null && !(handshake instanceof SocketTimeoutException)
                && !(handshake.getCause() instanceof SocketTimeoutException)) {
            return new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), address(t.endpoint()), false,
                    List.of(), null);
        }
        boolean timeout = handshake instanceof SocketTimeoutException
                || handshake.getCause() instanceof SocketTimeoutException;
        return failed(t, timeout ? "TLS handshake not answered within " + NodeProbe.seconds(deadline.toMillis())
                : "TLS handshake failed before a certificate was presented: " + handshake.getMessage());
    }

    private static PresentedChain failed(Radar.TlsTarget t, String why) {
        return new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), address(t.endpoint()),
                !Boolean.FALSE.equals(t.tls()), List.of(), why);
    }

    /** The host as a certificate must match it: an IP literal in its normal form, a name in lower case. */
    static String address(String endpoint) {
        String host = Endpoints.host(endpoint);
        return host == null ? endpoint : normalHost(host);
    }

    /** An IP literal in the JDK's normal form (no DNS: only literals are parsed), a host name in lower case. */
    static String normalHost(String host) {
        String h = host.strip();
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (isIpLiteral(h)) {
            try {
                return InetAddress.getByName(h).getHostAddress(); // a literal: parsed, never looked up
            } catch (IOException e) {
                return h;
            }
        }
        String lower = h.toLowerCase(Locale.ROOT);
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    static boolean isIpLiteral(String h) {
        return h.contains(":") || h.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }

    static PresentedChain.Certificate describe(X509Certificate c) {
        List<String> sans = new ArrayList<>();
        try {
            Collection<List<?>> names = c.getSubjectAlternativeNames();
            if (names != null) {
                for (List<?> n : names) {
                    int type = (Integer) n.get(0);
                    String value = String.valueOf(n.get(1));
                    sans.add(type == SAN_DNS ? "DNS:" + value : type == SAN_IP ? "IP:" + normalHost(value)
                            : sanType(type) + ":" + value);
                }
            }
        } catch (CertificateParsingException e) {
            sans.add("unreadable: " + e.getMessage());
        }
        return new PresentedChain.Certificate(c.getSubjectX500Principal().getName(),
                c.getIssuerX500Principal().getName(), sans, c.getNotBefore().toInstant(), c.getNotAfter().toInstant(),
                new BigInteger(1, c.getSerialNumber().toByteArray()).toString(16), fingerprint(c));
    }

    private static String sanType(int type) {
        return switch (type) {
            case 0 -> "otherName";
            case 1 -> "email";
            case 4 -> "dirName";
            case 6 -> "URI";
            case 8 -> "RID";
            default -> "type" + type;
        };
    }

    private static String fingerprint(X509Certificate c) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(c.getEncoded()));
        } catch (GeneralSecurityException e) {
            return "";
        }
    }

    /** Takes the server's chain and accepts it: this handshake only reads (see the class comment). */
    private static final class Capture extends X509ExtendedTrustManager {
        final AtomicReference<X509Certificate[]> chain = new AtomicReference<>();

        @Override
        public void checkServerTrusted(X509Certificate[] presented, String authType) {
            chain.compareAndSet(null, presented.clone());
        }

        @Override
        public void checkServerTrusted(X509Certificate[] presented, String authType, Socket socket) {
            checkServerTrusted(presented, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] presented, String authType, SSLEngine engine) {
            checkServerTrusted(presented, authType);
        }

        // the handshake is a client's: a server-side check never comes (each variant refuses it alike)
        @Override
        public void checkClientTrusted(X509Certificate[] presented, String authType) {
            throw clientSideOnly();
        }

        @Override
        public void checkClientTrusted(X509Certificate[] presented, String authType, Socket socket) {
            throw clientSideOnly();
        }

        @Override
        public void checkClientTrusted(X509Certificate[] presented, String authType, SSLEngine engine) {
            throw clientSideOnly();
        }

        private static UnsupportedOperationException clientSideOnly() {
            return new UnsupportedOperationException("a client side only");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
