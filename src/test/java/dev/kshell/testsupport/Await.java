package dev.kshell.testsupport;

import java.time.Duration;
import java.util.function.Supplier;

/** Polls a condition against a real cluster, which takes seconds to notice a crash. */
public final class Await {

    private Await() {
    }

    public static <T> T until(String what, Duration timeout, Supplier<T> probe, java.util.function.Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = probe.get();
                if (done.test(last)) {
                    return last;
                }
            } catch (RuntimeException e) {
                // the cluster may be between states; try again
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
        throw new AssertionError("timed out after " + timeout.toSeconds() + "s waiting for " + what + "; last seen: " + last);
    }
}
