package dev.kshell.session;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.state.StateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The state-memory hook: whenever a command remembers a snapshot ({@link ShellSession#remember}), the high
 * watermarks of the partitions that have a live leader are read (one listOffsets call) and merged into
 * {@link StateStore}, so that during an incident kshell knows what the log held before it.
 *
 * <p>Cheap by construction: leaderless partitions are skipped (listOffsets on them retries for its whole deadline,
 * docs/kafka-behaviour.md), the call has its own short deadline ({@link #DEADLINE}), and every failure is a log line, never an
 * error of the command. The recorded offset is Kafka's LATEST with read_uncommitted, i.e. the high watermark; the
 * leader's log end offset is not exposed by the Admin API and is stored as -1 (unknown).
 */
public final class OffsetMemory implements Consumer<ClusterSnapshot> {

    private static final Logger LOG = LoggerFactory.getLogger(OffsetMemory.class);

    /** The longest a snapshot load may be slowed by the memory. */
    public static final Duration DEADLINE = Duration.ofSeconds(2);

    private final ShellSession session;
    private final StateStore store;
    private final Clock clock;

    public OffsetMemory(ShellSession session, StateStore store) {
        this(session, store, Clock.systemUTC());
    }

    public OffsetMemory(ShellSession session, StateStore store, Clock clock) {
        this.session = session;
        this.store = store;
        this.clock = clock;
    }

    /** {@code <kshell home>/state}. */
    public static Path defaultDir() {
        return KshellHome.dir().resolve("state");
    }

    @Override
    public void accept(ClusterSnapshot snapshot) {
        if (snapshot == null || snapshot.clusterId() == null || session.connection().isEmpty()) {
            return;
        }
        try {
            record(session.connection().get().gateway().withTimeout(DEADLINE), snapshot);
        } catch (RuntimeException e) {
            LOG.info("offsets memory not updated for cluster {}: {}", snapshot.clusterId(), e.getMessage());
        }
    }

    /** Reads the high watermarks of the partitions with a live leader and records them. */
    void record(ClusterGateway gateway, ClusterSnapshot snapshot) {
        Map<String, OffsetsSeen> seen = new HashMap<>();
        List<PartitionSpec> led = ledPartitions(snapshot);
        if (!led.isEmpty()) {
            gateway.latestOffsets(led).forEach((spec, offset) ->
                    seen.put(spec.name(), new OffsetsSeen(offset, -1, snapshot.takenAt())));
        }
        Integer leader = snapshot.quorum() == null ? null : snapshot.quorum().leaderId();
        StateStore.Loaded written = store.record(snapshot.clusterId(), seen, leader, clock.instant());
        if (written.warning() != null) {
            LOG.warn(written.warning());
        }
    }

    /** Partitions whose leader is a live broker: the only ones listOffsets can answer for quickly. */
    static List<PartitionSpec> ledPartitions(ClusterSnapshot snapshot) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<PartitionSpec> out = new ArrayList<>();
        for (TopicState t : snapshot.topics()) {
            for (PartitionState p : t.partitions()) {
                if (p.leader() != null && live.contains(p.leader())) {
                    out.add(new PartitionSpec(p.topic(), p.partition()));
                }
            }
        }
        return out;
    }
}
