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

    private AuditFile() {
    }

    /** The audit log's path: {@link KshellHome#auditLog()} (property, environment, or the kshell home). */
    public static Path path() {
        return KshellHome.auditLog();
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
