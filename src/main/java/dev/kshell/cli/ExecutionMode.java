package dev.kshell.cli;

/**
 * How a command line is being run.
 *
 * @param yes          --yes given for the whole run (answers y/N prompts, never a typed unclean confirmation)
 * @param dryRun       plan mutations only (runbook --dry-run)
 * @param inRunbook    the line comes from a runbook
 * @param allowUnclean the runbook declares {@code allow unclean}
 * @param stacktrace   print stack traces of unexpected failures
 * @param origin       {@code file:line} of the runbook step being run, or null outside runbooks
 * @param stepByStep   the step runs under {@code run --step}: the run's --yes never stands in for a typed phrase
 */
public record ExecutionMode(boolean yes, boolean dryRun, boolean inRunbook, boolean allowUnclean, boolean stacktrace,
                            String origin, boolean stepByStep) {

    public ExecutionMode(boolean yes, boolean dryRun, boolean inRunbook, boolean allowUnclean, boolean stacktrace,
                         String origin) {
        this(yes, dryRun, inRunbook, allowUnclean, stacktrace, origin, false);
    }

    public static final ExecutionMode INTERACTIVE = new ExecutionMode(false, false, false, false, false);

    public ExecutionMode(boolean yes, boolean dryRun, boolean inRunbook, boolean allowUnclean, boolean stacktrace) {
        this(yes, dryRun, inRunbook, allowUnclean, stacktrace, null);
    }

    /** The same mode with --yes on or off (the launcher's --yes applies to one-shot commands only). */
    public ExecutionMode withYes(boolean value) {
        return new ExecutionMode(value, dryRun, inRunbook, allowUnclean, stacktrace, origin, stepByStep);
    }

    public ExecutionMode withStacktrace(boolean value) {
        return new ExecutionMode(yes, dryRun, inRunbook, allowUnclean, value, origin, stepByStep);
    }
}
