package dev.kshell.model;

/**
 * Process exit codes of one-shot mode and runbooks (documented in README.md). Ordered by how bad they are, so a
 * batch can report the worst.
 */
public enum ExitCode {
    /** Done; for diagnosis commands: healthy. */
    OK(0),
    /** A diagnosis found problems (or a runbook assertion was false). */
    FINDINGS(1),
    /** Usage or input error: unknown command, bad option, malformed file. */
    USAGE(2),
    /** Refused by a safety guard. */
    REFUSED(3),
    /** Cluster unreachable or a deadline passed. */
    UNREACHABLE(4),
    /** A mutation failed, partly or wholly. */
    ACTION_FAILED(5),
    /** A defect in kshell itself. */
    INTERNAL(70),
    /** Cancelled by the operator (Ctrl-C), as shells report SIGINT. */
    CANCELLED(130);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ExitCode of(int code) {
        for (ExitCode c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return INTERNAL;
    }

    /** The worse of two outcomes (used to fold per-step or per-partition results). */
    public ExitCode worst(ExitCode other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return this == INTERNAL ? 100 : this == CANCELLED ? 99 : code;
    }
}
