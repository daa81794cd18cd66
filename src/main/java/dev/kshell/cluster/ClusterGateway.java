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

    @Override
    void close();

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
