package dev.kshell.cluster;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;

import java.util.List;

/**
 * Everything kshell asks of a cluster. The only door to the Kafka Admin API; every method honours the target's
 * deadline and throws {@link ClusterException} (never a Kafka exception) when the cluster cannot answer.
 */
public interface ClusterGateway extends AutoCloseable {

    /** The endpoints and deadline this gateway uses. */
    ClusterTarget target();

    /** The same connection with another deadline for every call (shares the underlying client). */
    ClusterGateway withTimeout(java.time.Duration timeout);

    /** The cluster id. */
    String clusterId();

    /** The KRaft metadata quorum: leader, epoch, high watermark, voters and observers with lags. */
    QuorumState quorum();

    /** Registered brokers, fenced ones included where the endpoint can tell (brokers can; controllers cannot). */
    List<BrokerState> brokers();

    /** Topic names, internal topics included, sorted. */
    List<String> topicNames();

    /**
     * Everything at once: brokers, quorum (its failure is recorded in the snapshot, not thrown), and the topics
     * selected (all when {@code topics} is null) with their partitions and, when {@code withConfigs}, the
     * effective min.insync.replicas and unclean.leader.election.enable.
     */
    ClusterSnapshot snapshot(List<String> topics, boolean withConfigs);

    /**
     * Reads exactly what the request declares (docs/architecture.md): independent requests in flight at once,
     * descriptions and configs in parallel batches. A quorum that was asked for and cannot be read is recorded in
     * the snapshot's quorumError, not thrown; one that was not asked for is null with
     * {@link dev.kshell.model.SnapshotRequest#QUORUM_NOT_READ}.
     */
    ClusterSnapshot read(dev.kshell.model.SnapshotRequest request);

    @Override
    void close();

    // ---- coordinators

    /**
     * Consumer groups (with state and member count) and transactional ids (with state), read from every broker in
     * parallel within the deadline. Never fails as a whole because one broker or one group cannot answer: what
     * could not be read is listed in {@link dev.kshell.model.CoordinatorClients#problems()}. Throws
     * {@link ClusterException} only when nothing at all can be read.
     */
    default dev.kshell.model.CoordinatorClients coordinatorClients() {
        throw new UnsupportedOperationException("listing groups and transactions is not supported by this gateway");
    }

    // --- config audit ---

    /**
     * Broker-level configs named in {@code names}: the cluster-wide dynamic defaults (broker resource "") and each
     * listed broker's effective values with their sources. A broker that does not answer is reported in
     * {@link dev.kshell.model.BrokerConfigs#errors()}, not thrown.
     */
    default dev.kshell.model.BrokerConfigs brokerConfigs(List<Integer> brokerIds, java.util.Collection<String> names) {
        throw new UnsupportedOperationException("broker configs are not supported by this gateway");
    }

    // ---- elections: leader elections, replica reorders, and the evidence an unclean plan needs ----

    /** Which election Kafka should run. */
    enum ElectionType { PREFERRED, UNCLEAN }

    /**
     * Runs electLeaders for the partitions (sent in batches) and reads the per-partition answer (never
     * {@code all()}, which fails if any partition was not-needed).
     *
     * @return per partition name ("topic-3"): empty = elected, else the error's simple class name
     *         (e.g. "ElectionNotNeededException"); a partition missing from the map got no answer
     */
    default java.util.Map<String, java.util.Optional<String>> electLeaders(ElectionType type,
            java.util.Collection<dev.kshell.election.PartitionSpec> partitions) {
        throw new UnsupportedOperationException("electLeaders not supported by this gateway");
    }

    /**
     * Reassigns each partition to the SAME replica set in a new order (no data moves; completes at once even on a
     * leaderless partition) and waits, within the deadline, until the new order is visible in the metadata.
     *
     * @param newOrders per partition, the full replica list in its new order
     * @return per partition name: empty = done and visible, else one sentence why not
     */
    default java.util.Map<String, java.util.Optional<String>> reorderReplicas(
            java.util.Map<dev.kshell.election.PartitionSpec, List<Integer>> newOrders) {
        throw new UnsupportedOperationException("reorderReplicas not supported by this gateway");
    }

    /**
     * Per-replica log sizes from describeLogDirs (works on a leaderless partition's live replicas).
     *
     * @param brokerIds the brokers to ask
     * @return sizes in bytes per broker per partition name, and one sentence per broker that could not answer
     */
    default ReplicaSizes replicaSizes(java.util.Collection<Integer> brokerIds) {
        throw new UnsupportedOperationException("replicaSizes not supported by this gateway");
    }

    /** Bytes per broker id per partition name ("topic-3"), and per broker id the reason it gave none. */
    record ReplicaSizes(java.util.Map<Integer, java.util.Map<String, Long>> sizes,
                        java.util.Map<Integer, String> errors) {
    }

    /**
     * The highest last sequence of any idempotent producer on one broker's replica of the partition
     * (describeProducers with brokerId: works on a leaderless partition).
     *
     * @return the sequence, or empty when the replica knows no producer state (non-idempotent producers)
     */
    default java.util.Optional<Long> maxProducerSequence(dev.kshell.election.PartitionSpec partition, int brokerId) {
        throw new UnsupportedOperationException("describeProducers not supported by this gateway");
    }

    /**
     * The LATEST offset (read_uncommitted: the high watermark) of each partition. Pass only partitions with a live
     * leader: listOffsets on a leaderless partition retries for the whole deadline (docs/kafka-behaviour.md).
     *
     * @return per partition name; partitions that failed are missing
     */
    default java.util.Map<String, Long> latestOffsets(java.util.Collection<dev.kshell.election.PartitionSpec> partitions) {
        throw new UnsupportedOperationException("listOffsets not supported by this gateway");
    }

    // ---- topic administration for the sandbox (sandbox-cmds; implemented by AdminTopics) ----

    /**
     * Creates a topic with an explicit replica assignment (one list of broker ids per partition, preferred leader
     * first) and topic configs. Returns false, changing nothing, when the topic exists already.
     */
    default boolean createTopicWithAssignment(String topic, List<List<Integer>> replicasByPartition,
                                              java.util.Map<String, String> configs) {
        throw new UnsupportedOperationException("creating topics is not supported by this gateway");
    }

    /** Deletes these topics and waits until they are gone; names that do not exist are skipped. */
    default void deleteTopicsIfPresent(java.util.Collection<String> topics) {
        throw new UnsupportedOperationException("deleting topics is not supported by this gateway");
    }

    /** Sets ({@code value} non-null) or removes ({@code null}) one dynamic topic config. */
    default void setTopicConfig(String topic, String key, String value) {
        throw new UnsupportedOperationException("altering topic configs is not supported by this gateway");
    }

    /**
     * Moves partitions of a topic to new replica lists and waits (within the deadline) until the reassignments
     * have completed.
     */
    default void reassignAndWait(String topic, java.util.Map<Integer, List<Integer>> replicasByPartition) {
        throw new UnsupportedOperationException("reassigning partitions is not supported by this gateway");
    }

    /**
     * Preferred leader election for every partition of these topics; partitions that need none or cannot have one
     * now are skipped. Returns how many partitions got a new leader.
     */
    default int electPreferredQuietly(java.util.Collection<String> topics) {
        throw new UnsupportedOperationException("leader elections are not supported by this gateway");
    }
}
