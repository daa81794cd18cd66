package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumState;
import dev.kshell.model.Severity;
import dev.kshell.model.ZooKeeperState;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.Optional;

/**
 * Triage step 1 on a ZooKeeper-mode cluster: the controller step. Is a controller elected (a broker, named by
 * describeCluster and, with {@code --zookeeper}, by ZooKeeper's {@code /controller}), is it stable (the controller
 * epoch in {@code /controller_epoch} grows by one at every election: climbing between two reads is a finding), is
 * the ensemble answering, and do the brokers registered in ZooKeeper match those the cluster's metadata lists.
 */
public final class ControllerHealth {

    static final String ENABLE_HINT = "pass --zookeeper HOST:PORT[/chroot] (the brokers' zookeeper.connect) to read "
            + "/controller, /controller_epoch, /brokers/ids and the ensemble's health";

    private ControllerHealth() {
    }

    public static List<Finding> check(ClusterSnapshot now, ClusterSnapshot previous) {
        List<Finding> out = new ArrayList<>();
        QuorumState q = now.quorum();
        if (!q.hasLeader()) {
            out.add(new Finding(Severity.CRITICAL, "controller-none", "controller",
                    "no active controller: no leader elections, no ISR changes, no topic changes",
                    "check the brokers' ZooKeeper sessions (their logs) and the ensemble; `quorum`"));
        }
        ZooKeeperState zk = q.zooKeeper();
        if (zk == null) {
            out.add(new Finding(Severity.INFO, "controller-zookeeper-unchecked", "controller",
                    "ZooKeeper not checked (controller epoch and the ensemble's health unknown): " + ENABLE_HINT,
                    "`connect --bootstrap-server ... --zookeeper HOST:PORT/chroot`, then `triage`"));
        } else if (zk.error() != null) {
            out.add(new Finding(Severity.ERROR, "controller-zookeeper-unreadable", "zookeeper",
                    "ZooKeeper could not be read: " + zk.error() + "; brokers that lose their sessions drop out",
                    "check the ensemble (" + zk.connect() + "), then `quorum`"));
        } else {
            for (ZooKeeperState.Server s : zk.servers()) {
                if (!s.answered()) {
                    out.add(new Finding(Severity.WARNING, "zookeeper-server-not-answering", "zookeeper " + s.endpoint(),
                            "ZooKeeper server " + s.endpoint() + ": " + s.error(),
                            "check that server (process, network, 4lw.commands.whitelist), then `quorum`"));
                }
            }
            Set<Integer> registered = new TreeSet<>(zk.registeredBrokers());
            Set<Integer> listed = new TreeSet<>();
            now.brokers().forEach(b -> listed.add(b.id()));
            if (!registered.equals(listed) && !now.brokers().isEmpty()) {
                out.add(new Finding(Severity.INFO, "zookeeper-brokers-differ", "zookeeper",
                        "ZooKeeper has brokers " + registered + " registered, the cluster's metadata lists " + listed
                                + ": a registration changed moments ago", "`brokers` again in a few seconds"));
            }
        }
        epochFinding(now, previous).ifPresent(out::add);
        return out;
    }

    /** ZooKeeper's default zookeeper.session.timeout.ms (Kafka 2.5+). */
    public static final long DEFAULT_ZOOKEEPER_SESSION_TIMEOUT_MS = 18_000;

    /**
     * The controller broker, probed on its own endpoint, does not answer: a CRITICAL finding with what it blocks and
     * when ZooKeeper moves it; null when it answered or was not probed.
     *
     * @param probes           the brokers' probes (the controller is a broker), or null
     * @param sessionTimeoutMs zookeeper.session.timeout.ms as a live broker reports it, or null (default assumed)
     */
    public static Finding silentController(QuorumState q, List<ProbeResult> probes, Long sessionTimeoutMs) {
        ProbeResult p = controllerProbe(q, probes);
        if (p == null || p.answered()) {
            return null;
        }
        return new Finding(Severity.CRITICAL, "controller-not-answering", "controller",
                "controller " + q.leaderId() + " (broker) does not answer (" + p.endpoint() + ": " + p.problem()
                        + "): no leader elections anywhere, no ISR changes, no topic changes until ZooKeeper "
                        + "expires its session; " + moves(sessionTimeoutMs) + ", then another broker wins /controller",
                "wait: ZooKeeper moves the controller by itself (`watch triage`); start broker " + q.leaderId()
                        + " again once /brokers/ids/" + q.leaderId() + " is gone (a restart before that exits with "
                        + "NodeExistsException)");
    }

