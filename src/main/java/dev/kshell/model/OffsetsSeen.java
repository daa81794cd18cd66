package dev.kshell.model;

import java.time.Instant;

/**
 * Offsets kshell itself saw for one partition the last time it could read them (while the partition had a leader).
 * Kept in the per-cluster state file so that during an incident kshell remembers what was true before it.
 *
 * @param highWatermark the partition's high watermark (offset; records below it were acknowledged), -1 when unknown
 * @param endOffset     the leader's log end offset (offset of the next record), -1 when unknown
 * @param seenAt        when kshell read these offsets (UTC)
 */
public record OffsetsSeen(long highWatermark, long endOffset, Instant seenAt) {

    /** The larger of the two offsets, or -1 when neither is known: the most records kshell knows the log held. */
    public long highest() {
        return Math.max(highWatermark, endOffset);
    }
}
