package dev.kshell.audit;

import dev.kshell.util.Labelled;

/**
 * The decision an audit line records. Its {@link #label()} (lower case, dashed) is what the JSON holds.
 *
 * <p>A confirmed mutation writes two lines with the same {@code attemptId}: {@link #CONFIRMED} BEFORE the first
 * cluster call (if that write fails, the mutation does not run), then {@link #SUCCEEDED} or {@link #FAILED} with
 * the per-partition results after it ({@link #INTERRUPTED} or {@link #UNKNOWN} when it did not end normally: every
 * confirmed line gets its closing line). Every other attempt writes one line.
 */
public enum AuditDecision implements Labelled {
    /** {@code --dry-run}: the plan was shown, nothing changed. */
    DRY_RUN,
    /** A guard refused (reason in the entry). */
    REFUSED,
    /** The operator confirmed (or --yes / a runbook allowed it); written before the mutation starts. */
    CONFIRMED,
    /** The operator declined or typed the wrong phrase. */
    ABORTED,
    /** The mutation ran and no partition failed. */
    SUCCEEDED,
    /** The mutation ran and some partition failed, or it could not run. */
    FAILED,
    /**
     * The command was interrupted (Ctrl-C) after the confirmed line: some of the mutation may have been sent; the
     * per-partition results known at that moment are in the entry.
     */
    INTERRUPTED,
    /** The mutation was sent but its result could not be read (deadline passed, connection lost, internal error). */
    UNKNOWN,
    /** The plan held nothing to do; no cluster call was made. */
    NOT_NEEDED,
    /** The command's input was wrong (an unknown partition, a bad argument): nothing was planned or sent. */
    INVALID;

}
