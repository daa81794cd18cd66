package dev.kshell.model;

import java.time.Instant;
import java.util.List;

/**
 * A partition kshell ran on its live replicas only ({@code reassign evacuate --shrink} on a small cluster),
 * remembered so that {@code reassign restore-rf} can put its replication factor back once a broker is there, and so
 * that triage and {@code audit} keep naming it while it runs below its factor.
 *
 * @param partition        partition name, "topic-3"
 * @param originalReplicas the replicas before the shrink, in order (their count is the factor to restore)
 * @param shrunkTo         the replicas it was shrunk to
 * @param at               when kshell shrank it (UTC)
 */
public record ReplicationFactorCut(String partition, List<Integer> originalReplicas, List<Integer> shrunkTo,
                                   Instant at) {

    public ReplicationFactorCut {
        originalReplicas = List.copyOf(originalReplicas);
        shrunkTo = List.copyOf(shrunkTo);
    }

    /** The replication factor to restore. */
    public int factor() {
        return originalReplicas.size();
    }
}
