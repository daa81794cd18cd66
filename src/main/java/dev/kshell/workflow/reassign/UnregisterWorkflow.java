package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.rules.guard.Decision;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.rules.reassign.MoveGuard;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code brokers unregister N}: a KRaft cluster forgets a broker that is gone for good (unregisterBroker), once it
 * is fenced and holds no replica; confirmed and audited. In ZooKeeper mode there is nothing to do: a broker that
 * stops leaves {@code /brokers/ids} by itself, and kshell says so.
 */
public final class UnregisterWorkflow {

    private final ClusterGateway gateway;
    private final AuditLog auditLog;

    public UnregisterWorkflow(ClusterGateway gateway, AuditLog auditLog) {
        this.gateway = gateway;
        this.auditLog = auditLog;
    }

    public record Result(ChangeReport report, ExitCode exitCode) {
    }

    public Result run(MoveAttempt attempt, int brokerId) {
        MoveAttempt.Operator op = attempt.operator();
        ClusterSnapshot s = gateway.snapshot(null, false);
        MoveAudit audit = new MoveAudit(auditLog, s.clusterId(), gateway.target().endpoints(), attempt.commandLine(),
                attempt.origin(), "unregister-broker", op::note);
        List<String> planned = List.of("unregister broker " + brokerId);
        List<String> lines = new ArrayList<>();
        if (gateway.capabilities().mode() == ClusterCapabilities.Mode.ZOOKEEPER) {
            String why = "ZooKeeper mode: nothing to unregister; a stopped broker leaves /brokers/ids by itself once "
                    + "its ZooKeeper session expires";
            audit.ended(AuditDecision.NOT_NEEDED, why, planned);
            lines.add(why);
            return result(s.clusterId(), AuditDecision.NOT_NEEDED, why, planned, List.of(), lines, ExitCode.OK);
        }
        Optional<BrokerState> broker = s.brokers().stream().filter(b -> b.id() == brokerId).findFirst();
        List<String> holding = new ArrayList<>();
        s.topics().forEach(t -> t.partitions().stream().filter(p -> p.replicas().contains(brokerId))
                .map(PartitionState::name).forEach(holding::add));
        String refusal = null;
        String alternative = null;
        // A release whose describeCluster cannot list fenced brokers (before Kafka 4.0) does not show a stopped broker
        // that is still registered: there only the cluster's own answer to unregisterBroker tells.
        boolean fencedListed = gateway.capabilities().has(ClusterCapabilities.Feature.FENCED_BROKER_LISTING);
        if (broker.isEmpty() && holding.isEmpty() && !fencedListed) {
            op.note("broker " + brokerId + " is not listed, and this cluster does not list fenced brokers: it may "
                    + "still be registered; the cluster's answer will say");
        }
        if (broker.isEmpty() && holding.isEmpty() && fencedListed) {
            String why = "broker " + brokerId + " is not registered: nothing to unregister";
            audit.ended(AuditDecision.NOT_NEEDED, why, planned);
            lines.add(why);
            return result(s.clusterId(), AuditDecision.NOT_NEEDED, why, planned, List.of(), lines, ExitCode.OK);
        } else if (broker.isPresent() && broker.get().live()) {
            refusal = "broker " + brokerId + " is live (registered and not fenced): only a broker that is gone is "
                    + "unregistered";
            alternative = "stop it first; if it still holds replicas, `reassign evacuate " + brokerId + "` before that";
        } else if (!holding.isEmpty()) {
            refusal = "broker " + brokerId + " still holds replicas of " + holding.size() + " partition"
                    + (holding.size() == 1 ? "" : "s") + " (" + String.join(", ", holding.subList(0,
                    Math.min(5, holding.size()))) + (holding.size() > 5 ? ", ..." : "") + ")";
            alternative = "reassign evacuate " + brokerId + " (a partition whose every live broker already holds a "
                    + "replica needs a broker added first)";
        }
        Decision early = MoveGuard.common(attempt.guard().withActualClusterId(s.clusterId()));
        if (early != null && early.kind() == Decision.Kind.REFUSE) {
            refusal = early.reason();
            alternative = early.alternative();
        }
        if (refusal != null) {
            audit.ended(AuditDecision.REFUSED, refusal, planned);
            lines.add("refused: " + refusal);
            lines.add("  instead: " + alternative);
            return result(s.clusterId(), AuditDecision.REFUSED, refusal, planned, List.of(), lines, ExitCode.REFUSED);
        }
        op.note("plan: unregister broker " + brokerId + " (fenced, holds no replica): the cluster forgets it");
        if (early != null) {
            audit.ended(AuditDecision.DRY_RUN, null, planned);
            lines.add("dry run: nothing was changed");
            return result(s.clusterId(), AuditDecision.DRY_RUN, null, planned, List.of(), lines, ExitCode.OK);
        }
        Decision d = MoveGuard.yesNo(attempt.guard().withActualClusterId(s.clusterId()),
                "Unregister broker " + brokerId + "?");
        String approval = "--yes";
        if (d.kind() == Decision.Kind.REFUSE) {
            audit.ended(AuditDecision.REFUSED, d.reason(), planned);
            lines.add("refused: " + d.reason() + " (" + d.alternative() + ")");
            return result(s.clusterId(), AuditDecision.REFUSED, d.reason(), planned, List.of(), lines, ExitCode.REFUSED);
        }
        if (d.kind() == Decision.Kind.PROCEED_AFTER_CONFIRM) {
            String answer = op.ask(d.confirmation().prompt());
            if (!d.confirmation().accepts(answer)) {
                String why = answer == null ? "no answer" : "answered no";
                audit.ended(AuditDecision.ABORTED, why, planned);
                lines.add("aborted: " + why + "; nothing was changed");
                return result(s.clusterId(), AuditDecision.ABORTED, why, planned, List.of(), lines, ExitCode.REFUSED);
            }
            approval = "answered y";
        }
        AuditEntry confirmed = audit.confirmed(approval, null, planned);
        ReplicaMoves.Unregistered answer;
        try {
            answer = gateway.replicaMoves().unregisterBroker(brokerId);
        } catch (RuntimeException e) {
            audit.closing(confirmed, AuditDecision.UNKNOWN, e.getMessage(), null);
            throw e;
        }
        switch (answer.outcome()) {
            case DONE -> {
                boolean recorded = audit.closing(confirmed, AuditDecision.SUCCEEDED, null, null);
                lines.add("broker " + brokerId + " unregistered: the cluster no longer lists it");
                lines.add("audit: " + audit.path());
                return result(s.clusterId(), AuditDecision.SUCCEEDED, null, planned, List.of(), lines,
                        recorded ? ExitCode.OK : ExitCode.ACTION_FAILED);
            }
            case UNSUPPORTED, NOT_REGISTERED -> {
                audit.closing(confirmed, AuditDecision.NOT_NEEDED, answer.sentence(), null);
                lines.add(answer.sentence());
                return result(s.clusterId(), AuditDecision.NOT_NEEDED, answer.sentence(), planned, List.of(), lines,
                        ExitCode.OK);
            }
            default -> {
                audit.closing(confirmed, AuditDecision.FAILED, answer.sentence(), null);
                lines.add("failed: " + answer.sentence());
                return result(s.clusterId(), AuditDecision.FAILED, answer.sentence(), planned,
                        List.of(answer.sentence()), lines, ExitCode.ACTION_FAILED);
            }
        }
    }

    private Result result(String clusterId, AuditDecision d, String reason, List<String> planned, List<String> failed,
                          List<String> lines, ExitCode code) {
        return new Result(new ChangeReport("unregister-broker", clusterId, d.label(), reason, planned, failed, lines,
                auditLog.path().toString()), code);
    }
}
