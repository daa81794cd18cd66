package dev.kshell.runbook;

/**
 * Tells a command that it runs inside a runbook, and under which run options.
 *
 * @param yes          the run was given --yes: confirmations inside the command are answered yes
 * @param dryRun       the run was given --dry-run: a mutating command must print its plan and change nothing
 * @param allowUnclean the file declares {@code allow unclean}; the executor only sends an unclean step when this
 *                     and {@code yes} are both true (and not in a dry run, where the step only plans)
 * @param origin       {@code file:line} of the step, for the audit log and messages
 */
public record StepContext(boolean yes, boolean dryRun, boolean allowUnclean, String origin, boolean stepByStep) {

    /** Outside {@code run --step}. */
    public StepContext(boolean yes, boolean dryRun, boolean allowUnclean, String origin) {
        this(yes, dryRun, allowUnclean, origin, false);
    }
}
