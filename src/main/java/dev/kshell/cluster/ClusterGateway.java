package dev.kshell.cluster;

import dev.kshell.model.ProbeResult;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;

import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.SnapshotRequest;
import java.time.Duration;

/**
 * Everything kshell asks of a cluster. The only door to the Kafka Admin API; every method honours the target's
 * deadline and throws {@link ClusterException} (never a Kafka exception) when the cluster cannot answer.
 */
public interface ClusterGateway extends AutoCloseable {

    /** The endpoints and deadline this gateway uses. */
    ClusterTarget target();

    /** The same connection with another deadline for every call (shares the underlying client). */
    ClusterGateway withTimeout(Duration timeout);

    /** The cluster id. */
    String clusterId();

    /**
     * What this cluster offers (mode, release line, features), detected once per connection from what the cluster
     * answers and cached; every request of this gateway asks only for what is offered.
     */
    ClusterCapabilities capabilities();

    /**
     * The KRaft metadata quorum: leader, epoch, high watermark, voters and observers with lags. In ZooKeeper mode,
     * the active controller (a broker) and, with --zookeeper, its epoch and the ensemble's health.
     */
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
    ClusterSnapshot read(SnapshotRequest request);

    @Override
    void close();

    /**
     * Moving replicas between brokers: reassignments in flight, altering and cancelling them, replica sizes, racks,
     * replication throttles and unregistering a broker ({@link ReplicaMoves}), with this gateway's deadline.
     */
    ReplicaMoves replicaMoves();

    /**
     * Brokers' log directories: online or offline, total and usable bytes, cordoned, the replicas each holds
     * ({@link LogDirs}), with this gateway's deadline.
     */
    LogDirs logDirs();

    /**
     * The clients' side: groups of every type, members, committed offsets, log start and end, transactions
     * ({@link ClientGroups}), with this gateway's deadline.
     */
    ClientGroups groups();

    /**
     * Configs of topics, brokers and the cluster-wide broker default: every entry with its source, Kafka's own
     * validation of a change, the change itself ({@link ConfigAdmin}), with this gateway's deadline.
     */
    ConfigAdmin configs();

    /**
     * The radar's reads ({@link Radar}): the certificates every TLS listener presents, what each node's software
     * supports, the newest record times, the active controller's clock; with this gateway's deadline.
     */
    Radar radar();

    // ---- coordinators

    /**
     * Consumer groups (with state and member count) and transactional ids (with state), read from every broker in
     * parallel within the deadline. Never fails as a whole because one broker or one group cannot answer: what
     * could not be read is listed in {@link dev.kshell.model.CoordinatorClients#problems()}. Throws
     * {@link ClusterException} only when nothing at all can be read.
     */
    CoordinatorClients coordinatorClients();

    // --- config audit ---

    /**
     * Broker-level configs named in {@code names}: the cluster-wide dynamic defaults (broker resource "") and each
     * listed broker's effective values with their sources. A broker that does not answer is reported in
     * {@link dev.kshell.model.BrokerConfigs#errors()}, not thrown.
     */
    BrokerConfigs brokerConfigs(List<Integer> brokerIds, Collection<String> names);

    // ---- elections: leader elections, replica reorders, and the evidence an unclean plan needs ----

    /** Which election Kafka should run. */
    enum ElectionType { PREFERRED, UNCLEAN }

    /**
     * Runs electLeaders for the partitions (sent in batches, all in flight at once) and reads the per-partition
     * answer (never {@code all()}, which fails if any partition was not-needed). A batch whose request fails as a
     * whole (deadline, lost connection) gives each of its partitions that error; the other batches keep their own
     * answers.
     *
     * @return one answer per partition asked, in the order asked
     */
    Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> partitions);

    /**
     * Sends a reassignment of each partition to the SAME replica set in a new order (no data moves; the controller
     * completes it at once, even on a leaderless partition). Returns as soon as the controller has accepted or
     * refused each one; {@link #awaitReplicaOrder} then waits until brokers serve the new order.
     *
     * @param newOrders per partition, the full replica list in its new order
     * @return per partition: empty = accepted, else one sentence why not
     */
    Map<PartitionSpec, Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders);

    /**
     * Waits, within the deadline, until the metadata shows each partition with the given replica order.
     *
     * @return per partition: empty = visible, else one sentence why not (yet)
     */
    Map<PartitionSpec, Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders);

    /**
     * Per-replica log sizes from describeLogDirs (works on a leaderless partition's live replicas).
     *
     * @param brokerIds the brokers to ask
     * @return sizes in bytes per broker per partition, and one sentence per broker that could not answer
     */
    ReplicaSizes replicaSizes(Collection<Integer> brokerIds);

    /** Bytes per broker id per partition, and per broker id the reason it gave none. */
    record ReplicaSizes(Map<Integer, Map<PartitionSpec, Long>> sizes, Map<Integer, String> errors) {
    }

    /**
     * The highest last sequence of any idempotent producer on one broker's replica of the partition
     * (describeProducers with brokerId: works on a leaderless partition).
     *
     * @return the sequence, or empty when the replica knows no producer state (non-idempotent producers)
     */
    Optional<Long> maxProducerSequence(PartitionSpec partition, int brokerId);

    /**
     * The LATEST offset (read_uncommitted: the high watermark) of each partition. Pass only partitions with a live
     * leader: listOffsets on a leaderless partition retries for the whole deadline (docs/kafka-behaviour.md).
     *
     * @return per partition; partitions that failed are missing
     */
    Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions);

    /**
     * Each led partition's log as it was at {@code at} (epoch ms): the log start offset, and the end offset then,
     * i.e. the offset of the first record written at or after {@code at} (listOffsets by timestamp), or the latest
     * offset when nothing was written since. Producers refilling the log after an election do not hide its loss.
     *
     * @return per partition; partitions that failed are missing
     */
    Map<PartitionSpec, LogRange> logAsOf(Collection<PartitionSpec> partitions, long at);

    /**
     * @param startOffset  the log start offset (earliest)
     * @param endOffsetAt  the end offset at the time asked for
     * @param endIsLatest  true when nothing was written since (the end offset is today's high watermark)
     */
    record LogRange(long startOffset, long endOffsetAt, boolean endIsLatest) {
    }

    /**
     * Open transactions on the partition's leader (describeProducers), each with its first offset and age, and what
     * its coordinator says (listTransactions / describeTransactions). After an unclean election a transaction whose
     * markers were on the lost records stays open for good and blocks read_committed consumers.
     *
     * @return the open transactions, or a sentence when the cluster lacks an API needed to tell
     */
    OpenTransactions openTransactions(PartitionSpec partition);

    /**
     * The KRaft quorum's membership and its changes (KIP-853): directory ids, endpoints, finalized features,
     * AddRaftVoter / RemoveRaftVoter. Only workflow code calls its mutating methods.
     */
    QuorumChanges quorumChanges();

    /**
     * Asks each node on its own endpoint, in parallel, within a short deadline ({@link NodeProbe}): a killed or
     * paused node does not answer before the controller fences it. Empty when this connection cannot probe (a
     * client configuration the probe does not speak).
     */
    List<ProbeResult> probe(List<NodeProbe.Target> targets);
}
