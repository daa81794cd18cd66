package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.guard.Risk;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code reassign throttle RATE}: changes the replication throttle of the moves in flight, whoever started them,
 * without restarting them: the rate on every live broker taking part (as Kafka's tool sets it), and the throttled
 * replicas on a topic that has none (a rate only bounds throttled replicas). Confirmed (y/N or --yes), audited as
 * {@code reassign-throttle}. The moves' end (kshell's watch, {@code reassign cancel}) removes it as before.
 */
public final class ThrottleWorkflow extends SteppedWorkflow {

    public ThrottleWorkflow(ClusterGateway gateway, AuditLog auditLog) {
        super(gateway, "reassign-throttle", auditLog);
    }

    private record Planned(String clusterId, MoveThrottle throttle, List<String> planned, List<String> lines) {
    }

    /** @param rate bytes/s per broker taking part, each way (more than 0) */
    public ChangeSteps.Result run(MoveAttempt attempt, long rate) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-throttle", steps.auditLog(), gateway));
        Planned p = gate.plan(() -> plan(rate));
        List<String> lines = p.lines();
        if (p.planned().isEmpty()) {
            return steps.notNeeded(gate, p.clusterId(), "no reassignment in flight: nothing to throttle (a throttle "
                    + "left behind is cleared by `reassign cancel --all`)", p.planned(), lines);
        }
        ChangeSteps.Gated gated = steps.pass(gate, p.clusterId(), p.planned(), Risk.change("Set the replication "
                + "throttle to " + ByteSizes.rate(rate) + " on broker" + (p.throttle().brokers().size() == 1 ? " " : "s ")
                + EvacuateWorkflow.join(p.throttle().brokers()) + "?"), () -> p.planned().forEach(op::note), lines);
        if (gated.pass() == null) {
            return gated.declined();
        }
        if (gated.pass().dryRun()) {
            return steps.dryRun(p.clusterId(), p.planned(), lines);
        }
        List<String> failed = new ArrayList<>();
        gated.pass().act(() -> p.throttle().set(gateway.replicaMoves(), rate, failed::add),
                set -> failed.isEmpty() ? GateOutcome.succeeded(set.brokers())
                        : GateOutcome.failed(failed.size() + " not set", failed));
        failed.forEach(lines::add);
        lines.add("throttle " + ByteSizes.rate(rate) + " on broker" + (p.throttle().brokers().size() == 1 ? " " : "s ")
                + EvacuateWorkflow.join(p.throttle().brokers()) + (failed.isEmpty() ? "" : " (but what failed above)")
                + ": `reassignments` shows the rate the moves now make (Kafka's throttle lets a whole fetch through "
                + "at a time, so the rate seen is bursty)");
        lines.add("audit: " + gate.auditPath());
        return steps.end(p.clusterId(), failed.isEmpty() ? AuditDecision.SUCCEEDED : AuditDecision.FAILED, null,
                p.planned(), failed, lines, failed.isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED);
    }

    private Planned plan(long rate) {
        String clusterId = gateway.clusterId();
        ReplicaMoves moves = gateway.replicaMoves();
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
        List<String> lines = new ArrayList<>();
        if (inFlight.isEmpty()) {
            return new Planned(clusterId, new MoveThrottle(java.util.Set.of(), Map.of(), false), List.of(), lines);
        }
        LiveBrokers live = LiveBrokers.of(gateway, gateway.brokers());
        if (live.note() != null) {
            lines.add("note: " + live.note());
        }
        List<MoveThrottle.Part> parts = new ArrayList<>();
        inFlight.forEach((p, f) -> parts.add(new MoveThrottle.Part(p.topic(), p.partition(),
                f.replicas().stream().filter(r -> !f.adding().contains(r)).toList(), f.adding())));
        MoveThrottle wanted = MoveThrottle.ofParts(parts, live.ids(), rate);
        ReplicaMoves.Throttles now = moves.throttles(wanted.brokers(), wanted.topicLists().keySet());
        // the topics' lists: only where none is set (a list set by whoever started the move is theirs to keep)
        Map<String, Map<String, String>> missing = new TreeMap<>();
        wanted.topicLists().forEach((t, l) -> {
            if (now.topicLists().getOrDefault(t, Map.of()).isEmpty()) {
                missing.put(t, l);
            }
        });
        MoveThrottle throttle = new MoveThrottle(wanted.brokers(), missing, true);
        List<String> planned = new ArrayList<>();
        for (int b : wanted.brokers()) {
            Map<String, String> rates = now.brokerRates().getOrDefault(b, Map.of());
            String before = rates.isEmpty() ? "none" : String.join(" / ", rates.values().stream().distinct()
                    .map(ThrottleWorkflow::rate).toList());
            planned.add("broker " + b + ": replication throttle " + before + " -> " + ByteSizes.rate(rate));
        }
        missing.forEach((t, l) -> planned.add("topic " + t + ": throttled replicas leader side "
                + l.getOrDefault(ReplicaMoves.LEADER_REPLICAS, "-") + ", follower side "
                + l.getOrDefault(ReplicaMoves.FOLLOWER_REPLICAS, "-") + " (none were set: the rate bounds only "
                + "throttled replicas)"));
        return new Planned(clusterId, throttle, planned, lines);
    }

    private static String rate(String value) {
        try {
            return ByteSizes.rate(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return value;
        }
    }
}
