package dev.kshell.rules.guard;

/**
 * The session facts the guard decides on.
 *
 * @param expectedClusterId    the cluster id the profile pins, or null when none is pinned
 * @param actualClusterId      the connected cluster's id, or null when unknown
 * @param terminal             true when an operator can be asked (an interactive terminal is attached)
 * @param yes                  {@code --yes} on the command, or on the {@code run} of the runbook executing it
 * @param runbookAllowsUnclean the executing runbook declares {@code allow unclean} (false outside runbooks)
 * @param dryRun               {@code --dry-run} on the command or on the {@code run}
 */
public record GuardContext(String expectedClusterId, String actualClusterId, boolean terminal, boolean yes,
                           boolean runbookAllowsUnclean, boolean dryRun) {

    /** An interactive REPL session with no flags. */
    public static GuardContext interactive(String expectedClusterId, String actualClusterId) {
        return new GuardContext(expectedClusterId, actualClusterId, true, false, false, false);
    }

    public GuardContext withActualClusterId(String value) {
        return new GuardContext(expectedClusterId, value, terminal, yes, runbookAllowsUnclean, dryRun);
    }

    public GuardContext withYes(boolean value) {
        return new GuardContext(expectedClusterId, actualClusterId, terminal, value, runbookAllowsUnclean, dryRun);
    }

    public GuardContext withTerminal(boolean value) {
        return new GuardContext(expectedClusterId, actualClusterId, value, yes, runbookAllowsUnclean, dryRun);
    }

    public GuardContext withDryRun(boolean value) {
        return new GuardContext(expectedClusterId, actualClusterId, terminal, yes, runbookAllowsUnclean, value);
    }

    public GuardContext withRunbookAllowsUnclean(boolean value) {
        return new GuardContext(expectedClusterId, actualClusterId, terminal, yes, value, dryRun);
    }
}
