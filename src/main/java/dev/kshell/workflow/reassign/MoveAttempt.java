package dev.kshell.workflow.reassign;

import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.reassign.EvacuationPlan;

/**
 * One attempt to move replicas as the guard and the audit log see it.
 *
 * @param commandLine the command as typed (secrets masked)
 * @param origin      {@code file:line} when a runbook step, else null
 * @param guard       the facts the guard decides on (terminal, --yes, --dry-run, allow unclean, pinned cluster id)
 * @param operator    who sees the plan and is asked
 */
public record MoveAttempt(String commandLine, String origin, GuardContext guard, Operator operator) {

    /** The person (or script) behind an attempt. */
    public interface Operator {
        /** Called once with the plan, before anything is decided. */
        void showPlan(EvacuationPlan plan);

        /** Asks; null = no answer (end of input, Ctrl-C, no terminal). */
        String ask(String prompt);

        /** A line of commentary (stderr). */
        void note(String line);

        /** The progress line's text (a terminal rewrites it in place; a script sees nothing). */
        void progress(String text);

        /** Removes the progress line. */
        void progressDone();
    }
}
