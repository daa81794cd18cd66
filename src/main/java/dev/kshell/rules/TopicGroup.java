package dev.kshell.rules;

import java.util.List;

/**
 * The partitions of one topic that a check selected.
 *
 * @param topic      topic name
 * @param internal   true for Kafka's internal topics (listed first)
 * @param minIsr     the topic's effective min.insync.replicas, or null when unknown (configs not loaded)
 * @param count      number of partitions selected (the size of {@code partitions})
 * @param partitions the selected partitions, by partition number
 */
public record TopicGroup(String topic, boolean internal, Integer minIsr, int count,
                         List<PartitionFinding> partitions) {

    public TopicGroup {
        partitions = List.copyOf(partitions);
    }
}
