package dev.kshell.workflow.reassign;

import dev.kshell.memory.StateStore;
import dev.kshell.model.ReplicationFactorCut;
import dev.kshell.rules.reassign.EvacuationPlan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What kshell remembers of the partitions it shrank ({@code reassign evacuate --shrink}): per cluster, each one's
 * replicas before, so that {@code reassign restore-rf} puts the factor back and triage and {@code audit} name them
 * while they run below it. A memory that cannot be written is said, never a failure of the move.
 */
final class ShrinkMemory {

    private final StateStore store;

    ShrinkMemory(StateStore store) {
        this.store = store;
    }

    /** Remembers the shrinks that were carried out; the lines to print. */
    List<String> remember(String clusterId, List<EvacuationPlan.Move> shrinks,
                          List<EvacuationReport.PartitionResult> results) {
        Instant now = Instant.now();
        Map<String, ReplicationFactorCut> done = new LinkedHashMap<>();
        for (EvacuationPlan.Move m : shrinks) {
            boolean moved = results.stream().anyMatch(r -> r.partition().equals(m.name())
                    && r.outcome().equals("moved"));
            if (moved) {
                done.put(m.name(), new ReplicationFactorCut(m.name(), m.current(), m.target(), now));
            }
        }
        List<String> lines = new ArrayList<>();
        if (done.isEmpty()) {
            return lines;
        }
        try {
            store.recordShrunk(clusterId, done, List.of(), now);
            lines.add("running below their replication factor: " + String.join(", ", done.keySet())
                    + " (remembered: `reassign restore-rf` puts the factor back once a broker is there; triage and "
                    + "`audit` name them meanwhile)");
        } catch (RuntimeException e) {
            lines.add("warning: the shrink is NOT remembered (" + e.getMessage() + "): note the factors "
                    + done.values().stream().map(c -> c.partition() + " RF " + c.factor()).toList());
        }
        return lines;
    }
}
