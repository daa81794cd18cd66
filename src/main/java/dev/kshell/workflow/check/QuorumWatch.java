package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.rules.QuorumStability;
import dev.kshell.rules.TriageInput;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumState;
import dev.kshell.memory.QuorumMemory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.TreeMap;

/**
 * No history is not stability: when kshell remembers nothing earlier of a cluster's quorum, it watches it for
 * {@link QuorumStability#MIN_WATCH} (a quorum read and a probe of the voters, or in ZooKeeper mode of the brokers, about every second, each
 * recorded) before
 * judging, and the judgement says how long it watched. Ends early when the leader changes or stops answering.
 */
final class QuorumWatch {

    /** Between two reads of the watch. */
    static final Duration EVERY = Duration.ofSeconds(1);
    /** Each read of the watch. */
    static final Duration READ_DEADLINE = Duration.ofSeconds(3);

    private final ClusterGateway gateway;
    private final QuorumMemory memory;
    private final TriageService.Prober prober;
    private final Duration watch;

    /** @param watch how long to watch at least (from kshell's first read): {@link QuorumStability#MIN_WATCH} */
    QuorumWatch(ClusterGateway gateway, QuorumMemory memory, TriageService.Prober prober, Duration watch) {
        this.gateway = gateway;
        this.memory = memory;
        this.prober = prober;
        this.watch = watch;
    }

    /** Node ids that answered / did not answer the probes made with a read (voters in KRaft, brokers in ZK mode). */
    record Answers(List<Integer> answering, List<Integer> silent) {
        static final Answers NONE = new Answers(null, null);
    }

    /** True when the judgement is unknown only because kshell has not watched long enough yet. */
    static boolean needed(QuorumStability s, ClusterSnapshot now, Duration watch) {
        return !watch.isZero() && s != null && s.kind() == QuorumStability.Kind.UNKNOWN && now.quorum() != null
                && now.quorum().hasLeader() && now.clusterId() != null
                && (s.watchedFor() == null || s.watchedFor().compareTo(watch) < 0);
    }

    /** The probes of a triage as evidence: the voters in KRaft, the brokers (the controller is one) in ZK mode. */
    static Answers answers(ClusterSnapshot now, TriageInput in) {
        boolean zooKeeper = now.quorum() != null && now.quorum().zooKeeperMode();
        return of(zooKeeper ? in.brokerProbes() : in.voterProbes());
    }

    static Answers of(List<ProbeResult> probes) {
        if (probes == null || probes.isEmpty()) {
            return Answers.NONE;
        }
        List<Integer> answering = new ArrayList<>();
        List<Integer> silent = new ArrayList<>();
        for (ProbeResult p : probes) {
            if (p.nodeId() != null) {
                (p.answered() ? answering : silent).add(p.nodeId());
            }
        }
        return new Answers(answering, silent);
    }

    /**
     * Watches until {@link QuorumStability#MIN_WATCH} has passed since kshell's first read, or the judgement is no
     * longer UNKNOWN. A failed read ends the watch (the judgement stays unknown and says how long it watched).
     *
     * @throws CancellationException when the calling thread is interrupted (Ctrl-C)
     */
    QuorumStability watch(ClusterSnapshot first, QuorumStability judged, List<String> warnings) {
        QuorumStability s = judged;
        ClusterGateway timed = gateway.withTimeout(READ_DEADLINE);
        long until = System.nanoTime() + watch.toNanos() + READ_DEADLINE.toNanos(); // whatever the memory's clock says
        while (s.kind() == QuorumStability.Kind.UNKNOWN && System.nanoTime() < until
                && (s.watchedFor() == null || s.watchedFor().compareTo(watch) < 0)) {
            try {
                Thread.sleep(EVERY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("triage interrupted while watching the quorum");
            }
            QuorumState q;
            try {
                q = timed.quorum();
            } catch (RuntimeException e) {
                return s; // the quorum stopped answering: step 1's own findings say so; stability stays unknown
            }
            Answers answers = of(prober.probe(gateway.target(), targets(first, q)));
            QuorumMemory.Known known = memory.record(first.clusterId(),
                    memory.observe(q).withProbes(answers.answering(), answers.silent()));
            if (known.warning() != null) {
                warnings.add(known.warning());
            }
            s = memory.stability(known.terms());
        }
        return s;
    }

    /** Every voter's own endpoint in KRaft, every broker's in ZooKeeper mode (the controller is one of them). */
    private static List<NodeProbe.Target> targets(ClusterSnapshot first, QuorumState q) {
        List<NodeProbe.Target> out = new ArrayList<>();
        if (q.zooKeeperMode()) {
            for (BrokerState b : first.brokers()) {
                out.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            }
            return out;
        }
        Map<Integer, String> endpoints = !q.voterEndpoints().isEmpty() ? q.voterEndpoints()
                : first.quorum() == null ? Map.of() : first.quorum().voterEndpoints();
        new TreeMap<>(endpoints).forEach((id, e) -> out.add(new NodeProbe.Target(id, "controller", e)));
        return out;
    }
}
