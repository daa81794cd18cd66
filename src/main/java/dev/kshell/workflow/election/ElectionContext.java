package dev.kshell.workflow.election;

import dev.kshell.rules.election.ElectionInputException;
import dev.kshell.rules.election.QuorumStatus;

import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.memory.StateStore;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What every election workflow works over: the cluster, the audit log, the state store, the clock, the quorum port
 * and how long the re-read after an election waits. Plus the two reads they share: resolving partition arguments
 * and loading the cluster's memory.
 */
record ElectionContext(ClusterGateway gateway, AuditLog audit, StateStore store, Clock clock, QuorumStatus quorum,
                       Duration rereadWait) {

    /** A snapshot of the topics the partition arguments name, and the arguments resolved against it. */
    record Resolved(ClusterSnapshot snapshot, List<PartitionSpec> specs) {
    }

    /**
     * Reads the named topics (with configs) and resolves every argument; all bad arguments are reported at once as
     * one {@link ElectionInputException} (exit 2). An argument that is itself a topic name loads that topic too, so
     * the error can say "is a topic, not a partition".
     */
    Resolved resolve(List<String> args, String usage) {
        if (args.isEmpty()) {
            throw new ElectionInputException("name at least one partition (usage: " + usage + ")");
        }
        Set<String> known = new LinkedHashSet<>(gateway.topicNames());
        Set<String> topics = new LinkedHashSet<>();
        for (String a : args) {
            PartitionSpec.Parsed p = PartitionSpec.parse(a);
            if (p.ok() && known.contains(p.spec().topic())) {
                topics.add(p.spec().topic());
            }
            if (known.contains(a.strip())) {
                topics.add(a.strip());
            }
        }
        ClusterSnapshot snapshot = gateway.snapshot(List.copyOf(topics), true);
        PartitionSpec.ParsedList resolved = PartitionSpec.resolveAll(args, snapshot);
        if (!resolved.ok()) {
            throw new ElectionInputException(String.join("; ", resolved.errors().stream()
                    .map(PartitionSpec.SpecError::message).toList()));
        }
        return new Resolved(snapshot, resolved.specs());
    }

    /** The cluster's remembered offsets and reorders; a damaged state file is a warning, never a failure. */
    StateStore.Loaded memory(ElectionService.Operator operator, String clusterId) {
        StateStore.Loaded memory = store.load(clusterId);
        if (memory.warning() != null) {
            operator.note("warning: " + memory.warning());
        }
        return memory;
    }

    static List<String> distinct(List<String> topics) {
        return List.copyOf(new LinkedHashSet<>(topics));
    }
}
