package dev.kshell.workflow.gate;

import dev.kshell.audit.AuditLog;
import dev.kshell.rules.guard.GuardContext;

import java.util.function.Supplier;

/**
 * One attempt to change a cluster as the gate sees it.
 *
 * @param commandLine the command as typed, secrets masked
 * @param origin      {@code file:line} when a runbook step runs it, else null
 * @param action      the audit log's name for the act ("configs-set", "groups-reset-offsets", ...)
 * @param guard       the session's facts the policy decides on (pin, terminal, --yes, --dry-run, allow unclean, --step)
 * @param operator    who is asked and told
 * @param log         the audit log
 * @param bootstrap   the connection's addresses, for the audit line
 * @param sandbox     the sandbox's own fault injection (its lines carry the sandbox marker)
 * @param clusterId   reads the connected cluster's id (one cheap call): a pinned session's attempt is checked against
 *                    it before it plans, so the wrong cluster is said first; null when there is nothing to read
 */
public record GateAttempt(String commandLine, String origin, String action, GuardContext guard, Operator operator,
                          AuditLog log, String bootstrap, boolean sandbox, Supplier<String> clusterId) {

    /** Without a reader of the cluster id: the pin is checked when the plan names the cluster. */
    public GateAttempt(String commandLine, String origin, String action, GuardContext guard, Operator operator,
                       AuditLog log, String bootstrap, boolean sandbox) {
        this(commandLine, origin, action, guard, operator, log, bootstrap, sandbox, null);
    }

    /** The person (or script) behind an attempt. */
    public interface Operator {
        /** Asks; null = no answer (end of input, Ctrl-C, no terminal). */
        String ask(String prompt);

        /** A line of commentary (stderr). */
        void note(String line);
    }

    /** The same attempt under another action name (a second act within one command). */
    public GateAttempt as(String otherAction) {
        return new GateAttempt(commandLine, origin, otherAction, guard, operator, log, bootstrap, sandbox, clusterId);
    }
}
