package dev.kshell.rules.election;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code elect unclean} would do, per partition, and whether it is refused.
 *
 * @param rows                 one row per named partition found in the snapshot, in argument order
 * @param refusals             every refusal (quorum-level first, then per partition); empty when the election may go
 *                             ahead after the guard's confirmation
 * @param notFound             partitions named but absent from the snapshot (a usage error)
 * @param keepOrder            true when {@code --keep-order} was given (never reorder)
 * @param confirmationPhrase   what the operator must type: the partition name for one partition,
 *                             {@code unclean <N> partitions} for several
 * @param quorumKind           how the quorum leader has behaved ({@link QuorumStability.Kind}), or null when not judged
 * @param quorum               the judgement's sentence, shown in the plan (a failover, an unknown history, an
 *                             unstable quorum), or null when not judged
 */
public record UncleanPlan(List<Row> rows, List<Refusal> refusals, List<String> notFound, boolean keepOrder,
                          String confirmationPhrase, QuorumStability.Kind quorumKind, String quorum)
        implements ElectionPlan {

    public UncleanPlan(List<Row> rows, List<Refusal> refusals, List<String> notFound, boolean keepOrder,
                       String confirmationPhrase) {
        this(rows, refusals, notFound, keepOrder, confirmationPhrase, null, null);
    }

    /** The same plan with the quorum's judgement and these refusals. */
    UncleanPlan judged(QuorumStability stability, List<Refusal> withRefusals) {
        return new UncleanPlan(rows, withRefusals, notFound, keepOrder, confirmationPhrase, stability.kind(),
                stability.sentence());
    }

    public UncleanPlan {
        rows = List.copyOf(rows);
        refusals = List.copyOf(refusals);
        notFound = List.copyOf(notFound);
    }

    @Override
    public String actions() {
        return ElectionPlan.lines(rows, r -> r.partition() + ": leader " + r.leader() + ", replicas "
                + r.replicas().stream().map(v -> v.id() + (v.live() ? "" : "(dead)")).toList()
                + ", isr " + r.isr() + (r.refusal() == null ? "" : ", refused") + ", winner " + r.winner()
                + (r.reorder() ? ", reorder to " + r.newOrder() : ""));
    }

    public boolean refused() {
        return !refusals.isEmpty();
    }

    /** Reassignments to run before the election (same replica set, most caught-up live replica first). */
    public List<ReplicaOrderChange> reorders() {
        List<ReplicaOrderChange> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.reorder()) {
                out.add(r.orderChange());
            }
        }
        return out;
    }

    /** The partitions to send to electLeaders(UNCLEAN). */
    public List<PartitionSpec> toElect() {
        return rows.stream().map(r -> new PartitionSpec(r.topic(), r.partitionId())).toList();
    }

    /**
     * One replica as the plan shows it.
     *
     * @param id             broker id
     * @param live           registered and unfenced
     * @param inIsr          in the ISR
     * @param inElr          in the ELR
     * @param inLastKnownElr in the last-known ELR
     * @param evidence       what the shell learnt about it (live replicas only), or null
     */
    public record ReplicaView(int id, boolean live, boolean inIsr, boolean inElr, boolean inLastKnownElr,
                              ReplicaEvidence evidence) {
    }

    /**
     * One partition.
     *
     * @param partition     "topic-3"
     * @param topic         topic name
     * @param partitionId   partition number
     * @param leader        current leader (null when none; may be a dead broker)
     * @param replicas      the replicas in assignment order, with live/dead marks and evidence
     * @param isr           ISR
     * @param elr           ELR
     * @param lastKnownElr  last-known ELR
     * @param refusal       why this partition may not be elected uncleanly, or null
     * @param kafkaPick     the replica Kafka's unclean election picks (first live in assignment order), or null
     * @param best          the live replica the evidence says holds most data, or null when the evidence cannot
     *                      tell (missing or conflicting)
     * @param winner        the replica that will lead if the plan runs (best when reordering, else Kafka's pick)
     * @param reorder       whether kshell reorders the replica list first
     * @param newOrder      the order kshell would set (best first, the others in original order); equals the
     *                      current order when not reordering
     * @param choice        one sentence: why this replica, and what the evidence says
     * @param remembered    the offsets kshell remembers for this partition from before, or null
     * @param dataAtRisk    the loss estimate relative to {@code winner}
     * @param notes         advisory lines (e.g. a dead ELR replica that, if started, would be elected cleanly)
     * @param orderChange   the change to apply and remember when {@code reorder}, else null
     */
    public record Row(String partition, String topic, int partitionId, Integer leader, List<ReplicaView> replicas,
                      List<Integer> isr, List<Integer> elr, List<Integer> lastKnownElr, Refusal refusal,
                      Integer kafkaPick, Integer best, Integer winner, boolean reorder, List<Integer> newOrder,
                      String choice, OffsetsSeen remembered, DataAtRisk dataAtRisk, List<String> notes,
                      ReplicaOrderChange orderChange) {
        public Row {
            replicas = List.copyOf(replicas);
            isr = List.copyOf(isr);
            elr = List.copyOf(elr);
            lastKnownElr = List.copyOf(lastKnownElr);
            newOrder = List.copyOf(newOrder);
            notes = List.copyOf(notes);
        }

        public List<Integer> originalOrder() {
            return replicas.stream().map(ReplicaView::id).toList();
        }
    }
}
