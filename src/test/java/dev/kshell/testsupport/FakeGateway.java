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

    /** The fixture snapshot's capabilities ({@link dev.kshell.model.ClusterCapabilities#assumeAll()} unless set). */
    @Override
    public dev.kshell.model.ClusterCapabilities capabilities() {
        return snapshot.capabilities();
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

    @Override
    public void close() {
    }
}
