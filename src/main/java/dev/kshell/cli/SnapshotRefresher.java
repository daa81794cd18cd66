package dev.kshell.cli;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
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
 * ({@link #afterCommand()}). One refresh at a time, on its own daemon thread; nothing here blocks the caller or
 * throws. A refresh reads brokers, quorum and partitions but no configs (the cheap part of a snapshot).
 */
public final class SnapshotRefresher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotRefresher.class);

    /** A command that just loaded a snapshot itself needs no refresh after it. */
    private static final Duration FRESH_ENOUGH = Duration.ofSeconds(2);

    /** Completion and the prompt are conveniences: their refresh never waits longer than this per call. */
    static final Duration MAX_REFRESH_TIMEOUT = Duration.ofSeconds(10);

    private final ShellSession session;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private volatile Runnable listener = () -> { };
    private volatile String lastError;
    private volatile long lastSuccessNanos;

    public SnapshotRefresher(ShellSession session) {
        this.session = session;
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
            ClusterSnapshot snapshot = gateway.snapshot(null, false);
            // Only if the operator did not connect elsewhere meanwhile.
            if (session.connection().orElse(null) == connection.get()) {
                session.remember(snapshot);
                lastError = null;
                lastSuccessNanos = System.nanoTime();
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
