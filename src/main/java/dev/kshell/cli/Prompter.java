package dev.kshell.cli;
import java.time.Duration;

/** Asks the operator something at the terminal. Answers never land in the command history. */
public interface Prompter {

    /** True when a person can answer (a terminal is attached). */
    boolean interactive();

    /** Shows the question and returns the typed answer, or null at end of input / Ctrl-C. */
    String ask(String question);

    /**
     * Waits up to {@code timeout} for a key that ends a running view such as {@code watch}: {@code q} or Ctrl-D.
     * Returns what ended it ("q", "end of input") or null when the time passed. Without a terminal (a pipe, tests)
     * it only waits: keys are never taken from a pipe, where they belong to the next command.
     *
     * @throws InterruptedException Ctrl-C (the shell interrupts the running command)
     */
    default String awaitStopKey(Duration timeout) throws InterruptedException {
        Thread.sleep(timeout.toMillis());
        return null;
    }

    /** No terminal: every question goes unanswered. */
    Prompter NONE = new Prompter() {
        @Override
        public boolean interactive() {
            return false;
        }

        @Override
        public String ask(String question) {
            return null;
        }
    };
}
