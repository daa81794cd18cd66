package dev.kshell.workflow.reassign;

import dev.kshell.workflow.gate.GateAttempt;

import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.reassign.EvacuationPlan;

/**
 * One attempt to move replicas as the guard and the audit log see it.
 *
 * @param commandLine the command as typed (secrets masked)
 * @param origin      {@code file:line} when a runbook step, else null
 * @param guard       the facts the guard decides on (terminal, --yes, --dry-run, allow unclean, pinned cluster id)
 * @param operator    who sees the plan and is asked
 */
public record MoveAttempt(String commandLine, String origin, GuardContext guard, Operator operator) {

    /** The person (or script) behind an attempt, and the plan and progress shown to them. */
    public interface Operator extends GateAttempt.Operator {
        /** Called once with the plan, before anything is decided. */
        void showPlan(EvacuationPlan plan);


        /** The progress line's text (a terminal rewrites it in place; a script sees nothing). */
        void progress(String text);

        /** Removes the progress line. */
        void progressDone();
    }

    /** The gate's attempt of {@code action} on {@code gateway}, audited in {@code log}. */
    public GateAttempt gate(String action, dev.kshell.audit.AuditLog log, dev.kshell.cluster.ClusterGateway gateway) {
        return new GateAttempt(commandLine, origin, action, guard, operator, log, gateway.target().endpoints(), false,
                gateway::clusterId);
    }
}
