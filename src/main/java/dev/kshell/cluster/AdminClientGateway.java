package dev.kshell.cluster;

import dev.kshell.model.ProbeResult;

import dev.kshell.audit.Approval;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterCapabilities.Feature;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.QuorumState;
import dev.kshell.model.SnapshotRequest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;

import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.CoordinatorClients;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * {@link ClusterGateway} over Kafka's Admin client. The Admin is created on first use; every request carries the
 * target's deadline both as Kafka's own timeout and as a bound on our wait, so nothing can hang.
 */
public final class AdminClientGateway implements SandboxTopicAdmin {

    private volatile Consumer<List<String>> afterListing = names -> { };

    private final ClusterTarget target;
    private final Clock clock;
    private final AdminHolder holder;

    /** The Admin client, created on first use and shared by every deadline view of this connection. */
    /** How long closing a connection may wait for calls in flight (then they fail): shutdown is never held up. */
    static final Duration CLOSE_BOUND = Duration.ofMillis(200);

    private static final class AdminHolder {
        private final ClusterTarget target;
        private Admin admin;
        /** Detected on first use, then kept for the connection (features only switch off on a refusal). */
        private volatile ClusterCapabilities capabilities;
        /**
         * Held while capabilities are detected (a network call of up to the deadline): a lock of its own, so that
         * {@link #close()} never waits on it. Closing under the holder's own lock waited for the call in flight:
         * SIGTERM at 4 s of a --timeout 30s call exited at 30.8 s.
         */
        final Object detecting = new Object();
        /** Set by {@link #close()}: a call that fails after it was cut short, not a cluster that did not answer. */
        volatile boolean closed;

        AdminHolder(ClusterTarget target) {
            this.target = target;
        }

        synchronized Admin get() {
            if (admin == null) {
                admin = KafkaErrors.translate(target, "connect", () -> Admin.create(adminProperties(target)));
            }
            return admin;
        }

        /** Closes the client: calls in flight fail at once, shutdown never waits on the network past this bound. */
        synchronized void close() {
            closed = true;
            if (admin != null) {
                admin.close(CLOSE_BOUND);
                admin = null;
            }
            capabilities = null;
        }
    }

    public AdminClientGateway(ClusterTarget target) {
        this(target, Clock.systemUTC(), new AdminHolder(target));
    }

    private AdminClientGateway(ClusterTarget target, Clock clock, AdminHolder holder) {
        this.target = target;
        this.clock = clock;
        this.holder = holder;
    }

    @Override
    public ClusterTarget target() {
        return target;
    }

    @Override
    public ClusterGateway withTimeout(Duration timeout) {
        return new AdminClientGateway(target.withTimeout(timeout), clock, holder);
    }

    /** The clock snapshots and quorum ages are taken with. */
    Clock clock() {
        return clock;
    }

    /** The shared Admin client, for the other Admin-backed classes of this package. */
    Admin admin() {
        return holder.get();
    }

