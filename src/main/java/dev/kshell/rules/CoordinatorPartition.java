package dev.kshell.rules;

import java.util.List;

/**
 * A sick partition of {@code __consumer_offsets} or {@code __transaction_state}: the coordinator of every group or
 * transactional id that hashes to it cannot write (commit offsets, rebalance, complete transactions).
 *
 * @param topic        __consumer_offsets or __transaction_state
 * @param partition    partition number
 * @param leader       leader broker id, or null
 * @param replicas     assigned replicas marked live/dead
 * @param isr          in-sync replicas
 * @param minIsr       effective min.insync.replicas, or null when unknown
 * @param problem      "leaderless" or "under-min-isr"
 * @param recovery     recovery class when leaderless, else null
 * @param groups       number of the given groups coordinated here
 * @param transactions number of the given transactional ids coordinated here
 */
public record CoordinatorPartition(String topic, int partition, Integer leader, List<ReplicaMark> replicas,
                                   List<Integer> isr, Integer minIsr, String problem, RecoveryClass recovery,
                                   int groups, int transactions) {

    public CoordinatorPartition {
        replicas = List.copyOf(replicas);
        isr = List.copyOf(isr);
    }

    public String name() {
        return topic + "-" + partition;
    }
}
