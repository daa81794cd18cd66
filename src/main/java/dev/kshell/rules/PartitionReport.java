package dev.kshell.rules;

import dev.kshell.util.Labelled;
import dev.kshell.model.ExitCode;

import java.util.ArrayList;
import java.util.List;

/**
 * What a partition check found: partitions grouped by topic (internal topics first, then by name; partitions by
 * number), with counts per topic and in total.
 *
 * @param kind          the check: "leaderless", "under-min-isr", "at-min-isr" or "under-replicated"
 * @param status        {@link Status#OK}, or why the check could not run (no such topic, invalid filter)
 * @param error         the message for a non-OK status, else null
 * @param topics        topics with at least one selected partition
 * @param total         number of selected partitions over all topics
 * @param unknownMinIsr topics whose min.insync.replicas is unknown (configs not loaded), so that the min-ISR checks
 *                      could not judge their partitions that have a leader; empty for the other checks
 */
public record PartitionReport(String kind, Status status, String error, List<TopicGroup> topics, int total,
                              List<String> unknownMinIsr) {

    public enum Status implements Labelled {
        OK, NO_SUCH_TOPIC, INVALID_FILTER
    }

    public PartitionReport {
        topics = List.copyOf(topics);
        unknownMinIsr = unknownMinIsr == null ? List.of() : List.copyOf(unknownMinIsr);
    }

    static PartitionReport failed(PartitionCheck check, Status status, String error) {
        return new PartitionReport(check.label(), status, error, List.of(), 0, List.of());
    }

    /** True when the check ran (the filter was valid and named something that exists). */
    public boolean ok() {
        return status == Status.OK;
    }

    /** All selected partitions in report order (for runbook assertions such as {@code result.partitions.size()}). */
    public List<PartitionFinding> partitions() {
        List<PartitionFinding> all = new ArrayList<>(total);
        for (TopicGroup g : topics) {
            all.addAll(g.partitions());
        }
        return all;
    }

    /**
     * 2 (usage) when the check could not run; 1 when it selected partitions or could not judge some topics
     * (unknown min.isr is not a clean bill of health); 0 otherwise.
     */
    public ExitCode exitCode() {
        if (status != Status.OK) {
            return ExitCode.USAGE;
        }
        return total > 0 || !unknownMinIsr.isEmpty() ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
