package dev.kshell.model;

import java.util.Map;

/**
 * Log start and end offsets of partitions (listOffsets earliest / latest), read at {@code readAtMs}.
 *
 * @param readAtMs when they were read (epoch ms)
 * @param ranges   per partition read
 * @param unknown  per partition not read, why (leaderless: listOffsets would retry for its whole deadline)
 */
public record LogOffsets(long readAtMs, Map<PartitionSpec, Range> ranges, Map<PartitionSpec, String> unknown) {

    public LogOffsets {
        ranges = Map.copyOf(ranges);
        unknown = Map.copyOf(unknown);
    }

    /**
     * @param start    the log start offset (earliest)
     * @param end      the log end offset as read_uncommitted consumers see it (the high watermark)
     * @param stable   the last stable offset (read_committed latest), or null when not asked for
     * @param newestMs the newest record's timestamp (listOffsets max timestamp, Kafka 3.0+), or null when not asked
     *                 for, not offered, or the log is empty
     */
    public record Range(long start, long end, Long stable, Long newestMs) {

        /** Without the newest record's time. */
        public Range(long start, long end, Long stable) {
            this(start, end, stable, null);
        }
    }
}
