package dev.kshell.sandbox;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/** Waiting for the sandbox's cluster to show what a step did, and the small time helpers the steps share. */
final class Settle {

    private Settle() {
    }

    /**
     * Polls (every 250 ms) until the condition holds; cluster errors while polling count as "not yet".
     *
     * @throws CancellationException when {@code closing} turns true or the thread is interrupted
     * @throws IllegalStateException naming {@code what} (and the last error) when {@code bound} passes
     */
    static void await(String what, BooleanSupplier condition, Duration bound, BooleanSupplier closing) {
        long deadline = System.nanoTime() + bound.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() - deadline < 0) {
            if (closing.getAsBoolean()) {
                throw new CancellationException("the sandbox is closing");
            }
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (CancellationException e) {
                throw e;
            } catch (RuntimeException e) {
                last = e;
            }
            sleep(250);
        }
        throw new IllegalStateException("the sandbox did not reach '" + what + "' within "
                + bound.toSeconds() + " s" + (last == null ? "" : " (last error: " + last.getMessage() + ")"));
    }

    /** Sleeps; an interrupt becomes a {@link CancellationException} (the command was cancelled). */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        }
    }

    static long millis(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    static String seconds(long t0) {
        return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
    }
}
