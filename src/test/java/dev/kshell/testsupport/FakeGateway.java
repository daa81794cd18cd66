package dev.kshell.testsupport;

import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import dev.kshell.cluster.QuorumChanges;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.SnapshotRequest;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Optional;

/** A gateway over a fixed snapshot, for command tests without a cluster. */
public class FakeGateway implements ClusterGateway {

    public static final ClusterTarget TARGET = new ClusterTarget("fake:9092", null, Map.of(), Duration.ofSeconds(1));

    private final ClusterSnapshot snapshot;
    private final ClusterTarget target;
    public int calls;
    /** The replica moves this fake answers with; a test fills or inspects it. */
    public final FakeReplicaMoves moves = new FakeReplicaMoves();
    /** The quorum's membership and its changes; a static quorum without directory ids unless a test sets one. */
    public QuorumChanges quorumChanges;
    /** What {@link #logDirs()} answers: nothing unless a test sets a read (the brokers asked are ignored). */
    public dev.kshell.model.LogDirsRead logDirsRead;
    /** The clients' side this fake answers with; a test fills it (empty by default). */
    public final FakeClientGroups clientGroups = new FakeClientGroups();
    /** The configs this fake answers with; a test fills it (empty: every topic and broker unknown). */
    public final FakeConfigAdmin configAdmin = new FakeConfigAdmin();
    /** The radar's reads; a test fills in certificates, versions, record times (none by default). */
    public final FakeRadar radar = new FakeRadar();

    public FakeGateway(ClusterSnapshot snapshot) {
        this(snapshot, TARGET);
    }

    public FakeGateway(ClusterSnapshot snapshot, ClusterTarget target) {
        this.snapshot = snapshot;
        this.target = target;
    }

    public static ClusterSnapshot snapshot(QuorumState quorum, List<BrokerState> brokers, List<TopicState> topics) {
        return new ClusterSnapshot("fake-cluster", Instant.parse("2026-11-29T03:00:00Z"), brokers, quorum,
                quorum == null ? "no quorum leader reachable" : null, topics);
    }

    @Override
    public ClusterTarget target() {
        return target;
    }

    @Override
    public ClusterGateway withTimeout(Duration timeout) {
        return this;
    }

    /** The fixture snapshot's capabilities ({@link dev.kshell.model.ClusterCapabilities#assumeAll()} unless set). */
    @Override
    public ClusterCapabilities capabilities() {
        return snapshot.capabilities();
    }

    @Override
    public String clusterId() {
        calls++;
        return snapshot.clusterId();
    }

    @Override
    public QuorumChanges quorumChanges() {
        if (quorumChanges != null) {
            return quorumChanges;
        }
        // derived from quorum() at each call, so that a fake whose quorum changes (an election) is seen
        QuorumState q;
        try {
            q = quorum();
        } catch (ClusterException e) {
            return FakeQuorumChanges.failing(e);
        }
        if (q.zooKeeperMode()) {
            return FakeQuorumChanges.failing(new ClusterException(ClusterException.Kind.INVALID,
                    "a ZooKeeper-mode cluster has no KRaft quorum"));
        }
        return new FakeQuorumChanges(new QuorumDescription(q.leaderId(), q.leaderEpoch(),
                q.highWatermark(), q.voters().stream().map(FakeGateway::member).toList(),
                q.observers().stream().map(FakeGateway::member).toList(), (short) 0));
    }

    private static QuorumMember member(QuorumReplica r) {
        return new QuorumMember(r.id(), null, List.of(), r.logEndOffset(), r.lag(), r.lastFetchAgeMs(),
                r.lastCaughtUpAgeMs());
    }

    @Override
    public QuorumState quorum() {
        calls++;
        if (snapshot.quorum() == null) {
            throw new ClusterException(ClusterException.Kind.UNREACHABLE, snapshot.quorumError());
        }
        return snapshot.quorum();
    }

    @Override
    public List<BrokerState> brokers() {
        calls++;
        return snapshot.brokers();
    }

    @Override
    public List<String> topicNames() {
        calls++;
        return snapshot.topics().stream().map(TopicState::name).toList();
    }

