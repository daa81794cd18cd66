package dev.kshell.testsupport;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Polls a condition against a real cluster, which takes seconds to notice a crash. The predicate must be the
 * property the test then asserts: a wait for something weaker proves nothing about what follows.
 */
public final class Await {

    private Await() {
    }

    /**
     * Calls {@code probe} every 250 ms until {@code done} accepts its value, and returns that value. A probe that
     * throws a RuntimeException counts as "not yet" (the cluster may be between states); an AssertionError inside
     * the probe is not caught (assert on the returned value instead).
     *
     * @throws AssertionError naming {@code what}, the last value seen and the last exception, after {@code timeout}
     */
    public static <T> T until(String what, Duration timeout, Supplier<T> probe, Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        RuntimeException lastError = null;
        while (System.nanoTime() < deadline) {
            try {
                last = probe.get();
                if (done.test(last)) {
                    return last;
                }
            } catch (RuntimeException e) {
                lastError = e; // the cluster may be between states; try again
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
        AssertionError timedOut = new AssertionError("timed out after " + timeout.toSeconds() + "s waiting for "
                + what + "; last seen: " + last + (lastError == null ? "" : "; last error: " + lastError));
        if (lastError != null) {
            timedOut.initCause(lastError);
        }
        throw timedOut;
    }
}
