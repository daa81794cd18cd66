package dev.kshell.model;

import java.util.List;

/**
 * One partition's leadership and replication state.
 *
 * @param topic        topic name
 * @param partition    partition number
 * @param leader       leader broker id, or null when the partition has no leader
 * @param replicas     assigned replicas, in assignment order (the first is the preferred leader)
 * @param isr          in-sync replicas
 * @param elr          eligible leader replicas (KIP-966): clean election candidates outside the ISR
 * @param lastKnownElr replicas that were in the ELR when the partition went leaderless
 */
public record PartitionState(String topic, int partition, Integer leader, List<Integer> replicas, List<Integer> isr,
                             List<Integer> elr, List<Integer> lastKnownElr) {

    public PartitionState {
        replicas = List.copyOf(replicas);
        isr = List.copyOf(isr);
        elr = elr == null ? List.of() : List.copyOf(elr);
        lastKnownElr = lastKnownElr == null ? List.of() : List.copyOf(lastKnownElr);
    }

    /** "topic-3", the spelling Kafka's tools use. */
    public String name() {
        return PartitionSpec.name(topic, partition);
    }

    public Integer preferredLeader() {
        return replicas.isEmpty() ? null : replicas.get(0);
    }
}
