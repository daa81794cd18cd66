package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.rules.reassign.EvacuationPlanner;
import dev.kshell.workflow.gate.MutationGate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The evacuation's plan: a fresh snapshot, the answering live brokers' log directories (sizes, free space), the
 * reassignments already in flight (planned from where they are going, never sent again), {@link EvacuationPlanner},
 * and what kshell remembers of the partitions with no live copy.
 */
record EvacuationPlanning(ClusterGateway gateway, StateStore store) {

    /**
     * What planning read, besides the plan.
     *
     * @param alreadyMoving partitions already moving off the brokers: watched, not sent again
     * @param live          the live brokers that answer (the only ones asked anything)
     * @param cordon        the live evacuated brokers whose log directories are cordoned before the moves (Kafka 4.3+,
     *                      KIP-1066: no new replica lands on a broker being drained)
     * @param cordonNote    why nothing is cordoned on a live evacuated broker (an older release), or null
     */
    record Planned(ClusterSnapshot snapshot, EvacuationPlan plan, Set<PartitionSpec> alreadyMoving, LiveBrokers live,
                   Set<Integer> cordon, String cordonNote) {
    }

    Planned plan(MutationGate gate, EvacuateWorkflow.Request request, MoveAttempt.Operator op) {
        ClusterSnapshot s = gate.plan(this::wholeSnapshot);
        Set<Integer> known = new TreeSet<>();
        s.brokers().forEach(b -> known.add(b.id()));
        partitions(s).forEach(p -> known.addAll(p.replicas()));
        List<Integer> unknown = request.brokers().stream().filter(b -> !known.contains(b)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw gate.invalid("broker " + EvacuateWorkflow.join(unknown) + " is not registered and holds no replica "
                    + "(known brokers: " + EvacuateWorkflow.join(new ArrayList<>(known)) + ")");
        }
        Set<PartitionSpec> alreadyMoving = new LinkedHashSet<>();
        LiveBrokers live = gate.plan(() -> LiveBrokers.of(gateway, s.brokers()));
        if (live.note() != null) {
            op.note("note: " + live.note());
        }
        EvacuationPlan plan = gate.plan(() -> plan(s, live, request, op, alreadyMoving));
        Set<Integer> draining = new TreeSet<>(request.brokers());
        draining.retainAll(live.ids());
        ClusterCapabilities caps = draining.isEmpty() ? null : gate.plan(gateway::capabilities);
        boolean cordons = caps != null && caps.mode() != ClusterCapabilities.Mode.ZOOKEEPER && atLeast(caps.version(), 4, 3);
        String cordonNote = caps == null || cordons ? null : "broker " + EvacuateWorkflow.join(draining) + " is live; "
                + caps.describe() + " cannot cordon log directories (cordoned.log.dirs, KIP-1066, came with Kafka 4.3): "
                + "a new topic may still place replicas on it while it is drained";
        return new Planned(s, plan, alreadyMoving, live, cordons ? draining : Set.of(), cordonNote);
    }

    /** How often a snapshot with topics listed but not described is read again before the plan gives up. */
    static final int READS = 3;

    /**
     * The snapshot the plan stands on, with every listed topic described. A topic listed and then answered "unknown"
     * is left out of a read (a topic deleted meanwhile); a plan on such a read would say "holds no replica" of a
     * broker whose replicas it never saw. Seen on Kafka 3.9 in ZooKeeper mode a moment after a kill -9: the broker
     * that answered describeTopics did not know a topic another had listed. Read again; if topics stay unread, no
     * plan is made.
     */
    private ClusterSnapshot wholeSnapshot() {
        ClusterSnapshot s = gateway.snapshot(null, false);
        for (int read = 1; read < READS && !s.skippedTopics().isEmpty(); read++) {
            try {
                Thread.sleep(500L * read);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.util.concurrent.CancellationException("interrupted while reading the topics again");
            }
            s = gateway.snapshot(null, false);
        }
        if (!s.skippedTopics().isEmpty()) {
            throw new ClusterException(ClusterException.Kind.UNREACHABLE, "topic" + (s.skippedTopics().size() == 1
                    ? " " : "s ") + String.join(", ", s.skippedTopics()) + " listed but answered \"unknown\" when "
                    + "described, " + READS + " reads in a row (being deleted, or a broker's metadata behind): no plan "
                    + "without their replicas; run it again");
        }
        return s;
    }

