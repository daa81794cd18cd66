package dev.kshell.cli;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.session.KshellHome;
import dev.kshell.session.Secrets;

import java.nio.file.Path;

/** Where the audit log is, and the line for a mutating command refused by the grammar before it ran. */
public final class AuditFile {

    /** System property naming the audit log file; else env {@link #ENV}; else {@code <kshell home>/audit.jsonl}. */
    public static final String PROPERTY = "kshell.audit.file";
    public static final String ENV = "KSHELL_AUDIT_FILE";

    private AuditFile() {
    }

    public static Path path() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return KshellHome.audit(); // <kshell home>/audit.jsonl, or the sandbox's own directory
    }

    /**
     * An attempt to change a cluster that ended in an input error before the command ran (a grammar error, no
     * connection): one line, decision {@code invalid}. Best effort: a line that cannot be written is said.
     */
    static void inputError(KshellCommand command, String commandLine, String bootstrap, ExecutionMode run,
                           String reason, Output output) {
        AuditEntry entry = AuditEntry.of(null, bootstrap, Secrets.maskText(commandLine),
                command.getName().replace(' ', '-'), AuditDecision.INVALID, reason, null, null).from(run.origin());
        try {
            new AuditLog(path()).append(entry);
        } catch (AuditWriteException e) {
            output.err().println("warning: this attempt is NOT in the audit log: " + e.getMessage());
        }
    }
}
