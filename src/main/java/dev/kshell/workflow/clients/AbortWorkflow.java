package dev.kshell.workflow.clients;

import dev.kshell.audit.AuditDecision;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code transactions abort PARTITION --start-offset O}: aborts the open transaction that starts at O on that
 * partition (Kafka's abortTransaction, as {@code kafka-transactions.sh abort} does), through the gate as a loss (its
 * uncommitted records there are discarded: the typed phrase), then reads the partition again.
 */
public final class AbortWorkflow {

    private final ClusterGateway gateway;

    public AbortWorkflow(ClusterGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * The plan: the transaction, and what its abort discards.
     *
     * @param partition   {@code topic-N}
     * @param transaction the open transaction starting at the offset asked for
     * @param logEnd      the partition's log end (its records from the start offset up to there are the most it holds)
     */
    public record Plan(String partition, OpenTransactions.Open transaction, Long logEnd) {
    }

    /**
     * What happened.
     *
     * @param outcome   succeeded, failed, dry-run
     * @param failure   why the abort failed, or null
     * @param stillOpen true when the partition still shows the transaction open after the abort
     */
    public record Result(Plan plan, String outcome, String failure, boolean stillOpen) {
    }

    public Result run(MutationGate gate, PartitionSpec partition, long startOffset, Consumer<Plan> show) {
        Planned planned = gate.plan(() -> plan(gate, partition, startOffset));
        Plan plan = planned.plan();
        OpenTransactions.Open t = plan.transaction();
        String who = "producer " + t.producerId() + (t.transactionalId() == null ? ""
                : " (transactional id " + t.transactionalId() + ")");
        MutationGate.Pass pass = gate.pass(planned.clusterId(), plan, Risk.loss("abort " + partition.name(),
                "the open transaction of " + who + " on " + partition.name() + " from offset " + startOffset
                        + " is aborted: its records there are discarded for good, and read_committed readers move on",
                "aborting a transaction"), () -> show.accept(plan));
        if (pass.dryRun()) {
            return new Result(plan, AuditDecision.DRY_RUN.label(), null, true);
        }
        Optional<String> answer = pass.act(() -> gateway.groups().abortTransaction(partition, t.producerId(),
                t.producerEpoch(), t.coordinatorEpoch() == null ? -1 : t.coordinatorEpoch()),
                a -> a.isEmpty() ? GateOutcome.succeeded(null) : GateOutcome.failed(a.get(), null));
        boolean open = gateway.groups().openTransactions(List.of(partition)).get(partition).open().stream()
                .anyMatch(o -> o.producerId() == t.producerId() && o.startOffset() == startOffset);
        return new Result(plan, answer.isEmpty() ? AuditDecision.SUCCEEDED.label() : AuditDecision.FAILED.label(),
                answer.orElse(null), open);
    }

    private record Planned(String clusterId, Plan plan) {
    }

    private Planned plan(MutationGate gate, PartitionSpec partition, long startOffset) {
        ClusterSnapshot s = gateway.read(new SnapshotRequest(true, false, List.of(partition.topic()), true, false));
        var state = s.partition(partition).orElseThrow(() -> gate.invalid("no partition " + partition.name()
                + " on this cluster"));
        if (PartitionHealth.isLeaderless(state, s.liveBrokerIds())) {
            throw gate.invalid(partition.name() + " has no leader: its producers cannot be read nor a marker written");
        }
        OpenTransactions open = gateway.groups().openTransactions(List.of(partition)).get(partition);
        OpenTransactions.Open t = open.open().stream().filter(o -> o.startOffset() == startOffset).findFirst()
                .orElseThrow(() -> gate.invalid("no open transaction starts at offset " + startOffset + " on "
                        + partition.name() + (open.open().isEmpty() ? " (none is open there)" : " (open ones start at "
                        + String.join(", ", open.open().stream().map(o -> String.valueOf(o.startOffset())).toList())
                        + ")")));
        LogOffsets logs = gateway.groups().logOffsets(List.of(partition), false);
        LogOffsets.Range r = logs.ranges().get(partition);
        return new Planned(s.clusterId(), new Plan(partition.name(), t, r == null ? null : r.end()));
    }
}
