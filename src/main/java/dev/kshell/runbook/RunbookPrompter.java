package dev.kshell.runbook;

/** Asks the operator. The shell implements it over its terminal; tests use a scripted fake. */
public interface RunbookPrompter {

    /** Is there a terminal to ask? Without one, {@code confirm} and mutations need --yes. */
    boolean isInteractive();

    /** A y/N question; anything but yes is no. */
    boolean confirm(String question) throws InterruptedException;

    /** Under --step: run this step, skip it, or abort the run. */
    StepChoice askStep(String origin, String stepText) throws InterruptedException;

    /** The answers to a --step question. */
    enum StepChoice { YES, SKIP, ABORT }
}
