package dev.kshell.rules.explain;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Says what each host:port an error text names is in the connected cluster now: which broker (and whether it is
 * live or fenced) or which controller, or that the cluster has no such node. Pure: reads the session's newest
 * snapshot, asks nothing.
 */
public final class NamedNodes {

    /** At most this many addresses of a text are resolved (a pasted log can name dozens). */
    static final int MAX_ADDRESSES = 3;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    /** Host names that all mean this machine: a client log says 127.0.0.1 where the broker advertises localhost. */
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "[::1]", "0:0:0:0:0:0:0:1");

    private NamedNodes() {
    }

    /** One sentence per host:port found in {@code text} (at most three); empty without a snapshot. */
    public static List<String> describe(String text, ExplainSituation situation) {
        ClusterSnapshot snapshot = situation.snapshot();
        if (snapshot == null || text == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String hostPort : ErrorContext.of(text).hostPorts().stream().limit(MAX_ADDRESSES).toList()) {
            out.add(describeOne(hostPort, snapshot, situation));
        }
        return List.copyOf(out);
    }

    /** True when the text names at least one host:port (so that reading the brokers can tell something). */
    public static boolean namesAnAddress(String text) {
        return text != null && !ErrorContext.of(text).hostPorts().isEmpty();
    }

    private static String describeOne(String hostPort, ClusterSnapshot snapshot, ExplainSituation situation) {
        String asOf = " (snapshot of " + TIME.format(snapshot.takenAt()) + " UTC)";
        Optional<BrokerState> broker = snapshot.brokers().stream().filter(b -> sameEndpoint(hostPort, b.endpoint()))
                .findFirst();
        if (broker.isPresent()) {
            BrokerState b = broker.get();
            if (b.live()) {
                return hostPort + " is broker " + b.id() + ", live: registered and not fenced" + asOf;
            }
            String action = situation.sandbox() ? "start it with `sandbox start-broker " + b.id() + "`"
                    : "its process is down or cannot reach the controllers: check it on " + b.host()
                    + " (process, server.log), then `brokers`";
            return hostPort + " is broker " + b.id() + ", fenced: registered but not serving; " + action + asOf;
        }
        Map<Integer, String> controllers = new TreeMap<>(situation.controllerEndpoints());
        if (snapshot.quorum() != null) {
            controllers.putAll(snapshot.quorum().voterEndpoints());
        }
        for (Map.Entry<Integer, String> c : controllers.entrySet()) {
            if (sameEndpoint(hostPort, c.getValue())) {
                boolean leader = snapshot.quorum() != null && snapshot.quorum().leaderId() == c.getKey();
                return hostPort + " is controller " + c.getKey() + (leader ? ", the quorum's leader" : ", a voter of the quorum")
                        + ": clients other than admin tools talk to brokers, not to controllers" + asOf;
            }
        }
        List<String> known = snapshot.brokers().stream().map(BrokerState::endpoint).limit(3).toList();
        return hostPort + " is no broker or controller of the connected cluster"
                + (known.isEmpty() ? "" : " (its brokers: " + String.join(", ", known)
                + (snapshot.brokers().size() > known.size() ? ", ..." : "") + ")")
                + ": the client may use another cluster's or an old address";
    }

    /** Same port, and the same host ignoring case, every loopback spelling being one host. */
    static boolean sameEndpoint(String a, String b) {
        int ca = a.lastIndexOf(':');
        int cb = b.lastIndexOf(':');
        if (ca < 0 || cb < 0 || !a.substring(ca + 1).equals(b.substring(cb + 1))) {
            return false;
        }
        String ha = a.substring(0, ca).toLowerCase(Locale.ROOT);
        String hb = b.substring(0, cb).toLowerCase(Locale.ROOT);
        return ha.equals(hb) || LOOPBACK.contains(ha) && LOOPBACK.contains(hb);
    }
}
