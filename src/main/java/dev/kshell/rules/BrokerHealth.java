package dev.kshell.rules;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Comparator;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Triage step 2: brokers registered, fenced, and missing (hosting replicas but not registered). One pass over the
 * replicas, counting only for brokers that are not live.
 */
public final class BrokerHealth {

    private BrokerHealth() {
    }

    /** Ids of brokers that host replicas but are not registered, with how many replicas each hosts. */
    public static Map<Integer, Integer> missing(ClusterSnapshot s) {
        return replicasOnDeadBrokers(s, false);
    }

    public static List<Finding> check(ClusterSnapshot s) {
        return check(s, null, null);
    }

    /**
     * As {@link #check(ClusterSnapshot)}, plus a finding for each registered, unfenced broker that did not answer
     * a request on its own endpoint: dead or paused, but not fenced yet (the controller fences it only after
     * broker.session.timeout.ms without a heartbeat). CRITICAL when it leads partitions: they take no reads or
     * writes until the controller has fenced it and elected another leader.
     *
     * @param probes           one answer per probed broker, or null when not probed
     * @param sessionTimeoutMs broker.session.timeout.ms where known (ZooKeeper mode: zookeeper.session.timeout.ms),
     *                         else null
     */
    public static List<Finding> check(ClusterSnapshot s, List<ProbeResult> probes, Long sessionTimeoutMs) {
        List<Finding> out = new ArrayList<>(notAnswering(s, probes, sessionTimeoutMs));
        if (s.brokers().isEmpty()) {
            out.add(new Finding(Severity.CRITICAL, "no-brokers", "cluster",
                    "no broker is registered (or the broker list could not be read): no partition can be served",
                    "start the brokers; if they exit with \"unable to register with the controller quorum\", check "
                            + "controller.quorum.bootstrap.servers against the controllers' listeners"));
        } else if (s.liveBrokerIds().isEmpty()) {
            out.add(new Finding(Severity.CRITICAL, "no-live-brokers", "cluster",
                    "all " + s.brokers().size() + " registered brokers are fenced: no partition can be served",
                    "restart the brokers and check their logs"));
        }
        Map<String, List<Integer>> byEndpoint = new HashMap<>();
        for (BrokerState b : s.brokers()) {
            byEndpoint.computeIfAbsent(b.endpoint(), k -> new ArrayList<>()).add(b.id());
        }
        out.addAll(fencedAndMissing(s));
        byEndpoint.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.add(new Finding(Severity.WARNING, "broker-endpoint-duplicate", e.getKey(),
                        "brokers " + e.getValue() + " advertise the same endpoint " + e.getKey()
                                + ": one of them cannot bind its port",
                        "give each broker its own listener port")));
        return out;
    }

    /**
     * A finding per registered, unfenced broker that did not answer its probe, with how long until the controller
     * (or ZooKeeper) notices and how many partitions it leads meanwhile: those are the ones out of service.
     */
    private static List<Finding> notAnswering(ClusterSnapshot s, List<ProbeResult> probes, Long sessionTimeoutMs) {
        List<Finding> out = new ArrayList<>();
        Set<Integer> silent = silent(s, probes);
        if (silent.isEmpty()) {
            return out;
        }
        Map<Integer, int[]> led = new HashMap<>();
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (p.leader() != null && silent.contains(p.leader())) {
                    led.computeIfAbsent(p.leader(), k -> new int[1])[0]++;
                }
            }
        }
        for (ProbeResult r : probes) {
            if (r.nodeId() == null || !silent.contains(r.nodeId())) {
                continue;
            }
            int n = led.containsKey(r.nodeId()) ? led.get(r.nodeId())[0] : 0;
            boolean zk = s.quorum() != null && s.quorum().zooKeeperMode();
            boolean controller = zk && s.quorum().leaderId() == r.nodeId();
            String within = zk ? "ZooKeeper drops its registration (/brokers/ids/" + r.nodeId() + ") when its "
                    + "session expires: " + ControllerHealth.moves(sessionTimeoutMs).replace("moves it", "does so")
                    + (controller ? "; it is the controller (step 1)" : "")
                    : sessionTimeoutMs == null
                    ? "the controller will fence it once broker.session.timeout.ms passes without a heartbeat"
                    : "the controller will fence it within ~" + Math.max(1, (sessionTimeoutMs + 999) / 1000)
                            + " s (broker.session.timeout.ms " + sessionTimeoutMs + ")";
            String leads = n == 0 ? "" : "; the " + n + " partition" + (n == 1 ? "" : "s")
                    + " it leads take no reads or writes until then";
            out.add(new Finding(n == 0 ? Severity.ERROR : Severity.CRITICAL, "broker-not-answering",
                    "broker " + r.nodeId(),
                    "broker " + r.nodeId() + " registered but not answering (" + r.endpoint() + ": "
                            + r.problem() + "): " + within + leads,
                    zk ? "check broker " + r.nodeId() + "'s process; start it again once /brokers/ids/"
                            + r.nodeId() + " is gone (before that it exits with NodeExistsException)"
                            : "check broker " + r.nodeId() + "'s process (crashed, paused, out of memory) and "
                            + "restart it"));
        }
        return out;
    }

    /** Registered, unfenced brokers whose probe got no answer. */
    public static Set<Integer> silent(ClusterSnapshot s, List<ProbeResult> probes) {
        Set<Integer> out = new TreeSet<>();
        if (probes == null) {
            return out;
        }
        Set<Integer> live = s.liveBrokerIds();
        for (ProbeResult r : probes) {
            if (!r.answered() && r.nodeId() != null && live.contains(r.nodeId())) {
                out.add(r.nodeId());
            }
        }
        return out;
    }

    /** "3 registered: 4, 6 live, 5 fenced; missing: 7". */
    public static String summary(ClusterSnapshot s) {
        return summary(s, null);
    }

    /** "3 registered: 4, 6 live, 5 not answering", with the probes' view of the unfenced brokers. */
    public static String summary(ClusterSnapshot s, List<ProbeResult> probes) {
        Set<Integer> silent = silent(s, probes);
        List<Integer> live = new ArrayList<>();
        List<Integer> fenced = new ArrayList<>();
        for (BrokerState b : s.brokers()) {
            if (!silent.contains(b.id())) {
                (b.fenced() ? fenced : live).add(b.id());
            }
        }
        live.sort(null);
        fenced.sort(null);
        StringBuilder sb = new StringBuilder().append(s.brokers().size()).append(" registered");
        if (!s.brokers().isEmpty()) {
            sb.append(": ").append(live.isEmpty() ? "none" : join(live)).append(" live");
            if (!silent.isEmpty()) {
                sb.append(", ").append(join(List.copyOf(silent))).append(" not answering");
            }
            if (!fenced.isEmpty()) {
                sb.append(", ").append(join(fenced)).append(" fenced");
            }
        }
        Map<Integer, Integer> missing = missing(s);
        if (!missing.isEmpty()) {
            sb.append("; missing: ").append(join(List.copyOf(missing.keySet())));
        }
        return sb.toString();
    }

    private static Map<Integer, Integer> replicasOnDeadBrokers(ClusterSnapshot s, boolean includeFenced) {
        Set<Integer> live = s.liveBrokerIds();
        Set<Integer> registered = new HashSet<>();
        for (BrokerState b : s.brokers()) {
            registered.add(b.id());
        }
        // int[] holders: no boxing per replica on a dead broker (a million of them is a normal bad day).
        Map<Integer, int[]> counts = new TreeMap<>();
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                for (Integer id : p.replicas()) {
                    if (live.contains(id)) {
                        continue;
                    }
                    if (includeFenced || !registered.contains(id)) {
                        counts.computeIfAbsent(id, k -> new int[1])[0]++;
                    }
                }
            }
        }
        Map<Integer, Integer> result = new TreeMap<>();
        counts.forEach((id, n) -> result.put(id, n[0]));
        return result;
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /** A registered broker that is fenced, and a broker that holds replicas but is not registered. */
    private static List<Finding> fencedAndMissing(ClusterSnapshot s) {
        List<Finding> out = new ArrayList<>();
        Map<Integer, Integer> hosted = replicasOnDeadBrokers(s, true);
        for (BrokerState b : s.brokers().stream().sorted(Comparator.comparingInt(BrokerState::id)).toList()) {
            if (b.fenced()) {
                int n = hosted.getOrDefault(b.id(), 0);
                out.add(new Finding(Severity.WARNING, "broker-fenced", "broker " + b.id(),
                        "broker " + b.id() + " (" + b.endpoint() + ") is fenced: registered but not serving; it hosts "
                                + n + " replica" + (n == 1 ? "" : "s"),
                        "check broker " + b.id() + "'s log and restart it" + newDisk(s, b.id())));
            }
        }
        Set<Integer> registered = new HashSet<>();
        for (BrokerState b : s.brokers()) {
            registered.add(b.id());
        }
        for (Map.Entry<Integer, Integer> e : hosted.entrySet()) {
            if (!registered.contains(e.getKey())) {
                int n = e.getValue();
                out.add(new Finding(Severity.ERROR, "broker-missing", "broker " + e.getKey(),
                        "broker " + e.getKey() + " is not registered but hosts " + n + " replica" + (n == 1 ? "" : "s"),
                        "start broker " + e.getKey() + newDisk(s, e.getKey())));
            }
        }
        return out;
    }

    /**
     * The warning a "restart it" carries when the broker holds the only eligible copy of leaderless partitions: on
     * a new, empty disk it would lead them empty (docs/kafka-behaviour.md, "A broker back on an empty disk").
     */
    static String newDisk(ClusterSnapshot s, int broker) {
        List<PartitionState> all = new ArrayList<>();
        s.topics().forEach(t -> all.addAll(t.partitions()));
        boolean elr = s.capabilities() == null
                || s.capabilities().has(dev.kshell.model.ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS);
        int n = dev.kshell.rules.reassign.NewDiskForecast.forecast(all, broker, s.liveBrokerIds(), elr, false,
                Map.of(), p -> null).onlyCopy().size();
        return n == 0 ? "" : " on its own disk; on a new, empty disk the records of the " + n + " partition"
                + (n == 1 ? "" : "s") + " only it holds are gone, and Kafka may make it lead them EMPTY "
                + "(`brokers new-disk " + broker + "` says before the start)";
    }
}
