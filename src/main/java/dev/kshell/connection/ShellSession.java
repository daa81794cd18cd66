package dev.kshell.connection;

import dev.kshell.model.RadarThresholds;
import dev.kshell.memory.ClientHistory;
import dev.kshell.rules.StepStatus;

import dev.kshell.memory.LogDirHistory;
import dev.kshell.memory.QuorumMemory;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.rules.Verdict;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * One operator session: at most one cluster connection, the last snapshot (for completion and the prompt), and the
 * session-wide settings given on the command line. Thread-safe: completion reads it while a command runs.
 */
public final class ShellSession implements AutoCloseable {

    /** How long a cached snapshot serves completion and the prompt before a refresh is due. */
    public static final Duration SNAPSHOT_TTL = Duration.ofSeconds(10);

    private final Function<ClusterTarget, ClusterGateway> gatewayFactory;
    private final Clock clock;
    private volatile Connection connection;
    private volatile ClusterSnapshot snapshot;
    private volatile Instant snapshotAt;
    private volatile Duration defaultTimeout = Duration.ofSeconds(10);
    private final ThreadLocal<Duration> commandTimeout = new ThreadLocal<>();
    private volatile QuorumMemory quorumMemory = QuorumMemory.sessionOnly();
    private final LogDirHistory logDirHistory = new LogDirHistory();
    private final ClientHistory clientHistory = new ClientHistory();
    /** Group ids last listed, per cluster id, for completion (refreshed with the snapshot, never per key press). */
    private volatile GroupNames groupNames;
    private final dev.kshell.memory.MoveSamples moveSamples = new dev.kshell.memory.MoveSamples();

    public ShellSession(Function<ClusterTarget, ClusterGateway> gatewayFactory) {
        this(gatewayFactory, Clock.systemUTC());
    }

    public ShellSession(Function<ClusterTarget, ClusterGateway> gatewayFactory, Clock clock) {
        this.gatewayFactory = gatewayFactory;
        this.clock = clock;
    }

    /**
     * An open connection and what the operator called it.
     *
     * @param expectedClusterId the cluster id its profile pins, or null
     * @param inheritedPin      the pin of an earlier connection of this session, carried over because this one has
     *                          none of its own: a {@code connect} elsewhere must not drop the pin silently (null when
     *                          there was none, or the operator lifted it with {@code connect --unpin})
     */
    public record Connection(ClusterGateway gateway, String label, String expectedClusterId, String inheritedPin) {

        public Connection(ClusterGateway gateway, String label, String expectedClusterId) {
            this(gateway, label, expectedClusterId, null);
        }

        /** The cluster id mutations must find: this connection's own pin, else the one it inherited. */
        public String pinnedClusterId() {
            return expectedClusterId != null ? expectedClusterId : inheritedPin;
        }

        /** The endpoints connected to, as the operator gave them. */
        public String endpoints() {
            return gateway.target().endpoints();
        }

        /** True when connected to the controllers ({@code --bootstrap-controller}). */
        public boolean viaControllers() {
            return gateway.target().viaControllers();
        }

        /** The deadline of each cluster call. */
        public Duration timeout() {
            return gateway.target().timeout();
        }

        /** The ZooKeeper ensemble read alongside (ZooKeeper-mode clusters), or null. */
        public String zooKeeper() {
            return gateway.target().zooKeeper();
        }
    }

    /** The last cluster id pinned by a connection of this session; survives connect until lifted. */
    private volatile String sessionPin;

    /** The cluster id this session is pinned to (the last profile's expected-cluster-id), or null. */
    public String pin() {
        return sessionPin;
    }

    /** The operator says so: the next connection starts without the session's pin. */
    public void liftPin() {
        sessionPin = null;
    }

    private Connection newConnection(ClusterGateway gateway, String label, String expectedClusterId) {
        Connection c = new Connection(gateway, label, expectedClusterId, expectedClusterId == null ? sessionPin : null);
        if (expectedClusterId != null) {
            sessionPin = expectedClusterId;
        }
        return c;
    }

    /** What this session saw of log directories and replicas out of the ISR (in memory, per cluster). */
    public LogDirHistory logDirHistory() {
        return logDirHistory;
    }

