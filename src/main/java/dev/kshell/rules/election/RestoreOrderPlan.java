package dev.kshell.rules.election;

import java.util.List;

/**
 * What {@code elect restore-order} would do: put back the replica order kshell changed before an unclean election.
 *
 * @param rows     one row per named partition found in the snapshot
 * @param notFound partitions named but absent from the snapshot
 */
public record RestoreOrderPlan(List<Row> rows, List<String> notFound) implements ElectionPlan {

    public RestoreOrderPlan {
        rows = List.copyOf(rows);
        notFound = List.copyOf(notFound);
    }

    /**
     * What restoring a partition's order would do: {@code WILL_RESTORE} (healthy, the same replica set in another
     * order: reassigned to the original order), {@code NOT_NEEDED} (the order is the original one already: the
     * record can be forgotten) or {@code CANNOT} (no record, the replica set changed, or not healthy yet: the row's
     * reason says which).
     */
    public enum Verdict { WILL_RESTORE, NOT_NEEDED, CANNOT }

    /**
     * @param partition     "topic-3"
     * @param topic         topic
     * @param partitionId   partition number
     * @param currentOrder  replicas now
     * @param originalOrder the recorded original order, or null when kshell has no record
     * @param verdict       what would happen
     * @param reason        one sentence
     */
    public record Row(String partition, String topic, int partitionId, List<Integer> currentOrder,
                      List<Integer> originalOrder, Verdict verdict, String reason) {
    }

    @Override
    public String actions() {
        return ElectionPlan.lines(rows, r -> r.partition() + ": order " + r.currentOrder() + ", original "
                + r.originalOrder() + ", " + r.verdict());
    }

    /** Rows to reassign (to {@link Row#originalOrder()}). */
    public List<Row> toRestore() {
        return rows.stream().filter(r -> r.verdict() == Verdict.WILL_RESTORE).toList();
    }
}
