package dev.kshell.model;

import java.time.Instant;
import java.util.List;

/**
 * A replica list kshell reordered before an unclean election (same replica set, new order), remembered so that
 * {@code elect restore-order} can put the original order back once the partition is healthy.
 *
 * @param partition     partition name, "topic-3"
 * @param originalOrder replicas in the order they had before kshell touched them (the first was the preferred leader)
 * @param newOrder      the order kshell set (the most caught-up live replica first)
 * @param changedAt     when kshell planned the change (UTC)
 */
public record ReplicaOrderChange(String partition, List<Integer> originalOrder, List<Integer> newOrder,
                                 Instant changedAt) {

    public ReplicaOrderChange {
        originalOrder = List.copyOf(originalOrder);
        newOrder = List.copyOf(newOrder);
    }
}
