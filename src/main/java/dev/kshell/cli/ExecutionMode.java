package dev.kshell.cli;

/**
 * How a command line is being run.
 *
 * @param yes          --yes given for the whole run (answers y/N prompts, never a typed unclean confirmation)
 * @param dryRun       plan mutations only (runbook --dry-run)
 * @param inRunbook    the line comes from a runbook
 * @param allowUnclean the runbook declares {@code allow unclean}
 * @param stacktrace   print stack traces of unexpected failures
 */
public record ExecutionMode(boolean yes, boolean dryRun, boolean inRunbook, boolean allowUnclean, boolean stacktrace) {

    public static final ExecutionMode INTERACTIVE = new ExecutionMode(false, false, false, false, false);
}
