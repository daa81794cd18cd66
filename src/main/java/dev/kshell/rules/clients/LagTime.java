package dev.kshell.rules.clients;

import dev.kshell.model.Sample;

import java.util.List;

/**
 * Lag in time without reading a record: how long ago the log end passed the committed offset, i.e. the age of the
 * first record the group has not read, estimated from the log end offsets this session read (linear between two
 * reads). A committed offset the log end had passed already at the first read gives a lower bound (since the first
 * read); a single read of a partition the group trails gives nothing. Pure.
 *
 * @param ms      the estimate (ms), or null when unknown
 * @param atLeast true when {@code ms} is a lower bound
 */
public record LagTime(Long ms, boolean atLeast) {

    /** How it is measured, for the output. */
    public static final String HOW = "lag in time: how long ago the log end passed the committed offset (the age of "
            + "the first unread record), from this session's reads of the log end; '>=' a lower bound: it passed "
            + "before the first read, or (one read) the newest record's age; '?' unknown";

    static final LagTime UNKNOWN = new LagTime(null, false);

    /**
     * @param committed  the committed offset
     * @param endSamples the log end offsets read, oldest first (the last one is now's)
     * @param nowMs      now (epoch ms)
     */
    public static LagTime estimate(long committed, List<Sample> endSamples, long nowMs) {
        return estimate(committed, endSamples, nowMs, null);
    }

    /**
     * As {@link #estimate(long, List, long)}, and with the newest record's time: the first unread record is no younger
     * than the newest one, so its age bounds the lag from below even after a single read.
     *
     * @param newestMs the newest record's timestamp (epoch ms), or null when unknown
     */
    public static LagTime estimate(long committed, List<Sample> endSamples, long nowMs, Long newestMs) {
        LagTime fromSamples = fromSamples(committed, endSamples, nowMs);
        if (newestMs == null || endSamples.isEmpty() || committed >= endSamples.get(endSamples.size() - 1).value()
                || (fromSamples.ms() != null && !fromSamples.atLeast())) {
            return fromSamples;
        }
        long newestAge = Math.max(0, nowMs - newestMs);
        return fromSamples.ms() != null && fromSamples.ms() >= newestAge ? fromSamples : new LagTime(newestAge, true);
    }

    private static LagTime fromSamples(long committed, List<Sample> endSamples, long nowMs) {
        if (endSamples.isEmpty()) {
            return UNKNOWN;
        }
        if (committed >= endSamples.get(endSamples.size() - 1).value()) {
            return new LagTime(0L, false);
        }
        Sample first = endSamples.get(0);
        if (first.value() > committed) {
            long since = nowMs - first.atMs();
            return since <= 0 ? UNKNOWN : new LagTime(since, true);
        }
        for (int i = 1; i < endSamples.size(); i++) {
            Sample before = endSamples.get(i - 1);
            Sample after = endSamples.get(i);
            if (after.value() > committed && after.value() > before.value()) {
                // the record at `committed` arrived when the end went from committed to committed + 1
                double fraction = (double) (committed + 1 - before.value()) / (after.value() - before.value());
                long passedAt = before.atMs() + Math.round((after.atMs() - before.atMs()) * Math.min(1, fraction));
                return new LagTime(Math.max(0, nowMs - passedAt), false);
            }
        }
        return UNKNOWN;
    }
}
