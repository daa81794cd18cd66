package dev.kshell.workflow.reassign;

import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.GateRefusal;
import dev.kshell.workflow.gate.MutationGate;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.rules.guard.Decision;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.reassign.MoveGuard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code reassign cancel PARTITION... | --all}: cancels reassignments in flight (each partition goes back to its
 * replica set before the move), then, when none is left in flight, removes every replication throttle (the rates on
 * the brokers, the throttled replicas on the topics), as Kafka's own tool does once moves end. With {@code --all}
 * and nothing in flight it clears throttles left behind. Confirmed (y/N or --yes) and audited.
 */
public final class CancelWorkflow {

    private final ClusterGateway gateway;
    private final AuditLog auditLog;

    public CancelWorkflow(ClusterGateway gateway, AuditLog auditLog) {
        this.gateway = gateway;
        this.auditLog = auditLog;
    }

    public record Result(ChangeReport report, ExitCode exitCode) {
    }

    /** What a cancel plans: the partitions, the throttles to clear, and the lines said before acting. */
    private record Planned(String clusterId, List<PartitionSpec> chosen, List<Integer> throttledBrokers,
                           List<String> throttledTopics, List<String> planned, List<String> lines) {
    }

    /** @param partitions the partitions named, or null for {@code --all} */
    public Result run(MoveAttempt attempt, List<PartitionSpec> partitions) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-cancel", auditLog, gateway));
        Planned p = gate.plan(() -> plan(gate, partitions));
        p.planned().forEach(op::note);
        List<String> lines = p.lines();
        String clusterId = p.clusterId();
        if (p.planned().isEmpty() && GatePolicy.pin(attempt.guard().withActualClusterId(clusterId)) == null) {
            String why = "nothing to cancel: no reassignment in flight and no throttle left behind";
            gate.ended(clusterId, AuditDecision.NOT_NEEDED, why, p.planned());
            lines.add(why);
            return result(clusterId, AuditDecision.NOT_NEEDED, why, p.planned(), List.of(), lines, ExitCode.OK);
        }
        String question = p.chosen().isEmpty() ? "Remove the replication throttles left behind?"
                : "Cancel " + p.chosen().size() + " reassignment" + (p.chosen().size() == 1 ? "" : "s")
                + (p.throttledBrokers().isEmpty() && p.throttledTopics().isEmpty() ? "" : " and remove the throttle")
                + "?";
        MutationGate.Pass pass;
        try {
            pass = gate.pass(clusterId, p.planned(), Risk.change(question));
        } catch (GateRefusal refused) {
            lines.add(refused.getMessage().startsWith("aborted") ? refused.getMessage()
                    : "refused: " + refused.getMessage() + (refused.alternative() == null ? ""
                    : " (" + refused.alternative() + ")"));
            return result(clusterId, AuditDecision.REFUSED, refused.getMessage(), p.planned(), List.of(), lines,
                    ExitCode.REFUSED);
        }
        if (pass.dryRun()) {
            lines.add("dry run: nothing was changed");
            return result(clusterId, AuditDecision.DRY_RUN, null, p.planned(), List.of(), lines, ExitCode.OK);
        }
        List<String> failed = pass.act(() -> cancel(p), f -> f.isEmpty() ? GateOutcome.succeeded(f)
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
        lines.add("audit: " + gate.auditPath());
        return result(clusterId, failed.isEmpty() ? AuditDecision.SUCCEEDED : AuditDecision.FAILED, null, p.planned(),
                failed, lines, failed.isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED);
    }

    private Planned plan(MutationGate gate, List<PartitionSpec> partitions) {
        String clusterId = gateway.clusterId();
        ReplicaMoves moves = gateway.replicaMoves();
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
        List<PartitionSpec> chosen = new ArrayList<>();
        List<String> notInFlight = new ArrayList<>();
        if (partitions == null) {
            chosen.addAll(inFlight.keySet());
        } else {
            for (PartitionSpec p : partitions) {
                if (inFlight.containsKey(p)) {
                    chosen.add(p);
                } else {
                    notInFlight.add(p.name());
                }
            }
        }
        if (!notInFlight.isEmpty() && chosen.isEmpty()) {
            throw gate.invalid("no reassignment in flight for " + String.join(", ", notInFlight)
                    + " (see `reassignments`)");
        }
        Set<Integer> live = new TreeSet<>();
        gateway.brokers().stream().filter(BrokerState::live).forEach(b -> live.add(b.id()));
        boolean noneLeft = chosen.size() == inFlight.size();
        ReplicaMoves.Throttles throttles = noneLeft ? moves.throttles(live, gateway.topicNames())
                : new ReplicaMoves.Throttles(Map.of(), Map.of());
        List<Integer> throttledBrokers = throttles.brokerRates().entrySet().stream()
                .filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        List<String> throttledTopics = throttles.topicLists().entrySet().stream()
                .filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        List<String> planned = new ArrayList<>();
        chosen.forEach(p -> planned.add("cancel " + p.name() + ": back to " + inFlight.get(p).replicas().stream()
                .filter(r -> !inFlight.get(p).adding().contains(r)).toList() + " (adding "
                + inFlight.get(p).adding() + " stops)"));
        throttledBrokers.forEach(b -> planned.add("remove the replication throttle of broker " + b));
        throttledTopics.forEach(t -> planned.add("remove the throttled replicas of topic " + t));
        List<String> lines = new ArrayList<>();
        notInFlight.forEach(n -> lines.add("not in flight (nothing to cancel): " + n));
        if (!noneLeft) {
            lines.add("the throttle stays: " + (inFlight.size() - chosen.size()) + " other reassignment(s) still in flight");
        }
        return new Planned(clusterId, chosen, throttledBrokers, throttledTopics, planned, lines);
    }

    /** The cancel itself, under the gate's approval: what failed, per part. */
    private List<String> cancel(Planned p) {
        ReplicaMoves moves = gateway.replicaMoves();
        List<String> failed = new ArrayList<>();
        moves.cancel(p.chosen()).forEach((part, why) -> why.ifPresent(w -> failed.add(part.name() + ": " + w)));
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

    private Result result(String clusterId, AuditDecision d, String reason, List<String> planned, List<String> failed,
                          List<String> lines, ExitCode code) {
        return new Result(new ChangeReport("reassign-cancel", clusterId, d.label(), reason, planned, failed, lines,
                auditLog.path().toString()), code);
    }
}