    /** What this session saw of groups' lag and the logs' ends (in memory, per cluster). */
    public ClientHistory clientHistory() {
        return clientHistory;
    }

    /** Group ids of one cluster as last listed, and when. */
    public record GroupNames(String clusterId, java.util.List<String> ids, Instant at) {
        public GroupNames {
            ids = java.util.List.copyOf(ids);
        }
    }

    /** Remembers the group ids a command or the snapshot refresh listed, for completion. */
    public void rememberGroupNames(String clusterId, java.util.List<String> ids) {
        groupNames = new GroupNames(clusterId, ids, clock.instant());
    }

    /** The group ids last listed on the connected cluster, or empty. */
    public Optional<GroupNames> groupNames() {
        GroupNames names = groupNames;
        ClusterSnapshot s = snapshot;
        return names == null || (s != null && s.clusterId() != null && !s.clusterId().equals(names.clusterId()))
                ? Optional.empty() : Optional.of(names);
    }

    /** The moves in flight as this session read them, for their rate over the last reads. */
    public dev.kshell.memory.MoveSamples moveSamples() {
        return moveSamples;
    }

    public QuorumMemory quorumMemory() {
        return quorumMemory;
    }

    /** Replaces the session-only quorum memory, e.g. with one backed by the state file (the shell does). */
    public void useQuorumMemory(QuorumMemory memory) {
        this.quorumMemory = Objects.requireNonNull(memory);
    }

    public Duration defaultTimeout() {
        return defaultTimeout;
    }

    public void defaultTimeout(Duration timeout) {
        this.defaultTimeout = timeout;
    }

    /** Replaces the current connection (closing the old one). Does not talk to the cluster. */
    public synchronized Connection connect(ClusterTarget target, String label, String expectedClusterId) {
        disconnect();
        radarThresholds = RadarThresholds.DEFAULTS; // a profile's settings come with connectChecked
        connection = newConnection(gatewayFactory.apply(target), label, expectedClusterId);
        return connection;
    }

    public synchronized void disconnect() {
        if (connection != null) {
            connection.gateway().close();
        }
        connection = null;
        snapshot = null;
        snapshotAt = null;
        groupNames = null;
        verdict = null;
        changedAt = null;
        snapshotBeforeChange = null;
        silentBrokers = Set.of();
    }

    public Optional<Connection> connection() {
        return Optional.ofNullable(connection);
    }

    /** The gateway, with the deadline of the running command when it set its own (--timeout). */
    public Optional<ClusterGateway> gateway() {
        Connection c = connection;
        if (c == null) {
            return Optional.empty();
        }
        Duration override = commandTimeout.get();
        return Optional.of(override == null ? c.gateway() : c.gateway().withTimeout(override));
    }

    /** The gateway, or a usage error saying how to connect. */
    public ClusterGateway requireGateway() {
        return gateway().orElseThrow(() -> new IllegalStateException("not connected"));
    }

    /** Runs one command with its own deadline for every cluster call (null: the connection's). */
    public <T> T withCommandTimeout(Duration timeout, Callable<T> body) throws Exception {
        Duration previous = commandTimeout.get();
        commandTimeout.set(timeout == null ? previous : timeout);
        try {
            return body.call();
        } finally {
            commandTimeout.set(previous);
        }
    }

    /**
     * Replaces the current connection only when the new one answers {@code check} (which throws when it does
     * not): a failed {@code connect} in the middle of an incident must not lose the connection that works. With no
     * current connection the new one is kept even when it does not answer yet (the operator may retry).
     *
     * @return the new connection
     * @throws RuntimeException what {@code check} threw, after closing the new gateway and keeping the old one
     */
    public Connection connectIfAnswering(ClusterTarget target, String label, String expectedClusterId,
                                         Consumer<ClusterGateway> check) {
        return connectIfAnswering(target, label, expectedClusterId, false, check);
    }

