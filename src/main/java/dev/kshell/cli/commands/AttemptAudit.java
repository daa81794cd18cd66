package dev.kshell.cli.commands;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.cli.CommandFailure;
import dev.kshell.cli.Invocation;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.election.ElectionRefusedException;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.Secrets;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * The audit log for attempts to change a cluster that are not elections (elections audit themselves, in
 * election/): a runbook refused before step 1, and the sandbox's fault injection (marked {@code "sandbox": true}).
 * One line for an attempt that ends before it acts; a confirmed line before it acts and a closing line after,
 * whatever ends it. A confirmed line that cannot be written refuses the attempt (exit 3); a closing line that
 * cannot be written fails the command.
 */
final class AttemptAudit {

    private final Invocation inv;
    private final String action;
    private final String clusterId;
    private final String bootstrap;
    private final boolean sandbox;

    private AttemptAudit(Invocation inv, String action, String clusterId, String bootstrap, boolean sandbox) {
        this.inv = inv;
        this.action = action;
        this.clusterId = clusterId;
        this.bootstrap = bootstrap;
        this.sandbox = sandbox;
    }

    static AttemptAudit of(Invocation inv, String action, String clusterId, String bootstrap) {
        return new AttemptAudit(inv, action, clusterId, bootstrap, false);
    }

    /** The sandbox's own fault injection: every line carries the sandbox marker. */
    static AttemptAudit sandbox(Invocation inv, String action, String clusterId, String bootstrap) {
        return new AttemptAudit(inv, action, clusterId, bootstrap, true);
    }

    private AuditLog log() {
        Duration timeout = inv.get(GlobalOptions.TIMEOUT);
        return new AuditLog(KshellHome.auditLog(), timeout == null ? AuditLog.DEFAULT_LOCK_DEADLINE : timeout);
    }

    private AuditEntry entry(AuditDecision decision, String reason, Object plan) {
        AuditEntry e = AuditEntry.of(clusterId, bootstrap, Secrets.maskText(inv.commandLine()), action, decision,
                reason, plan, null).from(inv.mode().origin());
        return sandbox ? e.inSandbox() : e;
    }

    /** One line for an attempt that ended before it acted; a line that cannot be written is said (best effort). */
    void ended(AuditDecision decision, String reason, Object plan) {
        try {
            log().append(entry(decision, reason, plan));
        } catch (AuditWriteException e) {
            inv.note("warning: this attempt is NOT in the audit log: " + e.getMessage());
        }
    }

    /**
     * Runs {@code act} between a confirmed line (written first: if it cannot be, nothing runs, exit 3) and a closing
     * line (succeeded, or failed with the failure's message, which then goes on).
     *
     * @throws CommandFailure (exit 5) when the act ran but its closing line could not be written
     */
    <T> T around(String approvedBy, Supplier<T> act) {
        AuditEntry confirmed = entry(AuditDecision.CONFIRMED, null, null).approvedBy(approvedBy);
        AuditLog log = log();
        try {
            log.append(confirmed);
        } catch (AuditWriteException e) {
            throw new ElectionRefusedException(e.getMessage());
        }
        T result;
        try {
            result = act.get();
        } catch (RuntimeException e) {
            String lost = closing(log, confirmed.outcome(AuditDecision.FAILED, e.getMessage(), null));
            if (lost != null) {
                inv.note("error: " + lost);
            }
            throw e;
        }
        String lost = closing(log, confirmed.outcome(AuditDecision.SUCCEEDED, null, null));
        if (lost != null) {
            throw new CommandFailure(ExitCode.ACTION_FAILED, lost);
        }
        return result;
    }

    /** Writes the closing line; null when it is on disk, else the one line that says it is not. */
    private String closing(AuditLog log, AuditEntry entry) {
        try {
            log.append(entry);
            return null;
        } catch (AuditWriteException e) {
            return "the outcome of '" + action + "' is NOT recorded in the audit log (" + e.getMessage() + ")";
        }
    }
}
