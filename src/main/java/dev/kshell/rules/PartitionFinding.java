package dev.kshell.rules;

import dev.kshell.model.PartitionSpec;

import java.util.List;

/**
 * One partition a check selected, with everything an operator needs to judge it.
 *
 * @param topic        topic name
 * @param partition    partition number
 * @param leader       leader broker id, or null when there is none
 * @param replicas     assigned replicas in assignment order, each marked live or dead
 * @param isr          in-sync replicas
 * @param elr          eligible leader replicas (KIP-966)
 * @param lastKnownElr replicas last known to be in the ELR
 * @param recovery     how leadership can come back; null when the partition is not leaderless
 * @param minIsr       the topic's effective min.insync.replicas, or null when unknown (configs not loaded)
 */
public record PartitionFinding(String topic, int partition, Integer leader, List<ReplicaMark> replicas,
                               List<Integer> isr, List<Integer> elr, List<Integer> lastKnownElr,
                               RecoveryClass recovery, Integer minIsr) {

    public PartitionFinding {
        replicas = List.copyOf(replicas);
        // isr, elr and lastKnownElr are its PartitionState's own lists (PartitionHealth.finding): copied there once,
        // an absent ELR already empty
    }

    /** "topic-3", as Kafka's tools spell it. */
    public String name() {
        return PartitionSpec.name(topic, partition);
    }

    /** True when this partition has no leader or its leader is not a live broker. */
    public boolean leaderless() {
        return recovery != null;
    }
}
