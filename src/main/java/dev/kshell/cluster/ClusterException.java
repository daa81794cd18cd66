package dev.kshell.cluster;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/**
 * An expected failure talking to a cluster, already turned into one sentence for the operator. The gateway
 * translates Kafka's exceptions into this so that no other package needs to know Kafka's exception types.
 */
public class ClusterException extends KshellFailure {

    /** What kind of failure, which decides the exit code. */
    public enum Kind {
        /** Nothing answered within the deadline, or the address cannot be reached or resolved. */
        UNREACHABLE,
        /** The cluster did not let us in: authentication failed. */
        DENIED,
        /** The cluster let us in but the principal lacks the ACL for this operation (the message names it). */
        NOT_AUTHORIZED,
        /** A named topic / partition / group does not exist. */
        NOT_FOUND,
        /** The request itself was invalid (bad config, unsupported on this endpoint). */
        INVALID,
        /** The cluster answered with an error for an action. */
        FAILED
    }

    private final Kind kind;

    public ClusterException(Kind kind, String message, Throwable cause) {
        super(exitCode(kind), message, cause);
        this.kind = kind;
    }

    public ClusterException(Kind kind, String message) {
        this(kind, message, null);
    }

    private static ExitCode exitCode(Kind kind) {
        return switch (kind) {
            case UNREACHABLE, DENIED -> ExitCode.UNREACHABLE;
            // the cluster answered and refused the operation: the action failed, the cluster is reachable
            case NOT_AUTHORIZED, FAILED -> ExitCode.ACTION_FAILED;
            case NOT_FOUND, INVALID -> ExitCode.USAGE;
        };
    }

    public Kind kind() {
        return kind;
    }
}
