package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicationFactorCut;
import dev.kshell.rules.guard.Risk;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

/**
 * {@code reassign restore-rf}: puts back the replication factor of the partitions kshell shrank
 * ({@code reassign evacuate --shrink}), once live brokers outside their replicas are there: a replica added on a
 * broker of the original set first, then on the live broker holding the fewest replicas; throttled like an
 * evacuation, watched to the end, the throttle removed, and the partitions forgotten. Confirmed and audited as
 * {@code reassign-restore-rf}.
 */
public final class RestoreRfWorkflow extends SteppedWorkflow {

    private final StateStore store;
    private final Duration poll;

    public RestoreRfWorkflow(ClusterGateway gateway, AuditLog auditLog, StateStore store, Duration poll) {
        super(gateway, "reassign-restore-rf", auditLog);
        this.store = store;
        this.poll = poll;
    }

    private record Planned(String clusterId, Map<PartitionSpec, EvacuationPlan.Move> moves, List<String> forget,
                           LiveBrokers live, List<String> planned, List<String> lines) {
    }

    /** @param throttle bytes/s per broker taking part (0: none) */
    public ChangeSteps.Result run(MoveAttempt attempt, long throttle) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-restore-rf", steps.auditLog(), gateway));
        Planned p = gate.plan(this::plan);
        List<String> lines = p.lines();
        if (p.moves().isEmpty()) {
            forget(p.clusterId(), p.forget(), lines);
            return steps.notNeeded(gate, p.clusterId(), p.lines().isEmpty() && p.forget().isEmpty()
                    ? "kshell remembers no partition running below its replication factor on this cluster"
                    : "nothing to restore now", p.planned(), lines);
        }
        long bytes = p.moves().values().stream().mapToLong(EvacuationPlan.Move::bytesToCopy).sum();
        ChangeSteps.Gated gated = steps.pass(gate, p.clusterId(), p.planned(), Risk.change("Put the replication factor "
                + "back for " + p.moves().size() + " partition" + (p.moves().size() == 1 ? "" : "s") + " (copies "
                + ByteSizes.human(bytes) + ")?"), () -> p.planned().forEach(op::note), lines);
        if (gated.pass() == null) {
            return gated.declined();
        }
        if (gated.pass().dryRun()) {
            return steps.dryRun(p.clusterId(), p.planned(), lines);
        }
        List<String> failed = new ArrayList<>();
        try {
            gated.pass().act(() -> restore(p, throttle, op, failed, lines),
                    done -> failed.isEmpty() ? GateOutcome.succeeded(done) : GateOutcome.failed(failed.size()
                            + " failed", failed));
        } catch (CancellationException | MoveWatch.Interrupted e) {
            op.progressDone();
            Thread.interrupted();
            lines.add("stopped watching: the reassignments go on (`reassignments` follows them); run `reassign "
                    + "restore-rf` again to watch them to the end and clear the throttle");
            return steps.end(p.clusterId(), AuditDecision.INTERRUPTED, "stopped watching", p.planned(), failed, lines,
                    ExitCode.CANCELLED);
        }
        failed.forEach(f -> lines.add("failed: " + f));
        List<String> restored = p.moves().keySet().stream().map(PartitionSpec::name)
                .filter(n -> failed.stream().noneMatch(f -> f.startsWith(n + ":"))).toList();
        List<String> forget = new ArrayList<>(p.forget());
        forget.addAll(restored);
        forget(p.clusterId(), forget, lines);
        lines.add("audit: " + gate.auditPath());
        return steps.end(p.clusterId(), failed.isEmpty() ? AuditDecision.SUCCEEDED : AuditDecision.FAILED, null,
                p.planned(), failed, lines, failed.isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED);
    }

    private List<String> restore(Planned p, long rate, MoveAttempt.Operator op, List<String> failed,
                                 List<String> lines) {
        ReplicaMoves moves = gateway.replicaMoves();
        MoveThrottle throttle = MoveThrottle.of(List.copyOf(p.moves().values()), p.live().ids(), rate)
                .set(moves, rate, op::note);
        Map<PartitionSpec, List<Integer>> targets = new LinkedHashMap<>();
        p.moves().forEach((spec, m) -> targets.put(spec, m.target()));
        List<PartitionSpec> sent = new ArrayList<>();
        moves.alter(targets).forEach((spec, why) -> {
            if (why.isPresent()) {
                failed.add(spec.name() + ": " + why.get());
            } else {
                sent.add(spec);
            }
        });
        new MoveWatch(gateway, poll).watch(new LinkedHashSet<>(sent), p.moves(), op);
        op.progressDone();
        if (throttle.active()) {
            List<String> left = throttle.remove(moves);
            left.forEach(w -> lines.add("warning: " + w));
            if (left.isEmpty()) {
                lines.add(throttle.removedLine());
            }
        }
        sent.forEach(spec -> lines.add("restored " + spec.name() + ": replicas " + p.moves().get(spec).target()));
        return sent.stream().map(PartitionSpec::name).toList();
    }

    private Planned plan() {
        String clusterId = gateway.clusterId();
        Map<String, ReplicationFactorCut> shrunk = store.load(clusterId).memory().shrunk();
        List<String> lines = new ArrayList<>();
        List<String> planned = new ArrayList<>();
        List<String> forget = new ArrayList<>();
        Map<PartitionSpec, EvacuationPlan.Move> moves = new LinkedHashMap<>();
        if (shrunk.isEmpty()) {
            return new Planned(clusterId, moves, forget, new LiveBrokers(Set.of(), Set.of()), planned, lines);
        }
        ClusterSnapshot s = gateway.snapshot(null, false);
        LiveBrokers live = LiveBrokers.of(gateway, s.brokers());
        Map<Integer, Integer> load = new HashMap<>();
        EvacuationPlanning.partitions(s).forEach(p -> p.replicas().forEach(r -> load.merge(r, 1, Integer::sum)));
        ReplicaMoves.LogDirUsage usage = gateway.replicaMoves().logDirs(live.ids());
        Map<Integer, Map<PartitionSpec, Long>> sizes = usage.sizes();
        Set<Integer> takers = new TreeSet<>(live.ids());
        takers.removeAll(usage.cordoned()); // Kafka refuses a new replica on a broker whose every log dir is cordoned
        for (ReplicationFactorCut cut : shrunk.values()) {
            PartitionState now = s.partition(cut.partition()).orElse(null);
            if (now == null || now.replicas().size() >= cut.factor()) {
                forget.add(cut.partition());
                lines.add(cut.partition() + ": " + (now == null ? "no longer exists" : "already at replication factor "
                        + now.replicas().size()) + ": forgotten");
                continue;
            }
            List<Integer> picked = pick(cut, now, takers, load);
            if (picked.size() < cut.factor() - now.replicas().size()) {
                lines.add(cut.partition() + ": waits: replication factor " + now.replicas().size() + " of "
                        + cut.factor() + ", and " + (cut.factor() - now.replicas().size() - picked.size())
                        + " more live broker(s) outside its replicas " + now.replicas() + " are needed (start broker "
                        + EvacuateWorkflow.join(cut.originalReplicas().stream().filter(r -> !now.replicas().contains(r))
                        .toList()) + ", or add one)");
                continue;
            }
            PartitionSpec spec = new PartitionSpec(now.topic(), now.partition());
            List<Integer> target = new ArrayList<>(now.replicas());
            target.addAll(picked);
            long bytes = now.leader() == null ? -1 : sizes.getOrDefault(now.leader(), Map.of()).getOrDefault(spec, -1L);
            moves.put(spec, new EvacuationPlan.Move(now.topic(), now.partition(), now.replicas(), target, picked,
                    List.of(), bytes));
            planned.add("restore " + cut.partition() + ": " + now.replicas() + " -> " + target + " (replication "
                    + "factor " + now.replicas().size() + " -> " + target.size() + ", " + (bytes < 0 ? "size unknown"
                    : ByteSizes.human(bytes) + " per new copy") + ")");
        }
        return new Planned(clusterId, moves, forget, live, planned, lines);
    }

    /** The brokers to add: the original ones that are live again first, then the least loaded live ones. */
    private static List<Integer> pick(ReplicationFactorCut cut, PartitionState now, Set<Integer> live,
                                      Map<Integer, Integer> load) {
        int need = cut.factor() - now.replicas().size();
        List<Integer> out = new ArrayList<>();
        cut.originalReplicas().stream().filter(r -> live.contains(r) && !now.replicas().contains(r))
                .limit(need).forEach(out::add);
        live.stream().filter(b -> !now.replicas().contains(b) && !out.contains(b))
                .sorted(Comparator.<Integer>comparingInt(b -> load.getOrDefault(b, 0)).thenComparing(b -> b))
                .limit(need - out.size()).forEach(out::add);
        return out;
    }

    private void forget(String clusterId, List<String> partitions, List<String> lines) {
        if (partitions.isEmpty()) {
            return;
        }
        try {
            store.recordShrunk(clusterId, Map.of(), partitions, Instant.now());
        } catch (RuntimeException e) {
            lines.add("warning: kshell could not forget " + partitions + " (" + e.getMessage() + ")");
        }
    }
}
