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