    /** Whether a release line ("4.4", "3.9") is at least major.minor; false when unknown. */
    static boolean atLeast(String version, int major, int minor) {
        if (version == null) {
            return false;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)").matcher(version);
        if (!m.find()) {
            return false;
        }
        int a = Integer.parseInt(m.group(1));
        int b = Integer.parseInt(m.group(2));
        return a > major || (a == major && b >= minor);
    }

    private EvacuationPlan plan(ClusterSnapshot s, LiveBrokers live, EvacuateWorkflow.Request request,
                                MoveAttempt.Operator op, Set<PartitionSpec> alreadyMoving) {
        ReplicaMoves.LogDirUsage usage;
        try {
            usage = gateway.replicaMoves().logDirs(live.ids());
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw e;
            }
            op.note("warning: replica sizes not read (" + e.getMessage() + "): bytes and time are unknown");
            usage = new ReplicaMoves.LogDirUsage(Map.of(), Map.of(), Map.of());
        }
        usage.errors().values().forEach(e -> op.note("warning: " + e));
        Set<Integer> cordoned = new TreeSet<>(usage.cordoned());
        cordoned.removeAll(request.brokers());
        if (!cordoned.isEmpty()) {
            op.note("note: broker " + EvacuateWorkflow.join(new ArrayList<>(cordoned)) + " is cordoned (every log "
                    + "directory): it keeps its replicas and takes no new one");
        }
        List<PartitionState> current = current(s, request, alreadyMoving);
        if (!alreadyMoving.isEmpty()) {
            op.note(alreadyMoving.size() + " partition" + (alreadyMoving.size() == 1 ? " is" : "s are")
                    + " already moving off broker " + EvacuateWorkflow.join(request.brokers())
                    + ": watched, not sent again");
        }
        // a broker that does not answer is planned as down: nothing is placed on it, nothing is read from it
        List<dev.kshell.model.BrokerState> brokers = s.brokers().stream().map(b -> live.silent().contains(b.id())
                ? new dev.kshell.model.BrokerState(b.id(), b.host(), b.port(), b.rack(), true) : b).toList();
        EvacuationPlan plan = EvacuationPlanner.plan(new EvacuationPlanner.Input(current, brokers,
                request.brokers(), usage.sizes(), usage.usable(), request.throttle(), request.shrink(), cordoned));
        return plan.withLost(plan.lost().stream().map(l -> l.withWhatIsLost(whatIsLost(s.clusterId(), l.name())))
                .toList());
    }

    /** Every partition as the plan sees it: one in flight as where it is going (its target). */
    private List<PartitionState> current(ClusterSnapshot s, EvacuateWorkflow.Request request,
                                         Set<PartitionSpec> alreadyMoving) {
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = gateway.replicaMoves().inFlight();
        List<PartitionState> current = new ArrayList<>();
        for (PartitionState p : partitions(s)) {
            ReplicaMoves.InFlight f = inFlight.get(new PartitionSpec(p.topic(), p.partition()));
            if (f == null) {
                current.add(p);
                continue;
            }
            List<Integer> target = f.target();
            if (target.stream().noneMatch(request.brokers()::contains)) {
                alreadyMoving.add(new PartitionSpec(p.topic(), p.partition()));
            }
            current.add(new PartitionState(p.topic(), p.partition(), p.leader(), target,
                    p.isr().stream().filter(target::contains).toList(), p.elr(), p.lastKnownElr()));
        }
        return current;
    }

    private String whatIsLost(String clusterId, String partition) {
        try {
            return store.lookup(clusterId, partition)
                    .map(o -> "records up to offset " + o.highest() + " (remembered " + o.seenAt() + ")")
                    .orElse("unknown (kshell remembers no offsets of it)");
        } catch (RuntimeException e) {
            return "unknown (the remembered offsets cannot be read: " + e.getMessage() + ")";
        }
    }

    static List<PartitionState> partitions(ClusterSnapshot s) {
        List<PartitionState> out = new ArrayList<>();
        for (TopicState t : s.topics()) {
            out.addAll(t.partitions());
        }
        return out;
    }
}
