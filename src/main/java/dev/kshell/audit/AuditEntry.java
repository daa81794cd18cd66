package dev.kshell.audit;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import dev.kshell.util.OsIdentity;

/**
 * One line of the audit log. Serialised by Jackson, field for field, in this order.
 *
 * @param time        UTC, ISO-8601 with milliseconds ("2026-05-01T03:12:45.123Z")
 * @param attemptId   one id per attempt; the CONFIRMED line and its SUCCEEDED / FAILED line share it
 * @param user        OS user (the JVM's user.name)
 * @param host        host name kshell runs on
 * @param clusterId   the connected cluster's id, or null when unknown
 * @param bootstrap   the bootstrap servers (or controllers) of the session
 * @param commandLine the command as typed (or the runbook step, prefixed with "file:line: ")
 * @param action      "elect-preferred", "elect-unclean", "restore-order", "reorder", ...
 * @param decision    the wire value of an {@link AuditDecision}
 * @param reason      why (refusal sentence, abort reason, failure), or null
 * @param plan        the plan record, serialised as JSON, or null
 * @param results     per-partition results (e.g. ElectionResults), or null before the mutation
 * @param origin      {@code file:line} of the runbook step that made the attempt, or null when typed
 * @param approvedBy  how a confirmed attempt was approved ("typed confirmation", "answered y", "--yes",
 *                    "allow unclean + --yes"), or null
 * @param sandbox     true for the sandbox's own fault injection (kill, pause, scenario, reset: practice, not an
 *                    operator's change to a real cluster); absent otherwise
 */
public record AuditEntry(String time, String attemptId, String user, String host, String clusterId,
                         String bootstrap, String commandLine, String action, String decision, String reason,
                         Object plan, Object results, String origin, String approvedBy,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Boolean sandbox) {

    /** The entry without origin and approval (lines written before those fields existed read like this). */
    public AuditEntry(String time, String attemptId, String user, String host, String clusterId, String bootstrap,
                      String commandLine, String action, String decision, String reason, Object plan, Object results) {
        this(time, attemptId, user, host, clusterId, bootstrap, commandLine, action, decision, reason, plan, results,
                null, null, null);
    }

    /** The same entry, made by the runbook step at {@code origin} ({@code file:line}; null = typed). */
    public AuditEntry from(String origin) {
        return new AuditEntry(time, attemptId, user, host, clusterId, bootstrap, commandLine, action, decision, reason,
                plan, results, origin, approvedBy, sandbox);
    }

    /** The same entry, with how it was approved. */
    public AuditEntry approvedBy(String approval) {
        return new AuditEntry(time, attemptId, user, host, clusterId, bootstrap, commandLine, action, decision, reason,
                plan, results, origin, approval, sandbox);
    }

    /** The same entry, marked as the sandbox's own fault injection. */
    public AuditEntry inSandbox() {
        return new AuditEntry(time, attemptId, user, host, clusterId, bootstrap, commandLine, action, decision, reason,
                plan, results, origin, approvedBy, Boolean.TRUE);
    }

    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ISO_INSTANT;

    /** A new attempt, now, by this OS user on this host. */
    public static AuditEntry of(String clusterId, String bootstrap, String commandLine, String action,
                                AuditDecision decision, String reason, Object plan, Object results) {
        return of(Clock.systemUTC(), newAttemptId(), clusterId, bootstrap, commandLine, action, decision, reason,
                plan, results);
    }

    public static AuditEntry of(Clock clock, String attemptId, String clusterId, String bootstrap,
                                String commandLine, String action, AuditDecision decision, String reason,
                                Object plan, Object results) {
        return new AuditEntry(format(clock.instant()), attemptId, OsIdentity.user(), hostName(),
                clusterId, bootstrap, commandLine, action, decision.label(), reason, plan, results);
    }

    /**
     * The closing line of a confirmed attempt: same attempt id, command and plan, a new time, the outcome and the
     * results.
     */
    public AuditEntry outcome(AuditDecision outcome, String reason, Object results) {
        return new AuditEntry(format(Instant.now()), attemptId, user, host, clusterId, bootstrap, commandLine, action,
                outcome.label(), reason, plan, results, origin, approvedBy, sandbox);
    }

    public static String newAttemptId() {
        return UUID.randomUUID().toString();
    }

    static String format(Instant instant) {
        return ISO_MILLIS.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }

    /** The host as the kernel names it ({@link dev.kshell.util.OsIdentity#host}), never $HOSTNAME. */
    static String hostName() {
        return OsIdentity.host();
    }
}
