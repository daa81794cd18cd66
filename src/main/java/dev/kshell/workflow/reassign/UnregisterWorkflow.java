package dev.kshell.workflow.reassign;

import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.GateRefusal;
import dev.kshell.workflow.gate.MutationGate;

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
public final class UnregisterWorkflow extends SteppedWorkflow {

    public UnregisterWorkflow(ClusterGateway gateway, AuditLog auditLog) {
        super(gateway, "unregister-broker", auditLog);
    }

    public ChangeSteps.Result run(MoveAttempt attempt, int brokerId) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("unregister-broker", steps.auditLog(), gateway));
        ClusterSnapshot s = gate.plan(() -> gateway.snapshot(null, false));
        ClusterCapabilities caps = gate.plan(gateway::capabilities);
        List<String> planned = List.of("unregister broker " + brokerId);
        List<String> lines = new ArrayList<>();
        if (caps.mode() == ClusterCapabilities.Mode.ZOOKEEPER) {
            String why = "ZooKeeper mode: nothing to unregister; a stopped broker leaves /brokers/ids by itself once "
                    + "its ZooKeeper session expires";
            return steps.notNeeded(gate, s.clusterId(), why, planned, lines);
        }
        Optional<BrokerState> broker = s.brokers().stream().filter(b -> b.id() == brokerId).findFirst();
        List<String> holding = new ArrayList<>();
        s.topics().forEach(t -> t.partitions().stream().filter(p -> p.replicas().contains(brokerId))
                .map(PartitionState::name).forEach(holding::add));
        String refusal = null;
        String alternative = null;
        // A release whose describeCluster cannot list fenced brokers (before Kafka 4.0) does not show a stopped broker
        // that is still registered: there only the cluster's own answer to unregisterBroker tells.
        boolean fencedListed = caps.has(ClusterCapabilities.Feature.FENCED_BROKER_LISTING);
        if (broker.isEmpty() && holding.isEmpty() && !fencedListed) {
            op.note("broker " + brokerId + " is not listed, and this cluster does not list fenced brokers: it may "
                    + "still be registered; the cluster's answer will say");
        }
        if (broker.isEmpty() && holding.isEmpty() && fencedListed) {
            String why = "broker " + brokerId + " is not registered: nothing to unregister";
            return steps.notNeeded(gate, s.clusterId(), why, planned, lines);
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
        Refusal pin = GatePolicy.pin(attempt.guard().withActualClusterId(s.clusterId()));
        if (pin != null) {
            refusal = pin.message();
            alternative = pin.alternative();
        }
        if (refusal != null) {
            return steps.refused(gate, s.clusterId(), refusal, alternative, planned, lines);
        }
        ChangeSteps.Gated gated = steps.pass(gate, s.clusterId(), planned, Risk.change("Unregister broker " + brokerId
                + "?"), () -> op.note("plan: unregister broker " + brokerId + " (fenced, holds no replica): the "
                + "cluster forgets it"), lines);
        if (gated.pass() == null) {
            return gated.declined();
        }
        MutationGate.Pass pass = gated.pass();
        if (pass.dryRun()) {
            return steps.dryRun(s.clusterId(), planned, lines);
        }
        ReplicaMoves.Unregistered answer = pass.act(() -> gateway.replicaMoves().unregisterBroker(brokerId),
                a -> switch (a.outcome()) {
                    case DONE -> GateOutcome.succeeded(null);
                    case UNSUPPORTED, NOT_REGISTERED -> new GateOutcome(AuditDecision.NOT_NEEDED, a.sentence(), null);
                    default -> GateOutcome.failed(a.sentence(), null);
                });
        return said(s.clusterId(), brokerId, answer, planned, lines, gate);
    }

    private ChangeSteps.Result said(String clusterId, int brokerId, ReplicaMoves.Unregistered answer,
                                    List<String> planned, List<String> lines, MutationGate gate) {
        switch (answer.outcome()) {
            case DONE -> {
                lines.add("broker " + brokerId + " unregistered: the cluster no longer lists it");
                lines.add("audit: " + gate.auditPath());
                return steps.end(clusterId, AuditDecision.SUCCEEDED, null, planned, List.of(), lines, ExitCode.OK);
            }
            case UNSUPPORTED, NOT_REGISTERED -> {
                lines.add(answer.sentence());
                return steps.end(clusterId, AuditDecision.NOT_NEEDED, answer.sentence(), planned, List.of(), lines,
                        ExitCode.OK);
            }
            default -> {
                lines.add("failed: " + answer.sentence());
                return steps.end(clusterId, AuditDecision.FAILED, answer.sentence(), planned,
                        List.of(answer.sentence()), lines, ExitCode.ACTION_FAILED);
            }
        }
    }
}
