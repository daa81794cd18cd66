package dev.kshell.workflow.reassign;

import dev.kshell.rules.reassign.EvacuationPlan;

import java.util.List;

/**
 * What {@code reassign evacuate} came to (its JSON model).
 *
 * @param clusterId the cluster
 * @param decision  the audit decision of the moves with a live copy (dry-run, refused, aborted, succeeded, failed,
 *                  interrupted, not-needed)
 * @param reason    why, or null
 * @param plan      the plan
 * @param results   per partition acted on, what came of it
 * @param lostDecision the audit decision for the partitions with no live copy (refused, aborted, succeeded, ...),
 *                  or null when there were none
 * @param export    the file the plan was written to, or null
 * @param auditLog  the audit log's path
 */
public record EvacuationReport(String clusterId, String decision, String reason, EvacuationPlan plan,
                               List<PartitionResult> results, String lostDecision, String export, String auditLog) {

    /**
     * @param partition "topic-N"
     * @param outcome   moved / failed / in-flight / recovered-empty / not-moved
     * @param replicas  the replicas after (as last read), or the target when not read
     * @param isr       the ISR as last read (empty when not read)
     * @param message   a sentence, or null
     */
    public record PartitionResult(String partition, String outcome, List<Integer> replicas, List<Integer> isr,
                                  String message) {
    }
}
