package dev.kshell.workflow.gate;

import dev.kshell.audit.AuditDecision;

/**
 * How an act ended, for its closing audit line.
 *
 * @param decision succeeded, failed, unknown or interrupted
 * @param reason   why it did not succeed, or null
 * @param results  what it did, per part (the JSON the audit line holds), or null
 */
public record GateOutcome(AuditDecision decision, String reason, Object results) {

    public static GateOutcome succeeded(Object results) {
        return new GateOutcome(AuditDecision.SUCCEEDED, null, results);
    }

    public static GateOutcome failed(String reason, Object results) {
        return new GateOutcome(AuditDecision.FAILED, reason, results);
    }
}
