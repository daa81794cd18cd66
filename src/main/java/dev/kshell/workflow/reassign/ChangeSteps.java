package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateRefusal;
import dev.kshell.workflow.gate.MutationGate;

import java.util.List;

/**
 * The shape that {@code reassign cancel}, {@code reassign throttle}, {@code reassign restore-rf} and
 * {@code brokers unregister} share, written once: a plan of items, the gate's pass or its refusal said as a line,
 * and a {@link ChangeReport} with the exit code.
 */
public final class ChangeSteps {

    private final String action;
    private final AuditLog auditLog;

    ChangeSteps(String action, AuditLog auditLog) {
        this.action = action;
        this.auditLog = auditLog;
    }

    AuditLog auditLog() {
        return auditLog;
    }

    /** What one of these commands came to: its JSON model and its exit code. */
    public record Result(ChangeReport report, ExitCode exitCode) {
    }

    Result end(String clusterId, AuditDecision d, String reason, List<String> planned, List<String> failed,
               List<String> lines, ExitCode code) {
        return new Result(new ChangeReport(action, clusterId, d.label(), reason, planned, failed, lines,
                auditLog.path().toString()), code);
    }

    /** Nothing to do: audited, said, exit 0. */
    Result notNeeded(MutationGate gate, String clusterId, String why, List<String> planned, List<String> lines) {
        gate.ended(clusterId, AuditDecision.NOT_NEEDED, why, planned);
        lines.add(why);
        return end(clusterId, AuditDecision.NOT_NEEDED, why, planned, List.of(), lines, ExitCode.OK);
    }

    /** The command's own refusal: audited, said with what to do instead, exit 3. */
    Result refused(MutationGate gate, String clusterId, String reason, String instead, List<String> planned,
                   List<String> lines) {
        gate.ended(clusterId, AuditDecision.REFUSED, reason, planned);
        lines.add("refused: " + reason);
        if (instead != null) {
            lines.add("  instead: " + instead);
        }
        return end(clusterId, AuditDecision.REFUSED, reason, planned, List.of(), lines, ExitCode.REFUSED);
    }

    /** The gate's answer: a pass, or (refused or declined, its line said) the result to return. */
    record Gated(MutationGate.Pass pass, Result declined) {
    }

    /** The gate's pass for {@code planned}, or the result of its refusal (the line that says so is in {@code lines}). */
    Gated pass(MutationGate gate, String clusterId, List<String> planned, Risk risk, Runnable show,
               List<String> lines) {
        try {
            return new Gated(gate.pass(clusterId, planned, risk, show), null);
        } catch (GateRefusal refused) {
            lines.add(refused.getMessage().startsWith("aborted") ? refused.getMessage()
                    : "refused: " + refused.getMessage() + (refused.alternative() == null ? ""
                    : " (" + refused.alternative() + ")"));
            return new Gated(null, end(clusterId, AuditDecision.REFUSED, refused.getMessage(), planned, List.of(),
                    lines, ExitCode.REFUSED));
        }
    }

    /** The dry run's end (the gate audited it). */
    Result dryRun(String clusterId, List<String> planned, List<String> lines) {
        lines.add("dry run: nothing was changed");
        return end(clusterId, AuditDecision.DRY_RUN, null, planned, List.of(), lines, ExitCode.OK);
    }
}