    /**
     * As {@link #connectIfAnswering(ClusterTarget, String, String, java.util.function.Consumer)}; with
     * {@code unpin} ({@code connect --unpin}) the session's pin is lifted, but only once the new connection has
     * answered: a connect that fails leaves the pin exactly as it was.
     */
    public Connection connectIfAnswering(ClusterTarget target, String label, String expectedClusterId, boolean unpin,
                                         Consumer<ClusterGateway> check) {
        Connection old;
        synchronized (this) {
            old = connection;
        }
        if (old == null) {
            Connection c = connect(target, label, expectedClusterId);
            check.accept(c.gateway());
            synchronized (this) {
                if (unpin && connection == c) {
                    sessionPin = expectedClusterId;
                    connection = new Connection(c.gateway(), label, expectedClusterId, null);
                }
                return connection;
            }
        }
        ClusterGateway candidate = gatewayFactory.apply(target);
        try {
            check.accept(candidate);
        } catch (RuntimeException e) {
            candidate.close();
            throw e;
        }
        synchronized (this) {
            disconnect();
            if (unpin) {
                sessionPin = null;
            }
            connection = newConnection(candidate, label, expectedClusterId);
            return connection;
        }
    }

    /**
     * Connects as {@code resolved} says, keeping the current connection unless the new one answers
     * ({@link #connectIfAnswering}); {@code unpin} lifts the pin only after the new connection answered.
     *
     * @return the cluster id the new connection answered with
     */
    public String connectChecked(ConnectionRequest.Resolved resolved, boolean unpin) {
        String[] answered = new String[1];
        connectIfAnswering(resolved.target(), resolved.label(), resolved.expectedClusterId(), unpin,
                g -> answered[0] = g.clusterId());
        radarThresholds = resolved.radarThresholds();
        return answered[0];
    }

    /** The radar's windows and limits of the connection's profile (kshell's defaults without one). */
    private volatile RadarThresholds radarThresholds = RadarThresholds.DEFAULTS;

    /** When the radar calls a certificate, a timestamp or a clock due on this connection (its profile's settings). */
    public RadarThresholds radarThresholds() {
        return radarThresholds;
    }

    /**
     * With no snapshot yet, reads one (without configs) within {@code deadline} and remembers it; an unreachable or
     * slow cluster leaves none (completion then offers what needs no cluster).
     */
    public void readSnapshotIfNone(Duration deadline) {
        if (lastSnapshot().isPresent()) {
            return;
        }
        gateway().ifPresent(g -> {
            try {
                remember(g.withTimeout(deadline).snapshot(null, false));
            } catch (RuntimeException e) {
                // unreachable or slow: nothing remembered
            }
        });
    }

    private volatile Map<Integer, String> knownVoterEndpoints = Map.of();
    private volatile String sandboxBootstrapServers;
    private volatile String sandboxBootstrapControllers;

    /**
     * Controller endpoints by node id as last seen (the last quorum read that listed them, or the sandbox's own
     * controllers): where triage probes the voters once the quorum cannot be read any more.
     */
    public Map<Integer, String> knownVoterEndpoints() {
        return knownVoterEndpoints;
    }

    /** Called by the sandbox launcher: this session runs kshell's sandbox with these endpoints. */
    public void markSandbox(String bootstrapServers, String bootstrapControllers,
                            Map<Integer, String> controllerEndpoints) {
        sandboxBootstrapServers = bootstrapServers;
        sandboxBootstrapControllers = bootstrapControllers;
        if (knownVoterEndpoints.isEmpty()) {
            knownVoterEndpoints = Map.copyOf(controllerEndpoints);
        }
    }

    /** True when the current connection is to the session's sandbox: advice may name {@code sandbox} commands. */
    public boolean connectedToSandbox() {
        Connection c = connection;
        if (c == null || (sandboxBootstrapServers == null && sandboxBootstrapControllers == null)) {
            return false;
        }
        ClusterTarget t = c.gateway().target();
        return t.viaControllers() ? Objects.equals(t.bootstrapControllers(), sandboxBootstrapControllers)
                : Objects.equals(t.bootstrapServers(), sandboxBootstrapServers);
    }

    /**
     * Records a snapshot that a command loaded, for completion and the prompt. Nothing else happens here: reading
     * has no side effects (remembering offsets is {@link OffsetMemory}'s explicit step). A snapshot whose command did
     * not ask for the quorum keeps the quorum of the cached snapshot of the same cluster, so that the prompt and
     * completion do not lose it.
     */
    public void remember(ClusterSnapshot s) {
        remember(s, Set.of());
    }

