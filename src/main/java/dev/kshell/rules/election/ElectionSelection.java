package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;
import java.util.List;

/**
 * Which partitions an {@code elect preferred} covers: {@code --all}, {@code --topic T}, or named partitions.
 *
 * @param kind       which of the three
 * @param topic      the topic for {@link Kind#TOPIC}, else null
 * @param partitions the partitions for {@link Kind#PARTITIONS}, else empty
 */
public record ElectionSelection(Kind kind, String topic, List<PartitionSpec> partitions) {

    public enum Kind { ALL, TOPIC, PARTITIONS }

    public ElectionSelection {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    public static ElectionSelection all() {
        return new ElectionSelection(Kind.ALL, null, List.of());
    }

    public static ElectionSelection topic(String topic) {
        return new ElectionSelection(Kind.TOPIC, topic, List.of());
    }

    public static ElectionSelection partitions(List<PartitionSpec> partitions) {
        return new ElectionSelection(Kind.PARTITIONS, null, partitions);
    }
}
