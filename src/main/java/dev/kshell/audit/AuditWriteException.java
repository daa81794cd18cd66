package dev.kshell.audit;

import java.nio.file.Path;

/**
 * The audit log could not be written. The mutation it was about must not run (or, for a closing line, the operator
 * must be told that the result is not recorded). The message names the path and the cause.
 */
public class AuditWriteException extends RuntimeException {

    private final transient Path path;

    public AuditWriteException(Path path, Throwable cause) {
        super("cannot write the audit log " + path + ": " + describe(cause)
                + " (fix the path or set another with the audit-log setting; nothing was changed on the cluster)",
                cause);
        this.path = path;
    }

    /** A failure without an exception of its own, e.g. the log's lock was held past the deadline. */
    public AuditWriteException(Path path, String reason) {
        super("cannot write the audit log " + path + ": " + reason
                + " (try again, or set another path with the audit-log setting; nothing was changed on the cluster)");
        this.path = path;
    }

    public Path path() {
        return path;
    }

    private static String describe(Throwable t) {
        String type = t.getClass().getSimpleName();
        return t.getMessage() == null ? type : type + ": " + t.getMessage();
    }
}
