package dev.kshell.rules.reassign;

import java.util.Collection;
import java.util.List;

/**
 * How fast a move goes and how long it has left, from the bytes its adding replicas held at successive reads: the
 * rate is the growth between the oldest and the newest sample kept (the last few reads), never one read alone.
 * Kafka's replication throttle lets a whole fetch through at a time (docs/kafka-behaviour.md), so a short span can
 * show a burst or nothing; the span is given with the rate. Pure.
 */
public final class MoveProgress {

    /** A move whose bytes did not grow over at least this span is marked as making no progress. */
    public static final long STALL_SPAN_MS = 1_000;

    private MoveProgress() {
    }

    /** The bytes a move's adding replicas held (summed) at one read. */
    public record Sample(long atMs, long copied) {
    }

    /**
     * @param left          bytes still to copy (-1 when the size to reach is unknown)
     * @param bytesPerSecond the rate over the samples' span (-1 when fewer than two samples)
     * @param secondsLeft   {@code left / rate}, rounded up; -1 when unknown or the rate is zero
     * @param overMs        the span the rate was measured over
     * @param stalled       true when the bytes did not grow over at least {@link #STALL_SPAN_MS} with bytes left
     */
    public record Estimate(long left, long bytesPerSecond, long secondsLeft, long overMs, boolean stalled) {
    }

    /**
     * @param samples the move's samples, oldest first (the newest is now)
     * @param wanted  the bytes its adding replicas must hold in all, or -1 when unknown
     */
    public static Estimate of(List<Sample> samples, long wanted) {
        if (samples.isEmpty()) {
            return new Estimate(wanted, -1, -1, 0, false);
        }
        Sample last = samples.get(samples.size() - 1);
        long left = wanted < 0 ? -1 : Math.max(0, wanted - last.copied());
        if (samples.size() < 2) {
            return new Estimate(left, -1, -1, 0, false);
        }
        Sample first = samples.get(0);
        long span = last.atMs() - first.atMs();
        if (span <= 0) {
            return new Estimate(left, -1, -1, 0, false);
        }
        long rate = Math.max(0, (last.copied() - first.copied()) * 1000 / span);
        boolean stalled = rate == 0 && left != 0 && span >= STALL_SPAN_MS;
        return new Estimate(left, rate, eta(left, rate), span, stalled);
    }

    /** All moves together: bytes left and rates summed, the time left at the summed rate. */
    public static Estimate total(Collection<Estimate> moves) {
        long left = 0;
        long rate = 0;
        long over = 0;
        boolean leftKnown = true;
        boolean rateKnown = false;
        for (Estimate e : moves) {
            if (e.left() < 0) {
                leftKnown = false;
            } else {
                left += e.left();
            }
            if (e.bytesPerSecond() >= 0) {
                rateKnown = true;
                rate += e.bytesPerSecond();
                over = Math.max(over, e.overMs());
            }
        }
        long l = leftKnown ? left : -1;
        long r = rateKnown ? rate : -1;
        return new Estimate(l, r, eta(l, r), over, rateKnown && rate == 0 && left > 0);
    }

    private static long eta(long left, long rate) {
        if (left < 0 || rate <= 0) {
            return left == 0 ? 0 : -1;
        }
        return (left + rate - 1) / rate;
    }
}
