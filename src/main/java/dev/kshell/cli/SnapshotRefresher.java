package dev.kshell.cli;

import dev.kshell.rules.StepStatus;
import dev.kshell.rules.Triage;
import dev.kshell.rules.TriageInput;
import dev.kshell.rules.quorum.QuorumMembership;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ProbeResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

/**
 * Keeps the session's cached snapshot (completion, prompt) fresh in the background: on a timer when it is older than
 * {@link ShellSession#SNAPSHOT_TTL}, when completion asks ({@link #nudge()}), and after each command
 * ({@link #afterCommand()}). One refresh at a time, on its own daemon thread; nothing here throws, and only
 * {@link #beforeCompletion()} waits (at most {@link #FIRST_SNAPSHOT_WAIT}, and only before the first snapshot). A
 * refresh reads brokers, quorum and partitions but no configs (the cheap part of a snapshot); the very first one
 * reads the topic names alone first, so that completion has names to offer while the partitions are described.
 *
 * <p>After a refresh, on the same background thread, the offsets memory records the high watermarks of the
 * partitions at risk when it is due ({@link OffsetMemory#THROTTLE}, bounded by {@link OffsetMemory#DEADLINE}): the
 * REPL's explicit, throttled recording step.
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
    private volatile Instant lastErrorAt;
    private volatile long lastSuccessNanos;
    /** A refresh was asked for while one was running (which may have started before a change): run once more. */
    private final AtomicBoolean again = new AtomicBoolean();

    /**
     * For this long after a command changed the cluster, each refresh also asks every registered broker on its own
     * endpoint: a broker killed a moment ago stays registered and unfenced until its session times out
     * (docs/kafka-behaviour.md), and the prompt must not say {@code ok} meanwhile.
     */
    static final Duration PROBE_AFTER_CHANGE = Duration.ofSeconds(60);

    /** Asks brokers on their own endpoints; replaceable in tests. */
    private volatile BiFunction<ClusterTarget, List<NodeProbe.Target>,
            List<ProbeResult>> prober = (target, targets) -> NodeProbe.of(target).probe(targets);
    private volatile Set<Integer> lastSilent = Set.of();

    public SnapshotRefresher(ShellSession session) {
        this(session, null);
    }

    /** @param offsets the offsets memory to record into after refreshes, or null for none */
    public SnapshotRefresher(ShellSession session, OffsetMemory offsets) {
        this.session = session;
        this.offsets = offsets;
        this.executor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("kshell-snapshot-refresh"));
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

    /**
     * Why the last refresh failed, or null when it worked, none ran yet, or a command has read a snapshot since
     * (the prompt's {@code ?} must not outlive a command's own fresh result).
     */
    public String lastError() {
        String error = lastError;
        Instant at = lastErrorAt;
        if (error == null || at == null) {
            return error;
        }
        ClusterSnapshot s = session.lastSnapshot().orElse(null);
        return s != null && s.takenAt() != null && s.takenAt().isAfter(at) ? null : error;
    }

    /** For tests: how brokers are probed after a change. */
    void probeWith(BiFunction<ClusterTarget, List<NodeProbe.Target>,
            List<ProbeResult>> newProber) {
        this.prober = newProber;
    }

    /**
     * Waits (at most {@code max}) until a snapshot that can carry a health mark is cached: the REPL shows its first
     * prompt once, with the mark, rather than a bare prompt redrawn a moment later.
     */
    public void awaitFirstMark(Duration max) {
        if (session.connection().isEmpty()) {
            return;
        }
        nudge();
        pollUntil(() -> lastError != null || !session.lastSnapshot().map(SnapshotRequest::descriptionsNotRead)
                .orElse(true), System.nanoTime() + max.toNanos());
    }

    /** Looks every 20 ms until {@code done} or the deadline ({@code System.nanoTime()}); an interrupt ends it. */
    private static void pollUntil(BooleanSupplier done, long untilNanos) {
        while (!done.getAsBoolean() && System.nanoTime() < untilNanos) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
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
        pollUntil(() -> session.lastSnapshot().isPresent(), System.nanoTime() + FIRST_SNAPSHOT_WAIT.toNanos());
    }

    /**
     * After a command: refresh unless the command itself just loaded a snapshot; always, at once, when the command
     * changed the cluster after the cached snapshot was read (the prompt shows {@code ?} until then).
     */
    public void afterCommand() {
        if (session.connection().isEmpty()) {
            return;
        }
        if (!session.healthKnown()) {
            submit();
            return;
        }
        if ((session.lastSnapshot().isEmpty() || System.nanoTime() - lastSuccessNanos > FRESH_ENOUGH.toNanos())
                && !justRemembered()) {
            submit();
        }
    }

    private boolean justRemembered() {
        return session.lastSnapshot().map(s -> Duration.between(s.takenAt(), Instant.now())
                .compareTo(FRESH_ENOUGH) < 0).orElse(false);
    }

    private void refreshIfStale() {
        if (session.connection().isPresent() && (session.snapshotStale() || !session.healthKnown())) {
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
            again.set(true);
            return;
        }
        try {
            executor.execute(this::refreshNow);
        } catch (RuntimeException e) {
            // shut down: the shell is leaving
        }
    }

    private boolean olderThanCached(ClusterSnapshot s) {
        ClusterSnapshot cached = session.lastSnapshot().orElse(null);
        return cached != null && cached.takenAt() != null && s.takenAt() != null && s.takenAt().isBefore(cached.takenAt())
                && Objects.equals(cached.clusterId(), s.clusterId());
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
            Set<Integer> silent = silentBrokers(gateway, snapshot);
            // Only if the operator did not connect elsewhere meanwhile, and no command read a newer one meanwhile
            // (this read may have started before a command's own, e.g. before a broker was killed).
            StepStatus quorum = quorumStatus(gateway, snapshot);
            if (session.connection().orElse(null) == connection.get() && !olderThanCached(snapshot)) {
                session.remember(snapshot, silent);
                session.rememberQuorum(snapshot, quorum);
                rememberGroupNames(gateway, snapshot);
                lastError = null;
                lastSuccessNanos = System.nanoTime();
                recordOffsets(connection.get(), snapshot);
            }
        } catch (RuntimeException | LinkageError e) {
            lastError = e.getMessage() == null ? e.toString() : e.getMessage();
            lastErrorAt = Instant.now();
            LOG.debug("background snapshot refresh failed: {}", lastError);
        } finally {
            inFlight.set(false);
        }
        try {
            listener.run();
        } catch (RuntimeException e) {
            LOG.debug("refresh listener failed", e);
        }
        if (again.getAndSet(false)) {
            submit();
        }
    }

    /**
     * The group ids for completion, listed with each refresh (one listGroups, never per key press); a cluster that
     * cannot list them (controllers only, an ACL) leaves the last ones.
     */
    private void rememberGroupNames(ClusterGateway gateway, ClusterSnapshot snapshot) {
        if (gateway.target().viaControllers() || snapshot.liveBrokerIds().isEmpty()) {
            return;
        }
        try {
            session.rememberGroupNames(snapshot.clusterId(), gateway.groups().list().groups().stream()
                    .map(dev.kshell.model.ClientGroup::groupId).toList());
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("listing groups for completion failed: {}", e.toString());
        }
    }

    /**
     * Step 1 of triage over what this refresh read, so that the prompt never says {@code ok} while triage would not:
     * the quorum's lags and leader from the snapshot, and (KRaft, a leader known) its membership, one more
     * describeMetadataQuorum, for a controller back on a new disk; the voters are asked on their own endpoints only
     * for a while after a change, as the brokers are. Null when the snapshot holds no quorum (ZooKeeper mode, a
     * read that left it out).
     */
    private StepStatus quorumStatus(ClusterGateway gateway, ClusterSnapshot snapshot) {
        if (snapshot.quorum() == null || snapshot.quorum().zooKeeperMode()) {
            return null;
        }
        TriageInput in = TriageInput.of(snapshot, null);
        if (snapshot.quorum().hasLeader()) {
            try {
                in = in.withNewDisks(QuorumMembership.judge(gateway.quorumChanges().describe(), List.of()).newDisks());
            } catch (RuntimeException e) {
                LOG.debug("quorum membership not read for the prompt: {}", e.toString());
            }
        }
        if (probingAfterChange() && !snapshot.quorum().voterEndpoints().isEmpty()) {
            List<NodeProbe.Target> voters = new ArrayList<>();
            snapshot.quorum().voterEndpoints().forEach((id, endpoint) ->
                    voters.add(new NodeProbe.Target(id, "controller", endpoint)));
            try {
                in = in.withVoterProbes(prober.apply(gateway.target(), voters));
            } catch (RuntimeException e) {
                LOG.debug("probing voters after a change failed: {}", e.toString());
            }
        }
        return Triage.quorum(in).status();
    }

    private boolean probingAfterChange() {
        Instant changed = session.lastChange();
        return changed != null && Duration.between(changed, Instant.now()).compareTo(PROBE_AFTER_CHANGE) < 0;
    }

    /**
     * Registered brokers that do not answer on their own endpoint, asked only for a while after a command changed
     * the cluster, or while the previous refresh still found one silent (each probe costs one connection per broker).
     */
    private Set<Integer> silentBrokers(ClusterGateway gateway, ClusterSnapshot snapshot) {
        if (!probingAfterChange() && lastSilent.isEmpty()) {
            return Set.of();
        }
        List<NodeProbe.Target> targets = new ArrayList<>();
        snapshot.brokers().stream().filter(BrokerState::live)
                .forEach(b -> targets.add(new NodeProbe.Target(b.id(), "broker", b.endpoint())));
        Set<Integer> silent = new TreeSet<>();
        try {
            for (ProbeResult r : prober.apply(gateway.target(), targets)) {
                if (!r.answered() && r.nodeId() != null) {
                    silent.add(r.nodeId());
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("probing brokers after a change failed: {}", e.toString());
        }
        lastSilent = Set.copyOf(silent);
        return lastSilent;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
