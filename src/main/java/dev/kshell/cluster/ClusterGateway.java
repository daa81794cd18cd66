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

    // ---- coordinators (diag-cmds)

    /**
     * Consumer groups (with state and member count) and transactional ids (with state), read from every broker in
     * parallel within the deadline. Never fails as a whole because one broker or one group cannot answer: what
     * could not be read is listed in {@link dev.kshell.model.CoordinatorClients#problems()}. Throws
     * {@link ClusterException} only when nothing at all can be read.
     */
    default dev.kshell.model.CoordinatorClients coordinatorClients() {
        throw new UnsupportedOperationException("listing groups and transactions is not supported by this gateway");
    }

    // --- config audit (audit-cmds) ---

    /**
     * Broker-level configs named in {@code names}: the cluster-wide dynamic defaults (broker resource "") and each
     * listed broker's effective values with their sources. A broker that does not answer is reported in
     * {@link dev.kshell.model.BrokerConfigs#errors()}, not thrown.
     */
    default dev.kshell.model.BrokerConfigs brokerConfigs(List<Integer> brokerIds, java.util.Collection<String> names) {
        throw new UnsupportedOperationException("broker configs are not supported by this gateway");
    }
}
