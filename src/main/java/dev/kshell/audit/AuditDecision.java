package dev.kshell.audit;

/**
 * The decision an audit line records. The wire value (lower case, dashed) is what the JSON holds.
 *
 * <p>A confirmed mutation writes two lines with the same {@code attemptId}: {@link #CONFIRMED} BEFORE the first
 * cluster call (if that write fails, the mutation does not run), then {@link #SUCCEEDED} or {@link #FAILED} with
 * the per-partition results after it ({@link #INTERRUPTED} or {@link #UNKNOWN} when it did not end normally: every
 * confirmed line gets its closing line). Every other attempt writes one line.
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
    /**
     * The command was interrupted (Ctrl-C) after the confirmed line: some of the mutation may have been sent; the
     * per-partition results known at that moment are in the entry.
     */
    INTERRUPTED("interrupted"),
    /** The mutation was sent but its result could not be read (deadline passed, connection lost, internal error). */
    UNKNOWN("unknown"),
    /** The plan held nothing to do; no cluster call was made. */
    NOT_NEEDED("not-needed"),
    /** The command's input was wrong (an unknown partition, a bad argument): nothing was planned or sent. */
    INVALID("invalid");

    private final String wire;

    AuditDecision(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
