package dev.kshell.testsupport;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * The terminal tests' one wait: a tmux screen captured again and again ({@link Await#until}, every 250 ms) until it
 * shows what the test waits for. Each test captures its own way (scrollback, joined lines), so the capture is given.
 */
public final class Screens {

    /** One capture of a screen (a tmux call, which may fail with a checked exception). */
    @FunctionalInterface
    public interface Capture {
        String screen() throws Exception;
    }

    private Screens() {
    }

    /**
     * The first screen {@code condition} accepts.
     *
     * @throws AssertionError naming {@code what} and the last screen seen, after {@code timeout}
     */
    public static String await(String what, Duration timeout, Capture capture, Predicate<String> condition) {
        return Await.until(what, timeout, () -> {
            try {
                return capture.screen();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("capturing the screen failed: " + e.getMessage(), e);
            }
        }, condition);
    }
}
