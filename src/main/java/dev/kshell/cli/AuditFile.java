package dev.kshell.cli;

import dev.kshell.render.Prose;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.Secrets;
import java.time.Duration;

/**
 * The audit line for a mutating command refused by the grammar before it ran (the log: {@link KshellHome#auditLog()}).
 */
public final class AuditFile {

    private AuditFile() {
    }

    /**
     * An attempt to change a cluster that ended in an input error before the command ran (a grammar error, no
     * connection): one line, decision {@code invalid}. Best effort: a line that cannot be written is said.
     */
    static void inputError(KshellCommand command, String commandLine, String bootstrap, ExecutionMode run,
                           String reason, Output output, Duration lockDeadline) {
        AuditEntry entry = AuditEntry.of(null, bootstrap, Secrets.maskText(commandLine),
                command.spec().name().replace(' ', '-'), AuditDecision.INVALID, reason, null, null).from(run.origin());
        try {
            // a refused command waits for another shell's lock no longer than its --timeout (was 10 s whatever it said)
            new AuditLog(KshellHome.auditLog(), lockDeadline).append(entry);
        } catch (AuditWriteException e) {
            output.err().print(Prose.text("warning: this attempt is NOT in the audit log: " + e.getMessage(),
                    output.width(), "warning: ".length()));
        }
    }
}
