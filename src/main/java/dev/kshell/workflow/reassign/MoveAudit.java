package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

import java.util.function.Consumer;

/**
 * The audit lines of one attempt to move replicas (evacuate, cancel, unregister), by the rules of the elections'
 * guarded step: one line for an attempt that ends before it acts; a confirmed line BEFORE the first cluster call
 * (if it cannot be written nothing runs: exit 3), and a closing line with the same attempt id however the act ends
 * (a closing line that cannot be written is said, and the command fails).
 */
final class MoveAudit {

    private final AuditLog log;
    private final String clusterId;
    private final String bootstrap;
    private final String commandLine;
    private final String origin;
    private final String action;
    private final Consumer<String> notes;

    MoveAudit(AuditLog log, String clusterId, String bootstrap, String commandLine, String origin, String action,
              Consumer<String> notes) {
        this.log = log;
        this.clusterId = clusterId;
        this.bootstrap = bootstrap;
        this.commandLine = commandLine;
        this.origin = origin;
        this.action = action;
        this.notes = notes;
    }

    String path() {
        return log.path().toString();
    }

    /** The same attempt's audit, under another action name (a second attempt within one command). */
    MoveAudit as(String otherAction) {
        return new MoveAudit(log, clusterId, bootstrap, commandLine, origin, otherAction, notes);
    }

    private AuditEntry entry(AuditDecision decision, String reason, Object plan) {
        return AuditEntry.of(clusterId, bootstrap, commandLine, action, decision, reason, plan, null).from(origin);
    }

    /** One line for an attempt that ends before it acts; best effort (a lost line is said). */
    void ended(AuditDecision decision, String reason, Object plan) {
        try {
            log.append(entry(decision, reason, plan));
        } catch (AuditWriteException e) {
            notes.accept("warning: this attempt is NOT in the audit log: " + e.getMessage());
        }
    }

    /** The confirmed line; if it cannot be written nothing may run (exit 3). */
    AuditEntry confirmed(String approvedBy, String reason, Object plan) {
        AuditEntry e = entry(AuditDecision.CONFIRMED, reason, plan).approvedBy(approvedBy);
        try {
            log.append(e);
        } catch (AuditWriteException ex) {
            throw new KshellFailure(ExitCode.REFUSED, ex.getMessage());
        }
        return e;
    }

    /** The closing line; false (and said) when it is not on disk. */
    boolean closing(AuditEntry confirmed, AuditDecision outcome, String reason, Object results) {
        try {
            log.append(confirmed.outcome(outcome, reason, results));
            return true;
        } catch (AuditWriteException e) {
            notes.accept("error: the outcome of '" + action + "' is NOT recorded in the audit log (" + e.getMessage() + ")");
            return false;
        }
    }
}
