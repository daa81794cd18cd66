package dev.kshell.rules.clients;

import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Sample;

import java.util.List;

/**
 * One partition of a group: where the group is (its committed offset), where the log is (start, end, last stable),
 * how far behind it is, and, when the committed offset lies outside [log start, log end], what the consumer will do
 * on its next fetch.
 *
 * @param partition    {@code topic-N}
 * @param committed    the committed offset (the next record the group reads), or null when none is committed
 * @param logStart     the log start offset, or null when not read
 * @param logEnd       the log end offset (high watermark), or null when not read
 * @param lastStable   the last stable offset, or null when not read (read_committed readers stop there)
 * @param lag          records between the committed offset and the log end (Kafka's tool: end - committed; 0
 *                     above the log end), or null when unknown
 * @param lagMs        how long ago the log end passed the committed offset (the age of the first unread record),
 *                     estimated from this session's reads of the log end ({@link LagTime}); null when unknown
 * @param lagMsAtLeast true when {@code lagMs} is a lower bound (it happened before this session's first read)
 * @param outOfRange   {@link #BELOW_START}, {@link #ABOVE_END}, or null when in range (or unknown)
 * @param onEarliest   what a consumer with {@code auto.offset.reset=earliest} does next (out of range only)
 * @param onLatest     what one with {@code auto.offset.reset=latest} does next (out of range only)
 * @param unknown      why the log was not read (leaderless, not authorized), or null
 */
public record PartitionLag(String partition, Long committed, Long logStart, Long logEnd, Long lastStable, Long lag,
                           Long lagMs, boolean lagMsAtLeast, String outOfRange, Reset onEarliest, Reset onLatest,
                           String unknown) {

    /** Committed below the log start: records deleted (retention, delete-records) or an empty replica took over. */
    public static final String BELOW_START = "below-log-start";
    /** Committed above the log end: the log was truncated (an unclean election, an empty replica). */
    public static final String ABOVE_END = "above-log-end";

    /**
     * What a consumer does on its next fetch of an out-of-range partition under one {@code auto.offset.reset}.
     *
     * @param resumesAt the offset it reads from next
     * @param skipped   records it never reads (gone already, or jumped over)
     * @param reread    records it reads a second time
     * @param says      the same in one sentence
     */
    public record Reset(long resumesAt, long skipped, long reread, String says) {
    }

    /**
     * Judges one partition.
     *
     * @param committed   the group's committed offset, or null
     * @param range       the log's offsets, or null when not read
     * @param unknownWhy  why the log was not read (when {@code range} is null)
     * @param endSamples  this session's reads of the log end, oldest first, this read included
     * @param nowMs       now (epoch ms)
     */
    public static PartitionLag judge(PartitionSpec p, Long committed, LogOffsets.Range range, String unknownWhy,
                                     List<Sample> endSamples, long nowMs) {
        if (range == null) {
            return new PartitionLag(p.name(), committed, null, null, null, null, null, false, null, null, null,
                    unknownWhy == null ? "log offsets not read" : unknownWhy);
        }
        long s = range.start();
        long e = range.end();
        if (committed == null) {
            return new PartitionLag(p.name(), null, s, e, range.stable(), null, null, false, null, null, null, null);
        }
        long c = committed;
        if (c < s) {
            Reset earliest = new Reset(s, s - c, 0, "earliest: resumes at " + s + "; the " + (s - c) + " records "
                    + "from " + c + " were deleted before the group read them");
            Reset latest = new Reset(e, e - c, 0, "latest: resumes at " + e + "; skips " + (e - s) + " unread "
                    + "records besides the " + (s - c) + " deleted");
            return new PartitionLag(p.name(), c, s, e, range.stable(), e - c, null, false, BELOW_START, earliest,
                    latest, null);
        }
        if (c > e) {
            Reset earliest = new Reset(s, 0, e - s, "earliest: resumes at " + s + "; re-reads " + (e - s)
                    + " records it had read before the log was truncated");
            Reset latest = new Reset(e, 0, 0, "latest: resumes at " + e + "; but once producers write " + (c - e)
                    + " more records the offset is in range again and the group skips those " + (c - e)
                    + " without any reset");
            return new PartitionLag(p.name(), c, s, e, range.stable(), 0L, 0L, false, ABOVE_END, earliest, latest,
                    null);
        }
        LagTime time = LagTime.estimate(c, endSamples, nowMs, range.newestMs());
        return new PartitionLag(p.name(), c, s, e, range.stable(), e - c, time.ms(), time.atLeast(), null, null, null,
                null);
    }

    /** Records read_committed readers cannot see yet (log end minus last stable), or 0 when none or unknown. */
    public long heldBack() {
        return logEnd == null || lastStable == null ? 0 : Math.max(0, logEnd - lastStable);
    }
}
