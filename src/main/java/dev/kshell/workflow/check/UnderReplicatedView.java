package dev.kshell.workflow.check;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.replication.CauseReport;

/**
 * {@code under-replicated}'s JSON model: the partition report's fields as before (unwrapped), and {@code causes}:
 * every replica out of the ISR grouped by why.
 */
public record UnderReplicatedView(@JsonUnwrapped PartitionReport report, CauseReport causes) {
}
