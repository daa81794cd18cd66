package dev.kshell.model;

/**
 * A consumer group (classic, consumer, share or streams) as listGroups / describeGroups report it.
 *
 * @param groupId group id; its coordinator partition of __consumer_offsets is derived from it
 * @param state   group state as Kafka names it ("Stable", "Empty", "PreparingRebalance", ...), or null when
 *                unknown (describing a group fails while its coordinator is unavailable)
 * @param members number of members, or null when unknown
 */
public record GroupInfo(String groupId, String state, Integer members) {
}
