package dev.kshell.cluster;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.Map;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Tells "nothing listens there" from "no answer". Kafka's client retries a refused connection until the deadline and
 * then reports a timeout, the same as for a host that accepts and never answers (a black hole, a frozen broker); those
 * are different faults with different next steps. When a call is not answered at once, one plain TCP connect to each
 * bootstrap address settles it: every address refusing is said at once.
 */
final class Reachability {

    /** How long a call waits for its answer before the addresses are checked. */
    static final Duration CHECK_AFTER = Duration.ofMillis(1500);
    private static final int CONNECT_TIMEOUT_MS = 1000;
    private static final String REFUSED = "connection refused by ";

    private Reachability() {
    }

    /**
     * The sentence for a connection that does not use TLS ({@code security.protocol} PLAINTEXT or SASL_PLAINTEXT, or
     * unset) to a listener that speaks TLS: the broker drops every request it cannot read as a TLS record, so Kafka's
     * client waits until its deadline and says "timed out", the same as for a black hole. One TLS handshake (any
     * certificate accepted: it is a question, nothing is sent over it) to each address settles it; empty when the
     * connection uses TLS itself or no address completes a handshake within a second.
     */
    static Optional<String> tlsWhereNoneIsUsed(String endpoints, Map<String, String> clientProperties) {
        String protocol = clientProperties.getOrDefault("security.protocol", "PLAINTEXT").strip().toUpperCase(Locale.ROOT);
        if (protocol.contains("SSL")) {
            return Optional.empty();
        }
        for (String endpoint : endpoints.split(",")) {
            String e = endpoint.strip();
            int colon = e.lastIndexOf(':');
            if (colon <= 0) {
                continue;
            }
            String host = e.substring(0, colon).replace("[", "").replace("]", "");
            try (Socket plain = new Socket()) {
                plain.connect(new InetSocketAddress(host, Integer.parseInt(e.substring(colon + 1))), CONNECT_TIMEOUT_MS);
                plain.setSoTimeout(CONNECT_TIMEOUT_MS);
                SSLContext any = SSLContext.getInstance("TLS");
                any.init(null, new TrustManager[]{new AnyCertificate()}, null);
                try (SSLSocket tls = (SSLSocket) any.getSocketFactory().createSocket(plain, host, plain.getPort(), false)) {
                    tls.setUseClientMode(true);
                    tls.startHandshake();
                }
                boolean sasl = protocol.startsWith("SASL");
                return Optional.of(e + " speaks TLS, but this connection uses security.protocol=" + protocol
                        + ": set security.protocol=" + (sasl ? "SASL_SSL" : "SSL")
                        + " and ssl.truststore.location (with its password) in the connection's client properties");
            } catch (IOException | RuntimeException | GeneralSecurityException ex) {
                // refused, no answer, or not TLS: the next address, then the call's own deadline
            }
        }
        return Optional.empty();
    }

    /** Accepts any certificate: only for asking whether a listener speaks TLS at all. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** True for the failure {@link #refusedEverywhere} describes. */
    static boolean isRefusal(ClusterException e) {
        return e.getMessage() != null && e.getMessage().startsWith(REFUSED);
    }

    /**
     * The sentence for {@code endpoints} ("h1:9092,h2:9092") when every one of them refused a TCP connection; empty
     * when any accepted, timed out or could not be checked (then the call's own deadline decides).
     */
    static Optional<String> refusedEverywhere(String endpoints) {
        List<String> refused = new ArrayList<>();
        String[] all = endpoints.split(",");
        for (String endpoint : all) {
            String e = endpoint.strip();
            int colon = e.lastIndexOf(':');
            if (colon <= 0) {
                return Optional.empty();
            }
            String host = e.substring(0, colon).replace("[", "").replace("]", "");
            int port;
            try {
                port = Integer.parseInt(e.substring(colon + 1));
            } catch (NumberFormatException ex) {
                return Optional.empty();
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
                return Optional.empty(); // something listens: a slow or broken server, not a refusal
            } catch (ConnectException ex) {
                if (ex.getMessage() == null || !ex.getMessage().toLowerCase(Locale.ROOT).contains("refused")) {
                    return Optional.empty(); // no route, unreachable network: the deadline's "no answer" says it
                }
                refused.add(e);
            } catch (SocketTimeoutException ex) {
                return Optional.empty();
            } catch (IOException | RuntimeException ex) {
                return Optional.empty();
            }
        }
        return Optional.of(REFUSED + (all.length == 1 ? "" : "every address of ")
                + String.join(",", refused) + ": nothing listens there (is the address right, is the process up?)");
    }
}
