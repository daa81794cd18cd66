package dev.kshell.memory;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;
import dev.kshell.model.ReplicationFactorCut;

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
 * @param shrunk             per partition name: replication factors kshell lowered ({@code --shrink}) and has not put
 *                           back yet
 */
public record ClusterMemory(String clusterId, Instant updatedAt, Integer quorumLeader, Instant quorumLeaderSeenAt,
                            Map<String, OffsetsSeen> partitions, Map<String, ReplicaOrderChange> reorders,
                            Map<String, ReplicationFactorCut> shrunk) {

    public ClusterMemory {
        partitions = partitions == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(partitions));
        reorders = reorders == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(reorders));
        shrunk = shrunk == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(shrunk));
    }

    /** The same memory with these shrunk partitions. */
    public ClusterMemory withShrunk(Map<String, ReplicationFactorCut> value, Instant at) {
        return new ClusterMemory(clusterId, at, quorumLeader, quorumLeaderSeenAt, partitions, reorders, value);
    }

    public static ClusterMemory empty(String clusterId) {
        return new ClusterMemory(clusterId, null, null, null, Map.of(), Map.of(), Map.of());
    }

    public Optional<OffsetsSeen> lookup(String partition) {
        return Optional.ofNullable(partitions.get(partition));
    }

    public Optional<ReplicaOrderChange> reorder(String partition) {
        return Optional.ofNullable(reorders.get(partition));
    }
}
