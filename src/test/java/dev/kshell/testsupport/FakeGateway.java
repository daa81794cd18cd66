package dev.kshell.testsupport;

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

/** A gateway over a fixed snapshot, for command tests without a cluster. */
public class FakeGateway implements ClusterGateway {

    public static final ClusterTarget TARGET = new ClusterTarget("fake:9092", null, Map.of(), Duration.ofSeconds(1));

    private final ClusterSnapshot snapshot;
    private final ClusterTarget target;
    public int calls;

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

    @Override
    public String clusterId() {
        calls++;
        return snapshot.clusterId();
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
    public ClusterSnapshot read(dev.kshell.model.SnapshotRequest request) {
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
                request.quorum() ? s.quorumError() : dev.kshell.model.SnapshotRequest.QUORUM_NOT_READ, described);
    }

    @Override
    public void close() {
    }
}
