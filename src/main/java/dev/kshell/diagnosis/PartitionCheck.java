package dev.kshell.diagnosis;

import com.fasterxml.jackson.annotation.JsonValue;

/** The four partition checks, named as the shell commands (and Kafka's TopicCommand options) name them. */
public enum PartitionCheck {
    /** No leader, or a leader that is not a live broker ({@code --unavailable-partitions}). */
    LEADERLESS("leaderless"),
    /** No leader, or ISR smaller than the effective min.insync.replicas ({@code --under-min-isr-partitions}). */
    UNDER_MIN_ISR("under-min-isr"),
    /** ISR size equal to the effective min.insync.replicas ({@code --at-min-isr-partitions}). */
    AT_MIN_ISR("at-min-isr"),
    /** ISR smaller than the replica count ({@code --under-replicated-partitions}). */
    UNDER_REPLICATED("under-replicated");

    private final String label;

    PartitionCheck(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    /** True for the checks that need each topic's effective min.insync.replicas. */
    public boolean needsMinIsr() {
        return this == UNDER_MIN_ISR || this == AT_MIN_ISR;
    }

    @Override
    public String toString() {
        return label;
    }
}
