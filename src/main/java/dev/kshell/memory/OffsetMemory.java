package dev.kshell.memory;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionSpec;
import dev.kshell.util.DaemonThreads;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Remembers high watermarks per cluster (for the unclean guard's "before the incident" figure), as an explicit step
 * of its own, never as a side effect of reading and never after a one-shot command's output (docs/elections.md,
 * "Remembered offsets"). Two callers: the REPL's background refresh ({@link #recordIfDue}: the partitions at risk,
 * {@link OffsetsAtRisk}, at most once per {@link #THROTTLE}) and the {@code remember offsets} command
 * ({@link #record}: at risk, named topics or every led partition, with the operator's deadline).
 *
 * <p>Truly bounded: the listOffsets calls run on this class's own daemon thread, in batches of {@link #BATCH}
 * partitions (most at risk first); the caller waits at most the deadline and then abandons the worker (interrupted,
 * and its Kafka deadline is the time left), keeping what the finished batches answered. Kafka's listOffsets can
 * spend its time building the call rather than waiting on a future (docs/kafka-behaviour.md), so a deadline passed
 * to Kafka alone does not bound it. Only partitions with a live leader are asked; every failure is a log line or an
 * outcome, never an exception. The recorded offset is Kafka's LATEST with read_uncommitted, i.e. the high
 * watermark; the leader's log end offset is not exposed by the Admin API and is stored as -1 (unknown).
 */
public final class OffsetMemory {

    private static final Logger LOG = LoggerFactory.getLogger(OffsetMemory.class);

    /** The longest one background recording may take. */
    public static final Duration DEADLINE = Duration.ofSeconds(2);

    /** The REPL records at most this often per cluster: its remembered figures are at most this old (plus a refresh). */
    public static final Duration THROTTLE = Duration.ofMinutes(1);

    /** Partitions per listOffsets call: a deadline cuts a recording between batches, never loses a finished one. */
    static final int BATCH = 1000;

    /** Below this much time left, no further batch is started. */
    private static final Duration LAST_BATCH = Duration.ofMillis(200);

    /** One pool per process; its threads are daemons, so an abandoned recording never holds the JVM open. */
    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(DaemonThreads.named("kshell-offsets"));

    /** What one call did. */
    public enum RecordingStatus {
        /** Every partition asked answered (or there were none, and the quorum leader was noted). */
        RECORDED,
        /** Some answered within the deadline and were recorded; the rest were abandoned. */
        PARTIAL,
        /** The last recording of this cluster is younger than the throttle. */
        NOT_DUE,
        /** A recording of this memory is still running (abandoned at its deadline, not finished yet). */
        BUSY,
        NOTHING_TO_RECORD,
        /** Nothing answered within the deadline, or the store could not be written. */
        FAILED
    }

    /**
     * What one recording did: how many partitions were asked and answered, when it started (the time each offset is
     * remembered with), how long it took, and why it fell short, if it did.
     */
    public record Recording(RecordingStatus outcome, int asked, int answered, Instant at, Duration took, String note) {
        static Recording of(RecordingStatus outcome) {
            return new Recording(outcome, 0, 0, null, Duration.ZERO, null);
        }
    }

    private final StateStore store;
    private final Clock clock;
    private final Duration throttle;
    /** Attempts of this process, so that a failing cluster is not asked again at every refresh. */
    private final Map<String, Instant> attempts = new ConcurrentHashMap<>();
    /** True while a worker of this memory lists offsets (also after its caller abandoned it, until it ends). */
    private final AtomicBoolean listing = new AtomicBoolean();

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
     * The REPL's background step: records the high watermarks of the snapshot's partitions at risk, and its quorum
     * leader, when due, within {@link #DEADLINE}. Never throws.
     *
     * @param gateway  the connection
     * @param snapshot what the last command or refresh read; null records nothing
     */
    public RecordingStatus recordIfDue(ClusterGateway gateway, ClusterSnapshot snapshot) {
        if (gateway == null || snapshot == null || snapshot.clusterId() == null) {
            return RecordingStatus.NOTHING_TO_RECORD;
        }
        try {
            if (!due(snapshot.clusterId())) {
                return RecordingStatus.NOT_DUE;
            }
        } catch (RuntimeException e) {
            return RecordingStatus.FAILED;
        }
        List<PartitionSpec> atRisk = OffsetsAtRisk.of(snapshot).stream().map(OffsetsAtRisk.AtRisk::partition).toList();
        Recording r = record(gateway, snapshot, atRisk, DEADLINE);
        if (r.outcome() != RecordingStatus.RECORDED && r.outcome() != RecordingStatus.NOTHING_TO_RECORD) {
            LOG.info("offsets memory for cluster {}: {} ({} of {} partitions; {})", snapshot.clusterId(), r.outcome(),
                    r.answered(), r.asked(), r.note());
        }
        return r.outcome();
    }

    /**
     * Records the high watermarks of {@code partitions} (asked in batches, in the order given) and the snapshot's
     * quorum leader, within {@code deadline}. Never throws.
     */
    public Recording record(ClusterGateway gateway, ClusterSnapshot snapshot, List<PartitionSpec> partitions,
                            Duration deadline) {
        Integer leader = snapshot.quorum() == null ? null : snapshot.quorum().leaderId();
        if (partitions.isEmpty() && leader == null) {
            return Recording.of(RecordingStatus.NOTHING_TO_RECORD);
        }
        if (!partitions.isEmpty() && !listing.compareAndSet(false, true)) {
            return new Recording(RecordingStatus.BUSY, partitions.size(), 0, null, Duration.ZERO,
                    "the previous recording, abandoned at its deadline, has not ended yet");
        }
        Instant start = clock.instant();
        long startNanos = System.nanoTime();
        attempts.put(snapshot.clusterId(), start);
        Map<PartitionSpec, Long> answered = new ConcurrentHashMap<>();
        String note = partitions.isEmpty() ? null : list(gateway, partitions, deadline, startNanos, answered);
        Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
        if (!partitions.isEmpty() && answered.isEmpty()) {
            // nothing answered: leave the store alone, so the next chance tries again
            return new Recording(RecordingStatus.FAILED, partitions.size(), 0, start, took, note);
        }
        Map<String, OffsetsSeen> seen = new HashMap<>();
        Map<PartitionSpec, Long> copy = new HashMap<>(answered); // an abandoned worker may still be adding
        copy.forEach((spec, offset) -> seen.put(spec.name(), new OffsetsSeen(offset, -1, start)));
        try {
            StateStore.Loaded written = store.record(snapshot.clusterId(), seen, leader, clock.instant());
            if (written.warning() != null) {
                LOG.warn(written.warning());
            }
        } catch (RuntimeException e) {
            return new Recording(RecordingStatus.FAILED, partitions.size(), 0, start, took,
                    "the state file could not be written: " + e.getMessage());
        }
        RecordingStatus outcome = seen.size() < partitions.size() ? RecordingStatus.PARTIAL : RecordingStatus.RECORDED;
        return new Recording(outcome, partitions.size(), seen.size(), start, took, note);
    }

    /**
     * Lists the offsets on a worker thread, batch by batch, into {@code answered}; waits at most {@code deadline},
     * then abandons the worker. Returns why it fell short, or null.
     */
    private String list(ClusterGateway gateway, List<PartitionSpec> partitions, Duration deadline, long startNanos,
                        Map<PartitionSpec, Long> answered) {
        long endNanos = startNanos + deadline.toNanos();
        List<List<PartitionSpec>> batches = batches(partitions);
        AtomicReference<String> failure = new AtomicReference<>();
        Future<?> worker;
        try {
            worker = WORKERS.submit(() -> {
                try {
                    for (List<PartitionSpec> batch : batches) {
                        long left = endNanos - System.nanoTime();
                        if (Thread.currentThread().isInterrupted() || left < LAST_BATCH.toNanos()) {
                            return;
                        }
                        try {
                            answered.putAll(gateway.withTimeout(Duration.ofNanos(left)).latestOffsets(batch));
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e.getMessage());
                        }
                    }
                } finally {
                    listing.set(false);
                }
            });
        } catch (RuntimeException e) {
            listing.set(false);
            return "could not start: " + e.getMessage();
        }
        try {
            worker.get(Math.max(0, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            worker.cancel(true);
            return "abandoned at the deadline of " + deadline.toMillis() + " ms";
        } catch (InterruptedException e) {
            worker.cancel(true);
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return String.valueOf(e.getCause());
        }
        if (answered.size() < partitions.size()) {
            return failure.get() != null ? failure.get()
                    : (partitions.size() - answered.size()) + " not answered (no live leader or no time left)";
        }
        return null;
    }

    /** Chunks of {@link #BATCH}, in the order given. */
    static List<List<PartitionSpec>> batches(List<PartitionSpec> partitions) {
        List<List<PartitionSpec>> out = new ArrayList<>();
        for (int i = 0; i < partitions.size(); i += BATCH) {
            out.add(List.copyOf(partitions.subList(i, Math.min(partitions.size(), i + BATCH))));
        }
        return out;
    }
}
