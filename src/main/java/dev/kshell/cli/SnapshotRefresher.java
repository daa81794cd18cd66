package dev.kshell.cli;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.session.OffsetMemory;
import dev.kshell.session.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps the session's cached snapshot (completion, prompt) fresh in the background: on a timer when it is older than
 * {@link ShellSession#SNAPSHOT_TTL}, when completion asks ({@link #nudge()}), and after each command
 * ({@link #afterCommand()}). One refresh at a time, on its own daemon thread; nothing here throws, and only
 * {@link #beforeCompletion()} waits (at most {@link #FIRST_SNAPSHOT_WAIT}, and only before the first snapshot). A
 * refresh reads brokers, quorum and partitions but no configs (the cheap part of a snapshot); the very first one
 * reads the topic names alone first, so that completion has names to offer while the partitions are described.
 *
 * <p>After a refresh, on the same background thread, the offsets memory records high watermarks when it is due
 * ({@link OffsetMemory#THROTTLE}): the REPL's explicit, throttled recording step.
 */
public final class SnapshotRefresher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotRefresher.class);

    /** A command that just loaded a snapshot itself needs no refresh after it. */
    private static final Duration FRESH_ENOUGH = Duration.ofSeconds(2);

    /** Completion and the prompt are conveniences: their refresh never waits longer than this per call. */
    static final Duration MAX_REFRESH_TIMEOUT = Duration.ofSeconds(10);

    /** A Tab pressed before the first snapshot waits this long for it instead of offering nothing. */
    public static final Duration FIRST_SNAPSHOT_WAIT = Duration.ofSeconds(1);

    private final ShellSession session;
    private final OffsetMemory offsets;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private volatile Runnable listener = () -> { };
    private volatile String lastError;
    private volatile long lastSuccessNanos;

    public SnapshotRefresher(ShellSession session) {
        this(session, null);
    }

    /** @param offsets the offsets memory to record into after refreshes, or null for none */
    public SnapshotRefresher(ShellSession session, OffsetMemory offsets) {
        this.session = session;
        this.offsets = offsets;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kshell-snapshot-refresh");
            t.setDaemon(true);
            return t;
        });
    }

    /** Checks every {@code period} whether the snapshot went stale, and refreshes it then. */
    public SnapshotRefresher start(Duration period) {
        executor.scheduleWithFixedDelay(this::refreshIfStale, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        executor.execute(CompletionValues::preload);
        return this;
    }

    /** Called after every refresh attempt (on the refresh thread), e.g. to redraw the prompt. */
    public void onRefresh(Runnable newListener) {
        this.listener = newListener == null ? () -> { } : newListener;
    }

    /** Why the last refresh failed, or null when it worked (or none ran yet). */
    public String lastError() {
        return lastError;
    }

    /** Starts a refresh in the background when the snapshot is stale; returns at once. */
    public void nudge() {
        if (session.connection().isPresent() && session.snapshotStale()) {
            submit();
        }
    }

    /**
     * Before completion: when connected and no snapshot has arrived yet, makes sure one is on its way and waits
     * for it, at most {@link #FIRST_SNAPSHOT_WAIT}; otherwise as {@link #nudge()}, returning at once.
     */
    public void beforeCompletion() {
        if (session.connection().isEmpty() || session.lastSnapshot().isPresent()) {
            nudge();
            return;
        }
        submit();
        long until = System.nanoTime() + FIRST_SNAPSHOT_WAIT.toNanos();
        while (session.lastSnapshot().isEmpty() && System.nanoTime() < until) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** After a command: refresh unless the command itself just loaded a snapshot. */
    public void afterCommand() {
        if (session.connection().isPresent()
                && (session.lastSnapshot().isEmpty() || System.nanoTime() - lastSuccessNanos > FRESH_ENOUGH.toNanos())
                && !justRemembered()) {
            submit();
        }
    }

    private boolean justRemembered() {
        return session.lastSnapshot().map(s -> Duration.between(s.takenAt(), java.time.Instant.now())
                .compareTo(FRESH_ENOUGH) < 0).orElse(false);
    }

    private void refreshIfStale() {
        if (session.connection().isPresent() && session.snapshotStale()) {
            refreshNow();
        } else {
            // a command (e.g. leaderless) may have loaded a fresh snapshot itself: record from that one
            recordOffsets(session.connection().orElse(null), session.lastSnapshot().orElse(null));
        }
    }

    private void recordOffsets(ShellSession.Connection connection, ClusterSnapshot snapshot) {
        if (offsets == null || connection == null || snapshot == null
                || session.connection().orElse(null) != connection || session.snapshotStale()) {
            return;
        }
        try {
            offsets.recordIfDue(connection.gateway(), snapshot);
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("recording offsets failed: {}", e.toString());
        }
    }

    private void submit() {
        if (inFlight.get()) {
            return;
        }
        try {
            executor.execute(this::refreshNow);
        } catch (RuntimeException e) {
            // shut down: the shell is leaving
        }
    }

    /** One refresh, on the calling thread (the refresh thread, or a test). */
    void refreshNow() {
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        try {
            Optional<ShellSession.Connection> connection = session.connection();
            if (connection.isEmpty()) {
                return;
            }
            ClusterGateway gateway = connection.get().gateway();
            if (gateway.target().timeout() != null && gateway.target().timeout().compareTo(MAX_REFRESH_TIMEOUT) > 0) {
                gateway = gateway.withTimeout(MAX_REFRESH_TIMEOUT);
            }
            if (session.lastSnapshot().isEmpty()) {
                // the first refresh: names first (one quick request), so that a Tab has something to complete
                ClusterSnapshot names = gateway.read(new SnapshotRequest(true, false, null, false, false));
                if (session.connection().orElse(null) == connection.get() && session.lastSnapshot().isEmpty()) {
                    session.remember(names);
                }
            }
            ClusterSnapshot snapshot = gateway.read(SnapshotRequest.everything(null, false));
            // Only if the operator did not connect elsewhere meanwhile.
            if (session.connection().orElse(null) == connection.get()) {
                session.remember(snapshot);
                lastError = null;
                lastSuccessNanos = System.nanoTime();
                recordOffsets(connection.get(), snapshot);
            }
        } catch (RuntimeException | LinkageError e) {
            lastError = e.getMessage() == null ? e.toString() : e.getMessage();
            LOG.debug("background snapshot refresh failed: {}", lastError);
        } finally {
            inFlight.set(false);
        }
        try {
            listener.run();
        } catch (RuntimeException e) {
            LOG.debug("refresh listener failed", e);
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