    /**
     * As {@link #remember(ClusterSnapshot)}, with the registered brokers that did not answer on their own endpoint
     * when asked right after the read (a broker killed a second ago is still registered and unfenced; the prompt
     * counts what such a broker leads as leaderless, as triage does).
     */
    public synchronized void remember(ClusterSnapshot s, Set<Integer> silentBrokers) {
        ClusterSnapshot previous = snapshot;
        if (s != null && previous != null && SnapshotRequest.quorumNotRead(s)
                && Objects.equals(s.clusterId(), previous.clusterId())
                && !SnapshotRequest.quorumNotRead(previous)) {
            s = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), previous.quorum(), previous.quorumError(),
                    s.topics());
        }
        snapshot = s;
        snapshotAt = clock.instant();
        this.silentBrokers = silentBrokers == null ? Set.of() : Set.copyOf(silentBrokers);
        if (s != null && s.quorum() != null && !s.quorum().voterEndpoints().isEmpty()) {
            knownVoterEndpoints = s.quorum().voterEndpoints();
        }
    }

    /** Registered brokers that did not answer when the cached snapshot was taken (empty when none were asked). */
    public Set<Integer> silentBrokers() {
        return silentBrokers;
    }

    // ---- the health mark's freshness (the prompt) ----------------------------------------------------------

    /**
     * A command's own verdict on a snapshot it read (triage's), which may know more than the snapshot alone (node
     * probes). It stands for the prompt until a newer snapshot shows a different picture, or the cluster is changed.
     */
    public record CommandVerdict(ClusterSnapshot judged, Verdict verdict) {
    }

    private volatile ClusterSnapshot snapshotBeforeChange;
    private volatile Instant changedAt;
    private volatile CommandVerdict verdict;
    private volatile Set<Integer> silentBrokers = Set.of();

    /**
     * A command changed the cluster (a node stopped or started, a scenario staged, a reset, an election): the
     * cached snapshot no longer says how it is. Until a snapshot read after this moment arrives,
     * {@link #healthKnown()} is false (the prompt shows {@code ?}), and a command's verdict is dropped.
     */
    public void clusterChanged() {
        changedAt = Instant.now();
        snapshotBeforeChange = snapshot;
        verdict = null;
    }

    /** When a command last changed the cluster in this session, or null. */
    public Instant lastChange() {
        return changedAt;
    }

    /**
     * False when a command changed the cluster after the cached snapshot was read (nothing newer yet), so that the
     * health mark does not show the state from before the change.
     */
    public boolean healthKnown() {
        Instant at = changedAt;
        ClusterSnapshot s = snapshot;
        if (at == null || s == null) {
            return true;
        }
        if (s == snapshotBeforeChange) {
            return false;
        }
        return s.takenAt() == null || !s.takenAt().isBefore(at);
    }

    /**
     * The quorum as triage's step 1 judges it, on the snapshot the background refresh read: {@code ok}, {@code warn}
     * (a voter on an old disk or not caught up) or {@code fail} (no leader, a lost majority).
     */
    public record QuorumJudgement(ClusterSnapshot judged, StepStatus status) {
    }

    private volatile QuorumJudgement quorumJudgement;

    /** Records step 1's judgement of a snapshot this session remembered. */
    public void rememberQuorum(ClusterSnapshot judged, StepStatus status) {
        quorumJudgement = judged == null || status == null ? null : new QuorumJudgement(judged, status);
    }

    /** The last judgement of the quorum, or empty (none yet). */
    public Optional<QuorumJudgement> lastQuorumJudgement() {
        return Optional.ofNullable(quorumJudgement);
    }

    /** Records a command's verdict on the snapshot it read (and remembered). */
    public void rememberVerdict(ClusterSnapshot judged, Verdict v) {
        verdict = judged == null || v == null ? null : new CommandVerdict(judged, v);
    }

    /** The last command verdict, or empty (none, or the cluster was changed since). */
    public Optional<CommandVerdict> lastVerdict() {
        return Optional.ofNullable(verdict);
    }

    public Optional<ClusterSnapshot> lastSnapshot() {
        return Optional.ofNullable(snapshot);
    }

    public boolean snapshotStale() {
        Instant at = snapshotAt;
        return at == null || Duration.between(at, clock.instant()).compareTo(SNAPSHOT_TTL) > 0;
    }

    @Override
    public void close() {
        disconnect();
    }
}
