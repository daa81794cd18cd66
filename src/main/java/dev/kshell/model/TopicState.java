package dev.kshell.model;

import java.util.List;

/**
 * A topic and its partitions.
 *
 * @param name       topic name
 * @param internal   true for Kafka's internal topics (__consumer_offsets, __transaction_state, ...)
 * @param partitions partitions ordered by number
 * @param config     effective configs kshell reasons about, or null when they were not loaded
 */
public record TopicState(String name, boolean internal, List<PartitionState> partitions, TopicConfig config) {

    public TopicState {
        partitions = List.copyOf(partitions);
    }

    public int replicationFactor() {
        return partitions.isEmpty() ? 0 : partitions.get(0).replicas().size();
    }
}
