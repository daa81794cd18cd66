package dev.kshell.cli;

import dev.kshell.render.Safe;

import java.io.PrintWriter;
import java.util.function.LongSupplier;
import java.time.Duration;

/**
 * A progress line for long work (loading a large cluster's snapshot, starting the sandbox, elections in batches):
 * one line on the error stream, rewritten in place, on a terminal only; nothing at all when output is piped, so
 * scripts and logs stay clean. Quick work shows nothing either: the line appears only after {@link #DELAY_MS}.
 *
 * <pre>
 * try (ProgressLine p = ProgressLine.start(inv.output(), "electing")) {
 *     for (...) { ...; p.update(done, total); }
 * }
 * </pre>
 * Not thread-safe; call it from the thread doing the work. Never throws.
 */
public final class ProgressLine implements AutoCloseable {

    /** Work shorter than this shows no progress line. */
    public static final long DELAY_MS = 300;

    /** At most one redraw per this many milliseconds. */
    private static final long REDRAW_MS = 100;

    private static final ProgressLine NONE = new ProgressLine(null, "", System::nanoTime);

    private final PrintWriter err;
    private final String label;
    private final LongSupplier nanos;
    private final long startNanos;
    private long lastDrawNanos;
    private boolean drawn;

    ProgressLine(PrintWriter err, String label, LongSupplier nanos) {
        this.err = err;
        this.label = label;
        this.nanos = nanos;
        this.startNanos = nanos.getAsLong();
    }

    /** A progress line on {@code output}'s error stream when it is a terminal, else one that prints nothing. */
    public static ProgressLine start(Output output, String label) {
        return output != null && output.terminal() && !output.json() ? new ProgressLine(output.err(), label, System::nanoTime) : NONE;
    }

    /**
     * Sleeps {@code duration} showing a countdown ({@code waiting: next check in 4s}) on a terminal, erased when the
     * sleep ends; piped it only sleeps. An interrupt (Ctrl-C) ends the wait at once, as a plain sleep would.
     */
    public static void sleep(Output output, String label, Duration duration) throws InterruptedException {
        long until = System.nanoTime() + duration.toNanos();
        try (ProgressLine p = start(output, label)) {
            while (true) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                p.step("next check in " + Math.max(1, (left + 999_999_999L) / 1_000_000_000L) + "s");
                Thread.sleep(Math.min(200, Math.max(1, left / 1_000_000L)));
            }
        }
    }

    /** For tests: a progress line on {@code err} with its own clock. */
    static ProgressLine on(PrintWriter err, String label, LongSupplier nanos) {
        return new ProgressLine(err, label, nanos);
    }

    /** {@code label 37/120 (30%)}. */
    public void update(long done, long total) {
        String text = total > 0 ? done + "/" + total + " (" + (done * 100 / total) + "%)" : Long.toString(done);
        step(text);
    }

    /** {@code label: text}. */
    public void step(String text) {
        if (err == null) {
            return;
        }
        long now = nanos.getAsLong();
        if (now - startNanos < DELAY_MS * 1_000_000L || (drawn && now - lastDrawNanos < REDRAW_MS * 1_000_000L)) {
            return;
        }
        lastDrawNanos = now;
        drawn = true;
        // \r back to column 0, ESC[K clears what a longer earlier line left behind.
        err.print(Safe.own("\r") + label + ": " + text + Safe.own("\u001b[K"));
        err.flush();
    }

    /** Removes the line (the caller's result follows on a clean line). */
    @Override
    public void close() {
        if (err != null && drawn) {
            err.print(Safe.own("\r") + Safe.own("\u001b[K"));
            err.flush();
            drawn = false;
        }
    }
}
