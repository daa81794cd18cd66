package dev.kshell.runbook;

/**
 * Runs one command line through the shell's own parser and executor (the same path as the REPL). The shell
 * implements it.
 */
@FunctionalInterface
public interface StepRunner {

    /**
     * @param commandLine the line as typed in the REPL, after {@code ${name}} substitution; words are re-quoted so
     *                    the shell's tokeniser yields exactly the words the parser checked
     * @throws InterruptedException when the operator pressed Ctrl-C while the step ran (the run is aborted)
     */
    StepOutcome run(String commandLine, StepContext opts) throws InterruptedException;
}
