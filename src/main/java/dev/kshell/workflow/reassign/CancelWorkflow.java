package dev.kshell.workflow.reassign;

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

    /** @param partitions the partitions named, or null for {@code --all} */
    public Result run(MoveAttempt attempt, List<PartitionSpec> partitions) {
        MoveAttempt.Operator op = attempt.operator();
        String clusterId = gateway.clusterId();
        MoveAudit audit = new MoveAudit(auditLog, clusterId, gateway.target().endpoints(), attempt.commandLine(),
                attempt.origin(), "reassign-cancel", op::note);
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
            String why = "no reassignment in flight for " + String.join(", ", notInFlight)
                    + " (see `reassignments`)";
            audit.ended(AuditDecision.INVALID, why, null);
            throw new KshellFailure(ExitCode.USAGE, why);
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
        planned.forEach(l -> op.note(l));
        Decision early = MoveGuard.common(attempt.guard().withActualClusterId(clusterId));
        if (early != null && early.kind() == Decision.Kind.REFUSE) {
            audit.ended(AuditDecision.REFUSED, early.reason(), planned);
            return result(clusterId, AuditDecision.REFUSED, early.reason(), planned, List.of(), lines, ExitCode.REFUSED);
        }
        if (planned.isEmpty()) {
            String why = "nothing to cancel: no reassignment in flight and no throttle left behind";
            audit.ended(AuditDecision.NOT_NEEDED, why, planned);
            lines.add(why);
            return result(clusterId, AuditDecision.NOT_NEEDED, why, planned, List.of(), lines, ExitCode.OK);
        }
        if (early != null) {
            audit.ended(AuditDecision.DRY_RUN, null, planned);
            lines.add("dry run: nothing was changed");
            return result(clusterId, AuditDecision.DRY_RUN, null, planned, List.of(), lines, ExitCode.OK);
        }
        String question = chosen.isEmpty() ? "Remove the replication throttles left behind?"
                : "Cancel " + chosen.size() + " reassignment" + (chosen.size() == 1 ? "" : "s")
                + (throttledBrokers.isEmpty() && throttledTopics.isEmpty() ? "" : " and remove the throttle") + "?";
        Decision d = MoveGuard.yesNo(attempt.guard().withActualClusterId(clusterId), question);
        String approval = "--yes";
        if (d.kind() == Decision.Kind.REFUSE) {
            audit.ended(AuditDecision.REFUSED, d.reason(), planned);
            lines.add("refused: " + d.reason() + " (" + d.alternative() + ")");
            return result(clusterId, AuditDecision.REFUSED, d.reason(), planned, List.of(), lines, ExitCode.REFUSED);
        }
        if (d.kind() == Decision.Kind.PROCEED_AFTER_CONFIRM) {
            String answer = op.ask(d.confirmation().prompt());
            if (!d.confirmation().accepts(answer)) {
                String why = answer == null ? "no answer" : "answered no";
                audit.ended(AuditDecision.ABORTED, why, planned);
                lines.add("aborted: " + why + "; nothing was changed");
                return result(clusterId, AuditDecision.ABORTED, why, planned, List.of(), lines, ExitCode.REFUSED);
            }
            approval = "answered y";
        }
        AuditEntry confirmed = audit.confirmed(approval, null, planned);
        List<String> failed = new ArrayList<>();
        try {
            moves.cancel(chosen).forEach((p, why) -> why.ifPresent(w -> failed.add(p.name() + ": " + w)));
            if (!throttledBrokers.isEmpty()) {
                moves.removeBrokerRate(throttledBrokers).forEach((b, why) -> why.ifPresent(w ->
                        failed.add("throttle of broker " + b + ": " + w)));
            }
            if (!throttledTopics.isEmpty()) {
                moves.removeTopicThrottle(throttledTopics).forEach((t, why) -> why.ifPresent(w ->
                        failed.add("throttled replicas of topic " + t + ": " + w)));
            }
        } catch (RuntimeException e) {
            audit.closing(confirmed, e instanceof ClusterException c && c.kind() == ClusterException.Kind.UNREACHABLE
                    ? AuditDecision.UNKNOWN : AuditDecision.FAILED, e.getMessage(), failed);
            throw e;
        }
        AuditDecision closing = failed.isEmpty() ? AuditDecision.SUCCEEDED : AuditDecision.FAILED;
        boolean recorded = audit.closing(confirmed, closing, failed.isEmpty() ? null : failed.size() + " failed", failed);
        failed.forEach(f -> lines.add("failed: " + f));
        if (!chosen.isEmpty()) {
            lines.add("cancelled " + (chosen.size() - failed.stream().filter(f -> !f.startsWith("throttle")).count())
                    + " reassignment(s)");
        }
        if (!throttledBrokers.isEmpty() || !throttledTopics.isEmpty()) {
            lines.add("throttle removed from " + (throttledBrokers.isEmpty() ? "" : "broker(s) "
                    + EvacuateWorkflow.join(throttledBrokers)) + (throttledBrokers.isEmpty() || throttledTopics.isEmpty()
                    ? "" : " and ") + (throttledTopics.isEmpty() ? "" : "topic(s) " + String.join(", ", throttledTopics)));
        }
        lines.add("audit: " + audit.path());
        ExitCode code = failed.isEmpty() && recorded ? ExitCode.OK : ExitCode.ACTION_FAILED;
        return result(clusterId, closing, null, planned, failed, lines, code);
    }

    private Result result(String clusterId, AuditDecision d, String reason, List<String> planned, List<String> failed,
                          List<String> lines, ExitCode code) {
        return new Result(new ChangeReport("reassign-cancel", clusterId, d.label(), reason, planned, failed, lines,
                auditLog.path().toString()), code);
    }
}
