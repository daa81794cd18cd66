package dev.kshell.memory;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Collections;

/**
 * What kshell remembers about one cluster between runs ({@code <base>/<cluster-id>.json} and the offsets log
 * {@code <base>/<cluster-id>.offsets}, see {@link StateStore}).
 *
 * @param clusterId          the cluster id
 * @param updatedAt          when kshell last recorded anything, or null for an empty memory
 * @param quorumLeader       the last metadata quorum leader kshell saw (a real leader; -1 is never recorded), or null
 * @param quorumLeaderSeenAt when kshell first saw it lead (the small file is rewritten only when the leader changes),
 *                           or null
 * @param partitions         per partition name ("topic-3"): the offsets last seen while it had a leader
 * @param reorders           per partition name: replica orders kshell changed and has not restored yet
 */
public record ClusterMemory(String clusterId, Instant updatedAt, Integer quorumLeader, Instant quorumLeaderSeenAt,
                            Map<String, OffsetsSeen> partitions, Map<String, ReplicaOrderChange> reorders) {

    public ClusterMemory {
        partitions = partitions == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(partitions));
        reorders = reorders == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(reorders));
    }

    public static ClusterMemory empty(String clusterId) {
        return new ClusterMemory(clusterId, null, null, null, Map.of(), Map.of());
    }

    public Optional<OffsetsSeen> lookup(String partition) {
        return Optional.ofNullable(partitions.get(partition));
    }

    public Optional<ReplicaOrderChange> reorder(String partition) {
        return Optional.ofNullable(reorders.get(partition));
    }
}
