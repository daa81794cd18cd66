package dev.kshell.rules.clients;

import java.util.List;

/**
 * One group as {@code groups} shows it.
 *
 * @param groupId              the group id (client-chosen: escaped before a terminal)
 * @param type                 classic, consumer, share, streams
 * @param protocol             the protocol type its members declare, or null
 * @param state                its state, or null when unknown
 * @param members              member count, or null when it could not be described
 * @param coordinator          the coordinating broker, or null
 * @param coordinatorPartition {@code __consumer_offsets-N}, or null when that topic was not read
 * @param coordinatorProblem   "leaderless" or "under-min-isr" when the coordinator partition is sick, else null
 * @param partitions           partitions with a committed offset
 * @param lag                  total lag in records over the partitions whose log was read, or null when none was
 * @param lagUnknown           partitions whose lag is unknown (log not read)
 * @param outOfRange           partitions whose committed offset lies outside the log
 * @param lagSamples           the total lag at each of this session's reads, oldest first, this one last
 * @param trend                {@link LagTrend}'s word, or null with too few samples
 * @param unknown              why the group or its offsets could not be read (an ACL), or null
 */
public record GroupRow(String groupId, String type, String protocol, String state, Integer members,
                       Integer coordinator, String coordinatorPartition, String coordinatorProblem, int partitions,
                       Long lag, int lagUnknown, int outOfRange, List<Long> lagSamples, String trend,
                       String unknown) {

    public GroupRow {
        lagSamples = List.copyOf(lagSamples);
    }
}
