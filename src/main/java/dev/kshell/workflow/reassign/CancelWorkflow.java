package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.Risk;
import dev.kshell.rules.reassign.CancelCheck;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code reassign cancel PARTITION... | --all}: cancels reassignments in flight (each partition goes back to its
 * replica set before the move), then, when none is left in flight, removes every replication throttle (the rates on
 * the brokers, the throttled replicas on the topics), as Kafka's own tool does once moves end. With {@code --all}
 * and nothing in flight it clears throttles left behind. A cancel whose old replicas hold no live in-sync replica is
 * refused in the plan, per partition ({@link CancelCheck}); the rest goes ahead. Confirmed (y/N or --yes), audited.
 */
public final class CancelWorkflow extends SteppedWorkflow {

    public CancelWorkflow(ClusterGateway gateway, AuditLog auditLog) {
        super(gateway, "reassign-cancel", auditLog);
    }

    /** What a cancel plans: the partitions, those refused, the throttles to clear, and the lines said before acting. */
    private record Planned(String clusterId, List<PartitionSpec> chosen, List<CancelCheck.Refused> refused,
                           List<Integer> throttledBrokers, List<String> throttledTopics, List<String> planned,
                           List<String> lines) {
    }

    /** @param partitions the partitions named, or null for {@code --all} */
    public ChangeSteps.Result run(MoveAttempt attempt, List<PartitionSpec> partitions) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-cancel", steps.auditLog(), gateway));
        Planned p = gate.plan(() -> plan(gate, partitions));
        List<String> lines = p.lines();
        String clusterId = p.clusterId();
        boolean pinned = GatePolicy.pin(attempt.guard().withActualClusterId(clusterId)) != null;
        if (p.chosen().isEmpty() && !p.refused().isEmpty() && !pinned) {
            return steps.refused(gate, clusterId, refusedReason(p.refused()), p.refused().get(0).instead(),
                    p.planned(), lines);
        }
        p.planned().forEach(op::note);
        if (p.planned().isEmpty() && !pinned) {
            return steps.notNeeded(gate, clusterId, "nothing to cancel: no reassignment in flight and no throttle "
                    + "left behind", p.planned(), lines);
        }
        String question = p.chosen().isEmpty() ? "Remove the replication throttles left behind?"
                : "Cancel " + p.chosen().size() + " reassignment" + (p.chosen().size() == 1 ? "" : "s")
                + (p.throttledBrokers().isEmpty() && p.throttledTopics().isEmpty() ? "" : " and remove the throttle")
                + (p.refused().isEmpty() ? "" : " (" + p.refused().size() + " refused above)") + "?";
        ChangeSteps.Gated gated = steps.pass(gate, clusterId, p.planned(), Risk.change(question), () -> { }, lines);
        if (gated.pass() == null) {
            return gated.declined();
        }
        if (gated.pass().dryRun()) {
            return steps.dryRun(clusterId, p.planned(), lines);
        }
        List<String> failed = gated.pass().act(() -> cancel(p), f -> f.isEmpty() ? GateOutcome.succeeded(f)
                : GateOutcome.failed(f.size() + " failed", f));
        failed.forEach(f -> lines.add("failed: " + f));
        if (!p.chosen().isEmpty()) {
            lines.add("cancelled " + (p.chosen().size() - failed.stream().filter(f -> !f.startsWith("throttle")).count())
                    + " reassignment(s)");
        }
        if (!p.throttledBrokers().isEmpty() || !p.throttledTopics().isEmpty()) {
            lines.add("throttle removed from " + (p.throttledBrokers().isEmpty() ? "" : "broker(s) "
                    + EvacuateWorkflow.join(p.throttledBrokers())) + (p.throttledBrokers().isEmpty()
                    || p.throttledTopics().isEmpty() ? "" : " and ") + (p.throttledTopics().isEmpty() ? ""
                    : "topic(s) " + String.join(", ", p.throttledTopics())));
        }
        p.refused().forEach(r -> lines.add("not cancelled: " + r.partition() + " (refused above: " + r.instead() + ")"));
        lines.add("audit: " + gate.auditPath());
        ExitCode code = (failed.isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED)
                .worst(p.refused().isEmpty() ? ExitCode.OK : ExitCode.REFUSED);
        return steps.end(clusterId, failed.isEmpty() ? AuditDecision.SUCCEEDED : AuditDecision.FAILED, null,
                p.planned(), failed, lines, code);
    }

    private static String refusedReason(List<CancelCheck.Refused> refused) {
        return refused.size() == 1 ? "cancel of " + refused.get(0).partition() + ": " + refused.get(0).reason()
                : "every cancel asked would need an unclean election: " + String.join(", ",
                refused.stream().map(CancelCheck.Refused::partition).toList());
    }

    private Planned plan(MutationGate gate, List<PartitionSpec> partitions) {
        String clusterId = gateway.clusterId();
        ReplicaMoves moves = gateway.replicaMoves();
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
        List<PartitionSpec> asked = new ArrayList<>();
        List<String> notInFlight = new ArrayList<>();
        if (partitions == null) {
            asked.addAll(inFlight.keySet());
        } else {
            for (PartitionSpec p : partitions) {
                if (inFlight.containsKey(p)) {
                    asked.add(p);
                } else {
                    notInFlight.add(p.name());
                }
            }
        }
        if (!notInFlight.isEmpty() && asked.isEmpty()) {
            throw gate.invalid("no reassignment in flight for " + String.join(", ", notInFlight)
                    + " (see `reassignments`)");
        }
        List<String> lines = new ArrayList<>();
        Set<String> topics = new TreeSet<>();
        asked.forEach(p -> topics.add(p.topic()));
        ClusterSnapshot s = topics.isEmpty() ? null : gateway.snapshot(List.copyOf(topics), false);
        LiveBrokers live = LiveBrokers.of(gateway, s == null ? gateway.brokers() : s.brokers());
        if (live.note() != null) {
            lines.add("note: " + live.note());
        }
        List<CancelCheck.Moving> moving = asked.stream().map(p -> new CancelCheck.Moving(p.name(),
                s == null ? null : s.partition(p).orElse(null), inFlight.get(p).replicas(),
                inFlight.get(p).adding())).toList();
        CancelCheck.Verdict verdict = CancelCheck.check(moving, live.ids());
        List<PartitionSpec> chosen = asked.stream().filter(p -> verdict.safe().contains(p.name())).toList();
        boolean noneLeft = chosen.size() == inFlight.size();
        ReplicaMoves.Throttles throttles = noneLeft ? moves.throttles(live.ids(), gateway.topicNames())
                : new ReplicaMoves.Throttles(Map.of(), Map.of());
        List<Integer> throttledBrokers = throttles.brokerRates().entrySet().stream()
                .filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        List<String> throttledTopics = throttles.topicLists().entrySet().stream()
                .filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        List<String> planned = new ArrayList<>();
        verdict.refused().forEach(r -> planned.add("refused: cancel " + r.partition() + ": " + r.reason()
                + "; instead: " + r.instead()));
        chosen.forEach(p -> planned.add("cancel " + p.name() + ": back to " + inFlight.get(p).replicas().stream()
                .filter(r -> !inFlight.get(p).adding().contains(r)).toList() + " (adding "
                + inFlight.get(p).adding() + " stops)"));
        throttledBrokers.forEach(b -> planned.add("remove the replication throttle of broker " + b));
        throttledTopics.forEach(t -> planned.add("remove the throttled replicas of topic " + t));
        notInFlight.forEach(n -> lines.add("not in flight (nothing to cancel): " + n));
        if (!noneLeft && !chosen.isEmpty()) {
            lines.add("the throttle stays: " + (inFlight.size() - chosen.size()) + " other reassignment(s) still in "
                    + "flight");
        }
        return new Planned(clusterId, chosen, verdict.refused(), throttledBrokers, throttledTopics, planned, lines);
    }

    /** The cancel itself, under the gate's approval: what failed, per part. */
    private List<String> cancel(Planned p) {
        ReplicaMoves moves = gateway.replicaMoves();
        List<String> failed = new ArrayList<>();
        if (!p.chosen().isEmpty()) {
            moves.cancel(p.chosen()).forEach((part, why) -> why.ifPresent(w -> failed.add(part.name() + ": " + w)));
        }
        if (!p.throttledBrokers().isEmpty()) {
            moves.removeBrokerRate(p.throttledBrokers()).forEach((b, why) -> why.ifPresent(w ->
                    failed.add("throttle of broker " + b + ": " + w)));
        }
        if (!p.throttledTopics().isEmpty()) {
            moves.removeTopicThrottle(p.throttledTopics()).forEach((t, why) -> why.ifPresent(w ->
                    failed.add("throttled replicas of topic " + t + ": " + w)));
        }
        return failed;
    }
}