    @Override
    public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
        calls++;
        if (topics == null) {
            return snapshot;
        }
        for (String t : topics) {
            if (snapshot.topic(t).isEmpty()) {
                throw new ClusterException(ClusterException.Kind.NOT_FOUND, "This server does not host this topic-partition.");
            }
        }
        return new ClusterSnapshot(snapshot.clusterId(), snapshot.takenAt(), snapshot.brokers(), snapshot.quorum(),
                snapshot.quorumError(), snapshot.topics().stream().filter(t -> topics.contains(t.name())).toList());
    }

    /**
     * As {@link #snapshot}, then without the brokers, quorum and partitions the request did not ask for (as the real
     * gateway leaves them out). Configs stay, as {@link #snapshot} keeps them whatever {@code withConfigs} says.
     */
    @Override
    public ClusterSnapshot read(SnapshotRequest request) {
        List<String> topics = request.topics();
        ClusterSnapshot s = topics != null && topics.isEmpty()
                ? new ClusterSnapshot(snapshot.clusterId(), snapshot.takenAt(), snapshot.brokers(), snapshot.quorum(),
                snapshot.quorumError(), List.of())
                : snapshot(topics, request.configs());
        List<TopicState> described = s.topics().stream()
                .map(t -> new TopicState(t.name(), t.internal(), request.descriptions() ? t.partitions() : List.of(),
                        t.config()))
                .toList();
        return new ClusterSnapshot(s.clusterId(), s.takenAt(), request.brokers() ? s.brokers() : List.of(),
                request.quorum() ? s.quorum() : null,
                request.quorum() ? s.quorumError() : SnapshotRequest.QUORUM_NOT_READ, described);
    }

    @Override
    public dev.kshell.cluster.ClientGroups groups() {
        return clientGroups;
    }

    // Everything below: a fixed cluster that changes nothing. Tests that need elections to act override these.

    @Override
    public CoordinatorClients coordinatorClients() {
        calls++;
        throw new ClusterException(ClusterException.Kind.INVALID, "this fake gateway lists no groups or transactions");
    }

    @Override
    public BrokerConfigs brokerConfigs(List<Integer> brokerIds, Collection<String> names) {
        calls++;
        throw new ClusterException(ClusterException.Kind.INVALID, "this fake gateway has no broker configs");
    }

    @Override
    public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> partitions) {
        dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
        calls++;
        Map<PartitionSpec, ElectionAnswer> out = new LinkedHashMap<>();
        partitions.forEach(p -> out.put(p, ElectionAnswer.ELECTED));
        return out;
    }

    @Override
    public Map<PartitionSpec, Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders) {
        dev.kshell.audit.Approval.require("fake reassignSameSet"); // as the real gateway: only behind the gate
        calls++;
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        newOrders.keySet().forEach(p -> out.put(p, Optional.empty()));
        return out;
    }

    @Override
    public Map<PartitionSpec, Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders) {
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        orders.keySet().forEach(p -> out.put(p, Optional.empty()));
        return out;
    }

    @Override
    public ReplicaSizes replicaSizes(Collection<Integer> brokerIds) {
        calls++;
        return new ReplicaSizes(Map.of(), Map.of());
    }

    @Override
    public Optional<Long> maxProducerSequence(PartitionSpec partition, int brokerId) {
        calls++;
        return Optional.empty();
    }

    @Override
    public Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
        calls++;
        return Map.of();
    }

    @Override
    public Map<PartitionSpec, LogRange> logAsOf(Collection<PartitionSpec> partitions, long at) {
        calls++;
        return Map.of();
    }

    @Override
    public OpenTransactions openTransactions(PartitionSpec partition) {
        calls++;
        return new OpenTransactions(partition, List.of(), null);
    }

    @Override
    public ReplicaMoves replicaMoves() {
        return moves;
    }

    @Override
    public dev.kshell.cluster.LogDirs logDirs() {
        return brokerIds -> logDirsRead != null ? logDirsRead
                : dev.kshell.model.LogDirsRead.empty(snapshot.takenAt().toEpochMilli());
    }

    @Override
    public dev.kshell.cluster.ConfigAdmin configs() {
        return configAdmin;
    }

    @Override
    public dev.kshell.cluster.Radar radar() {
        return radar;
    }

    @Override
    public void close() {
    }

    /** Brokers that do not answer a probe on their own endpoint (killed a second ago, paused); empty: all answer. */
    public final java.util.Set<Integer> silentBrokers = new java.util.HashSet<>();

    @Override
    public List<dev.kshell.model.ProbeResult> probe(List<dev.kshell.cluster.NodeProbe.Target> targets) {
        calls++;
        return targets.stream().map(t -> new dev.kshell.model.ProbeResult(t.nodeId(), t.role(), t.endpoint(),
                t.nodeId() == null || !silentBrokers.contains(t.nodeId()), 1,
                t.nodeId() != null && silentBrokers.contains(t.nodeId()) ? "connection refused" : null)).toList();
    }
}
