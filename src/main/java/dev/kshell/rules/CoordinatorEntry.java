package dev.kshell.rules;

/**
 * A consumer group or transactional id whose coordinator partition is sick.
 *
 * @param kind      "group" or "transaction"
 * @param id        group id or transactional id
 * @param state     state as Kafka reported it, or null when unknown
 * @param members   member count (groups only), or null
 * @param topic     __consumer_offsets or __transaction_state
 * @param partition coordinator partition number ({@code Utils.abs(id.hashCode()) % partitionCount})
 * @param problem   "leaderless" or "under-min-isr"
 */
public record CoordinatorEntry(String kind, String id, String state, Integer members, String topic, int partition,
                               String problem) {

    /** "__consumer_offsets-12". */
    public String coordinatorPartition() {
        return topic + "-" + partition;
    }
}