    /** "ZooKeeper moves it within ~18 s of its death (zookeeper.session.timeout.ms 18000...)". */
    public static String moves(Long sessionTimeoutMs) {
        long ms = sessionTimeoutMs == null ? DEFAULT_ZOOKEEPER_SESSION_TIMEOUT_MS : sessionTimeoutMs;
        return "ZooKeeper moves it within ~" + Math.max(1, (ms + 999) / 1000) + " s of its death "
                + "(zookeeper.session.timeout.ms " + ms + (sessionTimeoutMs == null
                ? ", the default: the brokers' setting could not be read" : ", as a live broker reports it") + ")";
    }

    /** The controller broker's probe, or null when it was not probed. */
    static ProbeResult controllerProbe(QuorumState q, List<ProbeResult> probes) {
        if (q == null || !q.zooKeeperMode() || !q.hasLeader() || probes == null) {
            return null;
        }
        return probes.stream().filter(p -> p.nodeId() != null && p.nodeId() == q.leaderId()).findFirst().orElse(null);
    }

    /** "controller 4 (broker), epoch 3, ZooKeeper 127.0.0.1:2181/kafka: standalone, 3 brokers registered". */
    public static String summary(QuorumState q) {
        String controller = q.hasLeader() ? "controller " + q.leaderId() + " (broker)" : "no controller";
        ZooKeeperState zk = q.zooKeeper();
        if (zk == null) {
            return controller + ", epoch unknown (ZooKeeper not checked)";
        }
        if (zk.error() != null) {
            return controller + ", epoch unknown (ZooKeeper unreadable)";
        }
        String modes = zk.servers().stream().map(s -> s.answered() ? s.mode() : "not answering")
                .filter(Objects::nonNull).reduce((a, b) -> a + "/" + b).orElse("servers not asked");
        return controller + ", epoch " + (q.leaderEpoch() < 0 ? "unknown" : q.leaderEpoch()) + ", ZooKeeper "
                + zk.connect() + ": " + modes + ", " + zk.registeredBrokers().size() + " brokers registered";
    }

    private static Optional<Finding> epochFinding(ClusterSnapshot now, ClusterSnapshot previous) {
        QuorumState q = now.quorum();
        if (previous == null || previous.quorum() == null || !previous.quorum().zooKeeperMode()
                || q.leaderEpoch() < 0 || previous.quorum().leaderEpoch() < 0
                || !Objects.equals(now.clusterId(), previous.clusterId())) {
            return Optional.empty();
        }
        long delta = q.leaderEpoch() - previous.quorum().leaderEpoch();
        if (delta >= 2) {
            return Optional.of(new Finding(Severity.WARNING, "controller-epoch-climbing", "controller",
                    "controller epoch climbed " + previous.quorum().leaderEpoch() + " -> " + q.leaderEpoch() + " ("
                            + delta + " elections): the controller keeps changing (ZooKeeper session expiries: GC "
                            + "pauses, network, an overloaded ensemble)",
                    "check the brokers' logs for session expiry; `watch quorum`"));
        }
        if (delta == 1) {
            return Optional.of(new Finding(Severity.INFO, "controller-changed", "controller",
                    "one controller election (epoch " + previous.quorum().leaderEpoch() + " -> " + q.leaderEpoch()
                            + ", controller " + previous.quorum().leaderId() + " -> " + q.leaderId() + ")", null));
        }
        return Optional.empty();
    }
}
