package dev.kshell.rules.reassign;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicationFactorCut;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Partitions kshell ran on fewer replicas ({@code reassign evacuate --shrink}) that still run below the factor they
 * had: one more broker lost and they stop taking acks=all writes or lose their leader. Named by triage (step 5) and
 * by {@code audit} until {@code reassign restore-rf} puts the factor back. Pure.
 */
public final class BelowFactor {

    /** The rule id of the finding. */
    public static final String RULE = "below-replication-factor";

    private BelowFactor() {
    }

    /** The finding, or empty when every remembered partition is back at its factor (or gone). */
    public static Optional<Finding> finding(Map<String, ReplicationFactorCut> shrunk, ClusterSnapshot now) {
        List<String> below = new ArrayList<>();
        for (ReplicationFactorCut cut : shrunk.values()) {
            Optional<PartitionState> p = now.partition(cut.partition());
            if (p.isPresent() && p.get().replicas().size() < cut.factor()) {
                below.add(cut.partition() + " (RF " + p.get().replicas().size() + " of " + cut.factor() + ")");
            }
        }
        if (below.isEmpty()) {
            return Optional.empty();
        }
        String names = below.size() <= 5 ? String.join(", ", below)
                : String.join(", ", below.subList(0, 5)) + " and " + (below.size() - 5) + " more";
        return Optional.of(new Finding(Severity.WARNING, RULE, below.size() + " partition" + (below.size() == 1 ? ""
                : "s"), "running below their replication factor since kshell shrank them (reassign evacuate "
                + "--shrink): " + names + "; one more broker lost and they stop taking acks=all writes or lose their "
                + "leader", "reassign restore-rf --dry-run"));
    }
}
