package dev.kshell.model;

import java.util.List;

/**
 * A topic and its partitions.
 *
 * @param name        topic name
 * @param internal    true for Kafka's internal topics (__consumer_offsets, __transaction_state, ...)
 * @param partitions  partitions ordered by number
 * @param minIsr      effective min.insync.replicas (topic -> broker -> default), or null when not loaded
 * @param minIsrSource where minIsr came from (Kafka's config source name, e.g. DYNAMIC_TOPIC_CONFIG), or null
 */
public record TopicState(String name, boolean internal, List<PartitionState> partitions, Integer minIsr,
                         String minIsrSource) {

    public TopicState {
        partitions = List.copyOf(partitions);
    }

    public int replicationFactor() {
        return partitions.isEmpty() ? 0 : partitions.get(0).replicas().size();
    }
}
