package dev.kshell.util;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for reads run side by side under one deadline (triage's side reads, the radar's parts): one that fails or
 * misses the deadline is "not known", never a wait past the deadline; an interrupt (Ctrl-C) ends them all.
 */
public final class SideReads {

    private SideReads() {
    }

    /**
     * A read's answer, or null when it failed or missed the deadline ({@code untilNanos}, of {@link System#nanoTime});
     * one that missed it is cancelled. With {@code notes}, the reason is added there as "WHAT: not read ...".
     *
     * @param all   every read of the same whole, cancelled when the waiting thread is interrupted
     * @param whole what ends on an interrupt, for the CancellationException ("triage")
     * @throws CancellationException on an interrupt, or when the read itself ended by one
     */
    public static <T> T await(Future<T> future, long untilNanos, List<Future<?>> all, String whole, String what,
                              List<String> notes) {
        try {
            return future.get(Math.max(1, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            all.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new CancellationException(whole + " interrupted");
        } catch (TimeoutException e) {
            future.cancel(true);
            note(notes, what + ": not read within the deadline");
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof CancellationException cancelled) {
                throw cancelled;
            }
            note(notes, what + ": not read (" + cause.getMessage() + ")");
            return null;
        }
    }

    private static void note(List<String> notes, String line) {
        if (notes != null) {
            notes.add(line);
        }
    }
}
