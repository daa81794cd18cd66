package dev.kshell.workflow.reassign;

import java.util.List;

/**
 * What {@code reassign cancel} or {@code brokers unregister} came to (their JSON model).
 *
 * @param action   the audit action ("reassign-cancel", "unregister-broker")
 * @param decision the audit decision (dry-run, refused, aborted, not-needed, succeeded, failed)
 * @param reason   why, or null
 * @param planned  what was to be changed, one item each (partitions, throttles, a broker)
 * @param failed   what could not be changed, one sentence each
 * @param lines    what to print after the plan
 */
public record ChangeReport(String action, String clusterId, String decision, String reason, List<String> planned,
                           List<String> failed, List<String> lines, String auditLog) {

    public ChangeReport {
        planned = List.copyOf(planned);
        failed = List.copyOf(failed);
        lines = List.copyOf(lines);
    }
}
