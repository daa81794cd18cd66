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
 * @param stepByStep           the step runs under {@code run --step}: the person answers each step, so the run's
 *                             --yes never stands in for a typed phrase
 */
public record GuardContext(String expectedClusterId, String actualClusterId, boolean terminal, boolean yes,
                           boolean runbookAllowsUnclean, boolean dryRun, boolean stepByStep) {

    /** Outside {@code run --step}. */
    public GuardContext(String expectedClusterId, String actualClusterId, boolean terminal, boolean yes,
                        boolean runbookAllowsUnclean, boolean dryRun) {
        this(expectedClusterId, actualClusterId, terminal, yes, runbookAllowsUnclean, dryRun, false);
    }

    /** An interactive REPL session with no flags. */
    public static GuardContext interactive(String expectedClusterId, String actualClusterId) {
        return new GuardContext(expectedClusterId, actualClusterId, true, false, false, false);
    }

    public GuardContext withActualClusterId(String value) {
        return new GuardContext(expectedClusterId, value, terminal, yes, runbookAllowsUnclean, dryRun, stepByStep);
    }

    // Each wither below changes one of the invocation's flags; the pin, the cluster and --step stay (flags()).

    public GuardContext withYes(boolean value) {
        return flags(terminal, value, runbookAllowsUnclean, dryRun);
    }

    public GuardContext withTerminal(boolean value) {
        return flags(value, yes, runbookAllowsUnclean, dryRun);
    }

    public GuardContext withDryRun(boolean value) {
        return flags(terminal, yes, runbookAllowsUnclean, value);
    }

    public GuardContext withRunbookAllowsUnclean(boolean value) {
        return flags(terminal, yes, value, dryRun);
    }

    /** The same session and cluster (pin, actual id, --step) with these invocation flags. */
    private GuardContext flags(boolean terminal, boolean yes, boolean runbookAllowsUnclean, boolean dryRun) {
        return new GuardContext(expectedClusterId, actualClusterId, terminal, yes, runbookAllowsUnclean, dryRun,
                stepByStep);
    }
}
