package dev.kshell.runbook;

import java.util.List;
import java.util.Objects;

import dev.kshell.rules.PartitionFinding;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.TopicFilter;
import dev.kshell.rules.Triage;
import dev.kshell.rules.Verdict;
import dev.kshell.model.ClusterSnapshot;

/**
 * {@code cluster} in expressions, over one snapshot: the same rules as the {@code leaderless}, {@code under-min-isr}
 * and {@code triage} commands (diagnosis/), so an expression and a command never disagree about a partition.
 * The shell builds one per evaluation from a fresh snapshot (with topic configs, for min.insync.replicas).
 */
public final class SnapshotClusterView implements ClusterView, ClusterView.Summarised {

    private final ClusterSnapshot snapshot;

    public SnapshotClusterView(ClusterSnapshot snapshot) {
        this.snapshot = Objects.requireNonNull(snapshot);
    }

    /** The partitions as {@link PartitionFinding}s (JSON: topic, partition, leader, replicas, isr, elr ...). */
    @Override
    public List<PartitionFinding> leaderless(String topic) {
        return findings(PartitionHealth.leaderless(snapshot, TopicFilter.topic(topic)));
    }

    @Override
    public List<PartitionFinding> leaderless() {
        return findings(PartitionHealth.leaderless(snapshot, TopicFilter.all()));
    }

    @Override
    public List<PartitionFinding> underMinIsr(String topic) {
        return findings(PartitionHealth.underMinIsr(snapshot, TopicFilter.topic(topic)));
    }

    @Override
    public List<PartitionFinding> underMinIsr() {
        return findings(PartitionHealth.underMinIsr(snapshot, TopicFilter.all()));
    }

    /** Triage's verdict is HEALTHY (no previous snapshot: a climbing quorum epoch is not judged here). */
    @Override
    public boolean healthy() {
        return Triage.run(snapshot, null).verdict() == Verdict.HEALTHY;
    }

    /** Triage's verdict line over the same snapshot and rules as {@link #healthy()}. */
    @Override
    public String summary() {
        return Triage.run(snapshot, null).verdictLine();
    }

    /**
     * Flattens the report's topic groups. A topic that does not exist is an error, not an empty list: a typo in a
     * runbook must not make {@code cluster.leaderless('ordrs').isEmpty()} true.
     */
    private static List<PartitionFinding> findings(PartitionReport report) {
        if (!report.ok()) {
            throw new IllegalArgumentException(report.error());
        }
        return report.topics().stream().flatMap(g -> g.partitions().stream()).toList();
    }
}
