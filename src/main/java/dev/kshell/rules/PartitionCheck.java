package dev.kshell.rules;

import dev.kshell.util.Labelled;

/** The four partition checks, named as the shell commands (and Kafka's TopicCommand options) name them. */
public enum PartitionCheck implements Labelled {
    /** No leader, or a leader that is not a live broker ({@code --unavailable-partitions}). */
    LEADERLESS,
    /** No leader, or ISR smaller than the effective min.insync.replicas ({@code --under-min-isr-partitions}). */
    UNDER_MIN_ISR,
    /** ISR size equal to the effective min.insync.replicas ({@code --at-min-isr-partitions}). */
    AT_MIN_ISR,
    /** ISR smaller than the replica count ({@code --under-replicated-partitions}). */
    UNDER_REPLICATED;

    /** True for the checks that need each topic's effective min.insync.replicas. */
    public boolean needsMinIsr() {
        return this == UNDER_MIN_ISR || this == AT_MIN_ISR;
    }

    @Override
    public String toString() {
        return label();
    }
}