    /** Admin client settings: the operator's properties first, then our deadlines, which always win. */
    static Properties adminProperties(ClusterTarget target) {
        Properties props = new Properties();
        props.putAll(target.clientProperties());
        if (target.viaControllers()) {
            props.put(AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG, target.bootstrapControllers());
            props.remove(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        } else {
            props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
            props.remove(AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG);
        }
        // clamped, never cast: --timeout 600h is accepted as Kafka's largest deadline (about 24.8 days)
        int timeoutMs = clampMs(Math.max(1000, target.timeout().toMillis()));
        // default.api.timeout.ms must be >= request.timeout.ms or Admin.create throws (docs/kafka-behaviour.md).
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(timeoutMs));
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(timeoutMs));
        props.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, String.valueOf(Math.min(timeoutMs, 3000)));
        props.put("socket.connection.setup.timeout.max.ms", String.valueOf(Math.min(timeoutMs, 5000)));
        props.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, "kshell");
        // No JMX reporter (Kafka's default): it registers an MBean per client metric, which nobody reads from a
        // shell, at some milliseconds of every start. An operator's own metric.reporters is kept.
        props.putIfAbsent(AdminClientConfig.METRIC_REPORTER_CLASSES_CONFIG, "");
        return props;
    }

    int timeoutMs() {
        return clampMs(target.timeout().toMillis());
    }

    /** Kafka takes deadlines as int ms: a longer one is the largest int, never an overflowed negative. */
    static int clampMs(long ms) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, ms));
    }

    /**
     * Waits for a future a little longer than Kafka's own deadline, so Kafka's error (more precise) wins; every
     * address refusing the connection is said at once ({@link #answer}).
     */
    <T> T await(String operation, KafkaFuture<T> future) {
        return closedAware(() -> KafkaErrors.translate(target, operation, () -> answer(target, future)));
    }

    /**
     * A call that failed because the connection was closed under it (SIGTERM, the shell ending) is a cancellation,
     * not "no answer within 30s" after 4 s.
     */
    <T> T closedAware(Supplier<T> call) {
        try {
            return call.get();
        } catch (ClusterException e) {
            if (holder.closed) {
                throw new CancellationException("cancelled: the connection was closed");
            }
            throw e;
        }
    }

    /**
     * The future's value, waited for until a little after {@code target}'s deadline. A call not answered within
     * {@link Reachability#CHECK_AFTER} checks the addresses once: when every one refuses the connection (nothing
     * listens), that is said at once, as an UNREACHABLE {@link ClusterException}, instead of a timeout at the deadline.
     */
    static <T> T answer(ClusterTarget target, Future<T> future) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(target.timeout().toMillis() + 2000);
        long first = Math.min(target.timeout().toMillis() + 2000, Reachability.CHECK_AFTER.toMillis());
        try {
            return answered(target, future.get(first, TimeUnit.MILLISECONDS));
        } catch (TimeoutException notYet) {
            Optional<String> refused = Reachability.refusedEverywhere(target.endpoints());
            if (refused.isPresent()) {
                future.cancel(true);
                throw new ClusterException(ClusterException.Kind.UNREACHABLE, refused.get());
            }
            // A listener that answered before is slow, not TLS: asking it again would only put a warning in its log.
            if (!ANSWERED.contains(answeredKey(target))) {
                tlsWhereNoneIsUsed(target, future);
            }
            try {
                return answered(target, future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException late) {
                tlsWhereNoneIsUsed(target, future);
                throw late;
            }
        }
    }

    /**
     * Endpoints that answered a call in this process, with the security protocol used: a later slow call there is
     * not a protocol mismatch.
     */
    private static final Set<String> ANSWERED = ConcurrentHashMap.newKeySet();

    private static <T> T answered(ClusterTarget target, T value) {
        ANSWERED.add(answeredKey(target));
        return value;
    }

    private static String answeredKey(ClusterTarget target) {
        return target.endpoints() + " " + target.clientProperties().getOrDefault("security.protocol", "PLAINTEXT");
    }

    private static void tlsWhereNoneIsUsed(ClusterTarget target, Future<?> future) {
        Optional<String> tls = Reachability.tlsWhereNoneIsUsed(target.endpoints(), target.clientProperties());
        if (tls.isPresent()) {
            future.cancel(true);
            throw new ClusterException(ClusterException.Kind.INVALID, tls.get());
        }
    }

    @Override
    public String clusterId() {
        return await("describeCluster", admin().describeCluster(clusterOptions()).clusterId());
    }

    DescribeClusterOptions clusterOptions() {
        DescribeClusterOptions options = new DescribeClusterOptions().timeoutMs(timeoutMs());
        // Controllers refuse includeFencedBrokers; brokers need it to show fenced brokers at all, and brokers
        // before 4.0 refuse it (DescribeCluster v2): ask for it only where the cluster offers it.
        return capabilities().has(Feature.FENCED_BROKER_LISTING) ? options.includeFencedBrokers(true) : options;
    }

    /**
     * What this cluster offers: detected on the first call of this connection ({@link CapabilityDetector}), then
     * cached and shared by every deadline view. A failed detection is not cached (the next call tries again).
     */
    @Override
    public ClusterCapabilities capabilities() {
        ClusterCapabilities known = holder.capabilities;
        if (known != null) {
            return known;
        }
        synchronized (holder.detecting) {
            if (holder.capabilities == null) {
                ClusterCapabilities detected = closedAware(() -> CapabilityDetector.detect(this));
                // KRaft without a finalized metadata.version: brokers that have not loaded their metadata yet
                // (seen right after a 3.9 start). Use it for this call, detect again on the next.
                if (detected.mode() == ClusterCapabilities.Mode.KRAFT && detected.metadataVersion() == null
                        && !target.viaControllers()) {
                    return detected;
                }
                holder.capabilities = detected;
            }
            return holder.capabilities;
        }
    }

    /**
     * Records that the cluster refused a feature as unsupported on first use (e.g. listTransactions on Kafka 2.8),
     * so that later calls of this connection no longer ask for it.
     */
    void refused(Feature feature, String note) {
        synchronized (holder.detecting) {
            holder.capabilities = capabilities().with(feature, false, note);
        }
    }

    @Override
    public QuorumChanges quorumChanges() {
        return new AdminQuorumChanges(this);
    }

    @Override
    public QuorumState quorum() {
        return new AdminQuorum(this).read();
    }

    @Override
    public List<BrokerState> brokers() {
        return toBrokers(await("describeCluster", admin().describeCluster(clusterOptions()).nodes()));
    }

    static List<BrokerState> toBrokers(Collection<Node> nodes) {
        return nodes.stream()
                .map(n -> new BrokerState(n.id(), n.host(), n.port(), n.hasRack() ? n.rack() : null, n.isFenced()))
                .sorted(Comparator.comparingInt(BrokerState::id))
                .toList();
    }

    @Override
    public List<String> topicNames() {
        requireBrokers("list topics");
        ListTopicsOptions options = new ListTopicsOptions().listInternal(true).timeoutMs(timeoutMs());
        return await("listTopics", admin().listTopics(options).names()).stream().sorted().toList();
    }

    void requireBrokers(String what) {
        if (target.viaControllers()) {
            throw new ClusterException(ClusterException.Kind.INVALID, "cannot " + what + " through --bootstrap-controller "
                    + target.bootstrapControllers() + ": controllers do not serve topic metadata; connect with --bootstrap-server");
        }
    }

    @Override
    public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
        return read(SnapshotRequest.everything(topics, withConfigs));
    }

    /** Reads what the request asks for ({@link AdminSnapshotReader}). */
    @Override
    public ClusterSnapshot read(SnapshotRequest request) {
        return new AdminSnapshotReader(this, afterListing).read(request);
    }

    /** Test hook: runs after listTopics, before describeTopics, with the listed names (a test deletes one). */
    void afterListing(Consumer<List<String>> hook) {
        this.afterListing = hook == null ? names -> { } : hook;
    }

    @Override
    public void close() {
        holder.close();
    }

    /** Supplier that may throw anything; the translation catches all. */
    @FunctionalInterface
    interface Call<T> {
        T get() throws Exception;
    }

    @Override
    public ReplicaMoves replicaMoves() {
        return new AdminReplicaMoves(this);
    }

    @Override
    public LogDirs logDirs() {
        return new AdminLogDirs(this);
    }

    @Override
    public ClientGroups groups() {
        return new AdminClientGroups(this);
    }

    @Override
    public ConfigAdmin configs() {
        return new AdminConfigAdmin(this);
    }

    @Override
    public Radar radar() {
        return new AdminRadar(this);
    }

    // ---- coordinators

    @Override
    public CoordinatorClients coordinatorClients() {
        return new AdminGroups(this).read();
    }

    // --- config audit ---

    @Override
    public BrokerConfigs brokerConfigs(List<Integer> brokerIds, Collection<String> names) {
        return new AdminConfigs(this).brokerConfigs(brokerIds, names);
    }

    // ---- elections: one-line delegations to AdminElections ----

    @Override
    public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> partitions) {
        Approval.require("electLeaders");
        return new AdminElections(this).electLeaders(type, partitions);
    }

    @Override
    public Map<PartitionSpec, Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders) {
        Approval.require("reassignSameSet");
        return new AdminElections(this).reassignSameSet(newOrders);
    }

    @Override
    public Map<PartitionSpec, Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders) {
        return new AdminElections(this).awaitReplicaOrder(orders);
    }

    @Override
    public ReplicaSizes replicaSizes(Collection<Integer> brokerIds) {
        return new AdminElections(this).replicaSizes(brokerIds);
    }

    @Override
    public Optional<Long> maxProducerSequence(PartitionSpec partition, int brokerId) {
        return new AdminElections(this).maxProducerSequence(partition, brokerId);
    }

    @Override
    public Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
        return new AdminElections(this).latestOffsets(partitions);
    }

    @Override
    public Map<PartitionSpec, LogRange> logAsOf(Collection<PartitionSpec> partitions, long at) {
        return new AdminElections(this).logAsOf(partitions, at);
    }

    @Override
    public OpenTransactions openTransactions(PartitionSpec partition) {
        return new AdminElections(this).openTransactions(partition, clock.millis());
    }

    // ---- topic administration for the sandbox ----

    @Override
    public boolean createTopicWithAssignment(String topic, List<List<Integer>> replicasByPartition,
                                             Map<String, String> configs) {
        return new AdminTopics(this).create(topic, replicasByPartition, configs);
    }

    @Override
    public void deleteTopicsIfPresent(Collection<String> topics) {
        new AdminTopics(this).deleteIfPresent(topics);
    }

    @Override
    public void setTopicConfig(String topic, String key, String value) {
        new AdminTopics(this).setConfig(topic, key, value);
    }

    @Override
    public void reassignAndWait(String topic, Map<Integer, List<Integer>> replicasByPartition) {
        new AdminTopics(this).reassignAndWait(topic, replicasByPartition);
    }

    @Override
    public int electPreferredQuietly(Collection<String> topics) {
        return new AdminTopics(this).electPreferredQuietly(topics);
    }

    @Override
    public List<String> deleteGroupsIfPresent(Collection<String> groupIds) {
        return new AdminTopics(this).deleteGroupsIfPresent(groupIds);
    }

    @Override
    public boolean electUncleanQuietly(String topic, int partition) {
        return new AdminTopics(this).electUncleanQuietly(topic, partition);
    }

    @Override
    public List<ProbeResult> probe(List<NodeProbe.Target> targets) {
        NodeProbe probe = NodeProbe.of(target);
        return probe.supported() ? probe.probe(targets) : List.of();
    }
}
