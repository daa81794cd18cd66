package dev.kshell.audit;

/**
 * The decision an audit line records. The wire value (lower case, dashed) is what the JSON holds.
 *
 * <p>A confirmed mutation writes two lines with the same {@code attemptId}: {@link #CONFIRMED} BEFORE the first
 * cluster call (if that write fails, the mutation does not run), then {@link #SUCCEEDED} or {@link #FAILED} with
 * the per-partition results after it. Every other attempt writes one line.
 */
public enum AuditDecision {
    /** {@code --dry-run}: the plan was shown, nothing changed. */
    DRY_RUN("dry-run"),
    /** A guard refused (reason in the entry). */
    REFUSED("refused"),
    /** The operator confirmed (or --yes / a runbook allowed it); written before the mutation starts. */
    CONFIRMED("confirmed"),
    /** The operator declined or typed the wrong phrase. */
    ABORTED("aborted"),
    /** The mutation ran and no partition failed. */
    SUCCEEDED("succeeded"),
    /** The mutation ran and some partition failed, or it could not run. */
    FAILED("failed"),
    /** The plan held nothing to do; no cluster call was made. */
    NOT_NEEDED("not-needed");

    private final String wire;

    AuditDecision(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
