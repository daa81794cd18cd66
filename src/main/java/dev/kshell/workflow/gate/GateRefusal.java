package dev.kshell.workflow.gate;

import dev.kshell.audit.AuditDecision;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/**
 * The gate said no, and the audit log says so already: a refusal (exit 3), an abort at the question (exit 3), or
 * input the command found wrong (exit 2). The message is the one line the operator reads; the alternative, when
 * there is one, is the safe next step.
 */
public final class GateRefusal extends KshellFailure {

    private final AuditDecision decision;
    private final String reason;
    private final String alternative;

    GateRefusal(AuditDecision decision, ExitCode code, String message, String reason, String alternative) {
        super(code, message);
        this.decision = decision;
        this.reason = reason;
        this.alternative = alternative;
    }

    /** What the audit line says: refused, aborted or invalid. */
    public AuditDecision decision() {
        return decision;
    }

    /** The reason alone ("answered no", the pin's sentence), without the "aborted ... nothing was changed" frame. */
    public String reason() {
        return reason;
    }

    /** The safe next step, or null. */
    public String alternative() {
        return alternative;
    }
}
