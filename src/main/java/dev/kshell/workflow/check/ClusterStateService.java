package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterException;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.connection.ShellSession;

import java.util.List;
import dev.kshell.util.Suggest;

/** The state reads of {@code brokers}, {@code topics} and {@code describe}: one declared read each, remembered when whole. */
public final class ClusterStateService {

    private final ShellSession session;

    public ClusterStateService(ShellSession session) {
        this.session = session;
    }

    /** Brokers, partitions (for leader counts) and the quorum (status shows its leader); remembered. */
    public ClusterSnapshot brokers() {
        ClusterSnapshot snapshot = session.requireGateway().read(SnapshotRequest.partitions().withQuorum(true));
        session.remember(snapshot);
        return snapshot;
    }

    /** True when the connection goes to the controllers, which serve no topic metadata. */
    public boolean viaControllers() {
        return session.requireGateway().target().viaControllers();
    }

    /** Every topic with its configs (min.insync.replicas); remembered. */
    public ClusterSnapshot topics() {
        ClusterSnapshot snapshot = session.requireGateway().read(SnapshotRequest.partitions().withConfigs(true));
        session.remember(snapshot);
        return snapshot;
    }

    /** One topic with its configs; an unknown topic is an {@link InputException} naming the closest. */
    public Described describe(String topic) {
        ClusterSnapshot snapshot;
        try {
            snapshot = session.requireGateway().snapshot(List.of(topic), true);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.NOT_FOUND) {
                throw noSuchTopic(topic);
            }
            throw e;
        }
        TopicState state = snapshot.topic(topic).orElseThrow(() -> noSuchTopic(topic));
        return new Described(snapshot, state);
    }

    /** A described topic and the snapshot it came with (live brokers, capabilities). */
    public record Described(ClusterSnapshot snapshot, TopicState topic) {
    }

    private InputException noSuchTopic(String topic) {
        List<String> known = session.lastSnapshot().map(s -> s.topics().stream().map(TopicState::name).toList())
                .orElse(List.of());
        String hint = Suggest.closest(topic, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
        return new InputException("no topic '" + topic + "' in this cluster" + hint);
    }
}
