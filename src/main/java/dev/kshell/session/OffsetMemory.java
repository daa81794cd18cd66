package dev.kshell.session;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.state.StateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers high watermarks per cluster (for the unclean guard's "before the incident" figure), as an explicit step
 * of its own, never as a side effect of reading: the REPL calls {@link #recordIfDue} from its background refresh
 * thread, one-shot mode once after the command's output is printed. Throttled: at most once per {@link #THROTTLE}
 * per cluster in the REPL, {@link #ONE_SHOT_THROTTLE} in one-shot mode (judged by the state store's last recording,
 * so it holds across one-shot processes too).
 *
 * <p>Cheap by construction: only partitions whose leader is a live broker are asked (listOffsets on a leaderless
 * partition retries for its whole deadline, docs/kafka-behaviour.md), the call has its own short deadline
 * ({@link #DEADLINE}), the store appends only the partitions whose offsets changed, and every failure is a log
 * line, never an error of a command. The recorded offset is Kafka's LATEST with read_uncommitted, i.e. the high
 * watermark; the leader's log end offset is not exposed by the Admin API and is stored as -1 (unknown).
 */
public final class OffsetMemory {

    private static final Logger LOG = LoggerFactory.getLogger(OffsetMemory.class);

    /** The longest one recording may wait for the cluster. */
    public static final Duration DEADLINE = Duration.ofSeconds(2);

    /** The REPL records at most this often per cluster: its remembered figures are at most this old (plus a refresh). */
    public static final Duration THROTTLE = Duration.ofMinutes(1);

    /**
     * One-shot commands record only when the last recording is older than this: a recording costs a listOffsets
     * of every led partition (about 1 s of CPU at 10,000 partitions), which scripts calling kshell every few
     * seconds should not pay each time.
     */
    public static final Duration ONE_SHOT_THROTTLE = Duration.ofMinutes(5);

    /** What one call did. */
    public enum Outcome { RECORDED, NOT_DUE, NOTHING_TO_RECORD, FAILED }

    private final StateStore store;
    private final Clock clock;
    private final Duration throttle;
    /** Attempts of this process, so that a failing cluster is not asked again at every refresh. */
    private final Map<String, Instant> attempts = new ConcurrentHashMap<>();

    public OffsetMemory(StateStore store) {
        this(store, Clock.systemUTC(), THROTTLE);
    }

    public OffsetMemory(StateStore store, Clock clock, Duration throttle) {
        this.store = store;
        this.clock = clock;
        this.throttle = throttle;
    }

    /** {@code <kshell home>/state}, or the sandbox's own ({@link KshellHome#state()}). */
    public static Path defaultDir() {
        return KshellHome.state();
    }

    /** The memory of {@code <kshell home>/state}, throttled at {@code throttle}. */
    public static OffsetMemory atDefaultDir(Duration throttle) {
        return new OffsetMemory(new StateStore(defaultDir()), Clock.systemUTC(), throttle);
    }

    /** True when neither this process nor any other recorded (or tried) for the cluster within the throttle. */
    public boolean due(String clusterId) {
        Instant now = clock.instant();
        Instant tried = attempts.get(clusterId);
        if (tried != null && Duration.between(tried, now).compareTo(throttle) < 0) {
            return false;
        }
        Instant recorded = store.offsetsRecordedAt(clusterId);
        return recorded == null || Duration.between(recorded, now).compareTo(throttle) >= 0;
    }

    /**
     * Records the high watermarks of the snapshot's led partitions, and its quorum leader, when due. Never throws.
     *
     * @param gateway  the connection (its deadline is cut to {@link #DEADLINE})
     * @param snapshot what the last command or refresh read; null records nothing
     */
    public Outcome recordIfDue(ClusterGateway gateway, ClusterSnapshot snapshot) {
        if (gateway == null || snapshot == null || snapshot.clusterId() == null) {
            return Outcome.NOTHING_TO_RECORD;
        }
        List<PartitionSpec> led = ledPartitions(snapshot);
        Integer leader = snapshot.quorum() == null ? null : snapshot.quorum().leaderId();
        if (led.isEmpty() && leader == null) {
            return Outcome.NOTHING_TO_RECORD;
        }
        try {
            if (!due(snapshot.clusterId())) {
                return Outcome.NOT_DUE;
            }
            attempts.put(snapshot.clusterId(), clock.instant());
            Map<String, OffsetsSeen> seen = new HashMap<>();
            if (!led.isEmpty()) {
                gateway.withTimeout(DEADLINE).latestOffsets(led).forEach((spec, offset) ->
                        seen.put(spec.name(), new OffsetsSeen(offset, -1, snapshot.takenAt())));
                if (seen.isEmpty()) {
                    // nothing answered within the deadline: leave the store alone, so the next chance tries again
                    LOG.info("offsets memory not updated for cluster {}: no offsets within {}", snapshot.clusterId(),
                            DEADLINE);
                    return Outcome.FAILED;
                }
            }
            StateStore.Loaded written = store.record(snapshot.clusterId(), seen, leader, clock.instant());
            if (written.warning() != null) {
                LOG.warn(written.warning());
            }
            return Outcome.RECORDED;
        } catch (RuntimeException e) {
            LOG.info("offsets memory not updated for cluster {}: {}", snapshot.clusterId(), e.getMessage());
            return Outcome.FAILED;
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
