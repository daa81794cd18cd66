package dev.kshell.session;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

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

    /** An open connection and what the operator called it. */
    public record Connection(ClusterGateway gateway, String label, String expectedClusterId) {
    }

    public ShellSession(Function<ClusterTarget, ClusterGateway> gatewayFactory) {
        this(gatewayFactory, Clock.systemUTC());
    }

    public ShellSession(Function<ClusterTarget, ClusterGateway> gatewayFactory, Clock clock) {
        this.gatewayFactory = gatewayFactory;
        this.clock = clock;
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
        connection = new Connection(gatewayFactory.apply(target), label, expectedClusterId);
        return connection;
    }

    public synchronized void disconnect() {
        if (connection != null) {
            connection.gateway().close();
        }
        connection = null;
        snapshot = null;
        snapshotAt = null;
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
    public <T> T withCommandTimeout(Duration timeout, java.util.concurrent.Callable<T> body) throws Exception {
        Duration previous = commandTimeout.get();
        commandTimeout.set(timeout == null ? previous : timeout);
        try {
            return body.call();
        } finally {
            commandTimeout.set(previous);
        }
    }

    /**
     * Records a snapshot that a command loaded, for completion and the prompt. Nothing else happens here: reading
     * has no side effects (remembering offsets is {@link OffsetMemory}'s explicit step). A snapshot whose command did
     * not ask for the quorum keeps the quorum of the cached snapshot of the same cluster, so that the prompt and
     * completion do not lose it.
     */
    public void remember(ClusterSnapshot s) {
        ClusterSnapshot previous = snapshot;
        if (s != null && previous != null && dev.kshell.model.SnapshotRequest.quorumNotRead(s)
                && java.util.Objects.equals(s.clusterId(), previous.clusterId())
                && !dev.kshell.model.SnapshotRequest.quorumNotRead(previous)) {
            s = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), previous.quorum(), previous.quorumError(),
                    s.topics());
        }
        snapshot = s;
        snapshotAt = clock.instant();
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
