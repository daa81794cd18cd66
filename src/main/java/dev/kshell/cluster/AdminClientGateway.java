package dev.kshell.cluster;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterCapabilities.Feature;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link ClusterGateway} over Kafka's Admin client. The Admin is created on first use; every request carries the
 * target's deadline both as Kafka's own timeout and as a bound on our wait, so nothing can hang.
 */
public final class AdminClientGateway implements SandboxTopicAdmin {

    private volatile java.util.function.Consumer<List<String>> afterListing = names -> { };

    /** At most this many topics per describeTopics / describeConfigs request. */
    static final int BATCH = 500;

    /** At least this many topics per request (fewer, smaller requests cost more than they save). */
    static final int MIN_BATCH = 10;

    /** Batches a topic list is split into at most, until each holds {@link #BATCH} topics. */
    static final int PARALLEL_BATCHES = 8;

    /**
     * Topics per request for {@code topics} topics: split into up to {@link #PARALLEL_BATCHES} requests in flight
     * at once. Brokers page describeTopics answers (DescribeTopicPartitions, at most 2,000 partitions a response
     * by default), one round trip after another within a request; parallel smaller requests overlap those pages.
     */
    static int batchSize(int topics) {
        return Math.max(MIN_BATCH, Math.min(BATCH, (topics + PARALLEL_BATCHES - 1) / PARALLEL_BATCHES));
    }

    private final ClusterTarget target;
    private final Clock clock;
    private final AdminHolder holder;

    /** The Admin client, created on first use and shared by every deadline view of this connection. */
    private static final class AdminHolder {
        private final ClusterTarget target;
        private Admin admin;
        /** Detected on first use, then kept for the connection (features only switch off on a refusal). */
        private volatile ClusterCapabilities capabilities;

        AdminHolder(ClusterTarget target) {
            this.target = target;
        }

        synchronized Admin get() {
            if (admin == null) {
                admin = KafkaErrors.translate(target, "connect", () -> Admin.create(adminProperties(target)));
            }
            return admin;
        }

        synchronized void close() {
            if (admin != null) {
                admin.close(java.time.Duration.ofSeconds(2));
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
    public ClusterGateway withTimeout(java.time.Duration timeout) {
        return new AdminClientGateway(target.withTimeout(timeout), clock, holder);
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
        return props;
    }

    int timeoutMs() {
        return clampMs(target.timeout().toMillis());
    }

    /** Kafka takes deadlines as int ms: a longer one is the largest int, never an overflowed negative. */
    static int clampMs(long ms) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, ms));
    }

    /** Waits for a future a little longer than Kafka's own deadline, so Kafka's error (more precise) wins. */
    <T> T await(String operation, KafkaFuture<T> future) {
        return KafkaErrors.translate(target, operation,
                () -> future.get(target.timeout().toMillis() + 2000, TimeUnit.MILLISECONDS));
    }

    @Override
    public String clusterId() {
        return await("describeCluster", admin().describeCluster(clusterOptions()).clusterId());
    }

    private DescribeClusterOptions clusterOptions() {
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
        synchronized (holder) {
            if (holder.capabilities == null) {
                ClusterCapabilities detected = CapabilityDetector.detect(this);
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
        synchronized (holder) {
            holder.capabilities = capabilities().with(feature, false, note);
        }
    }

    @Override
    public QuorumState quorum() {
        if (capabilities().zooKeeperMode()) {
            return zooKeeperController();
        }
        QuorumInfo info = KafkaErrors.quorum(target, () -> admin()
                .describeMetadataQuorum(new DescribeMetadataQuorumOptions().timeoutMs(timeoutMs()))
                .quorumInfo().get(target.timeout().toMillis() + 2000, TimeUnit.MILLISECONDS));
        return toQuorumState(info, clock.millis());
    }

    /**
     * ZooKeeper mode: the active controller from describeCluster (there it is the real controller, a broker) and,
     * with --zookeeper, what ZooKeeper says: /controller, /controller_epoch, /brokers/ids, the ensemble's health.
     */
    private QuorumState zooKeeperController() {
        Node controller = await("describeCluster", admin()
                .describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs())).controller());
        int id = controller == null || controller.isEmpty() ? -1 : controller.id();
        if (target.zooKeeper() == null) {
            return QuorumState.zooKeeperController(id, -1, null);
        }
        dev.kshell.model.ZooKeeperState zk = new ZooKeeperReader(target.zooKeeper(), target.timeout()).read();
        long epoch = zk.controllerEpoch() == null ? -1 : zk.controllerEpoch();
        // ZooKeeper's own /controller wins: the brokers' metadata may lag behind an election.
        int zkController = zk.controllerId() == null ? id : zk.controllerId();
        return QuorumState.zooKeeperController(zk.error() == null ? zkController : id, epoch, zk);
    }

    static QuorumState toQuorumState(QuorumInfo info, long nowMs) {
        long leaderEnd = info.voters().stream().filter(v -> v.replicaId() == info.leaderId())
                .mapToLong(QuorumInfo.ReplicaState::logEndOffset).findFirst().orElse(-1L);
        List<QuorumReplica> voters = info.voters().stream().map(r -> toReplica(r, leaderEnd, nowMs)).toList();
        List<QuorumReplica> observers = info.observers().stream().map(r -> toReplica(r, leaderEnd, nowMs)).toList();
        // Voter endpoints (first listener of each voter): where triage probes the controllers once the quorum is lost.
        Map<Integer, String> endpoints = new HashMap<>();
        if (info.nodes() != null) {
            info.nodes().forEach((id, node) -> {
                if (!node.endpoints().isEmpty()) {
                    endpoints.put(id, node.endpoints().get(0).host() + ":" + node.endpoints().get(0).port());
                }
            });
        }
        return QuorumState.kraft(info.leaderId(), info.leaderEpoch(), info.highWatermark(), voters, observers,
                endpoints);
    }

    private static QuorumReplica toReplica(QuorumInfo.ReplicaState r, long leaderEnd, long nowMs) {
        // Right after a failover offsets can be -1 and timestamps empty: report unknown, never a negative lag.
        Long lag = leaderEnd >= 0 && r.logEndOffset() >= 0 ? Math.max(0, leaderEnd - r.logEndOffset()) : null;
        return new QuorumReplica(r.replicaId(), r.logEndOffset(), lag,
                age(r.lastFetchTimestamp().orElse(-1), nowMs), age(r.lastCaughtUpTimestamp().orElse(-1), nowMs));
    }

    private static Long age(long timestampMs, long nowMs) {
        return timestampMs > 0 ? Math.max(0, nowMs - timestampMs) : null;
    }

    @Override
    public List<BrokerState> brokers() {
        return toBrokers(await("describeCluster", admin().describeCluster(clusterOptions()).nodes()));
    }

    private static List<BrokerState> toBrokers(java.util.Collection<Node> nodes) {
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

    private void requireBrokers(String what) {
        if (target.viaControllers()) {
            throw new ClusterException(ClusterException.Kind.INVALID, "cannot " + what + " through --bootstrap-controller "
                    + target.bootstrapControllers() + ": controllers do not serve topic metadata; connect with --bootstrap-server");
        }
    }

    @Override
    public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
        return read(SnapshotRequest.everything(topics, withConfigs));
    }

    /**
     * Reads what the request asks for. describeCluster and listTopics go out at once, describeMetadataQuorum after
     * the topic reads (see below); as soon as the topic names are known, describeTopics and describeConfigs
     * go out in batches ({@link #batchSize}), all in flight together. Each batch's descriptions are turned into
     * snapshot records when it is awaited, so Kafka's TopicDescriptions of only one batch are held at a time.
     */
    @Override
    public ClusterSnapshot read(SnapshotRequest request) {
        Instant takenAt = clock.instant();
        // The cluster id always comes along: the state memory and the profile pin are keyed by it.
        DescribeClusterResult cluster = admin().describeCluster(clusterOptions());
        // ZooKeeper mode has no metadata quorum: the controller step reads describeCluster (and ZooKeeper) instead
        boolean zooKeeperMode = capabilities().zooKeeperMode();
        boolean wantTopics = request.topics() == null || !request.topics().isEmpty();
        if (request.topics() != null && !request.topics().isEmpty()) {
            requireBrokers("describe topics");
        }
        KafkaFuture<java.util.Collection<org.apache.kafka.clients.admin.TopicListing>> listing = null;
        if (wantTopics && request.topics() == null && !target.viaControllers()) {
            listing = admin().listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(timeoutMs())).listings();
        }
        List<TopicState> topicStates = List.of();
        List<String> skipped = new ArrayList<>();
        if (wantTopics && !target.viaControllers()) {
            Map<String, Boolean> internal = new HashMap<>();
            List<String> names;
            if (listing != null) {
                names = new ArrayList<>();
                for (org.apache.kafka.clients.admin.TopicListing l : await("listTopics", listing)) {
                    names.add(l.name());
                    internal.put(l.name(), l.isInternal());
                }
                names.sort(null);
            } else {
                names = request.topics();
            }
            if (listing != null) {
                afterListing.accept(names);
            }
            topicStates = request.descriptions() ? describe(names, request.configs(), listing != null, skipped)
                    : names.stream().sorted().map(n -> new TopicState(n, internal.getOrDefault(n, n.startsWith("__")),
                    List.of(), null)).toList();
        }
        // The quorum is asked only now, after the topic reads: a broker handles one request per connection at a time,
        // and with the quorum lost its forwarded DescribeQuorum holds that connection until it times out, so a
        // listTopics sent beside it timed out too (docs/kafka-behaviour.md, "The metadata quorum").
        KafkaFuture<QuorumInfo> quorumInfo = request.quorum() && !zooKeeperMode
                ? admin().describeMetadataQuorum(new DescribeMetadataQuorumOptions().timeoutMs(timeoutMs())).quorumInfo()
                : null;
        List<BrokerState> brokers = request.brokers() ? toBrokers(await("describeCluster", cluster.nodes())) : List.of();
        String clusterId = await("describeCluster", cluster.clusterId());
        // Losing the quorum must not lose the rest of the picture (brokers still serve reads).
        QuorumState quorum = null;
        String quorumError = SnapshotRequest.QUORUM_NOT_READ;
        if (request.quorum() && zooKeeperMode) {
            try {
                quorum = zooKeeperController();
                quorumError = null;
            } catch (ClusterException e) {
                quorumError = e.getMessage();
            }
        } else if (quorumInfo != null) {
            try {
                quorum = toQuorumState(KafkaErrors.quorum(target, () -> quorumInfo.get(
                        target.timeout().toMillis() + 2000, TimeUnit.MILLISECONDS)), clock.millis());
                quorumError = null;
            } catch (ClusterException e) {
                quorumError = e.getMessage();
            }
        }
        return new ClusterSnapshot(clusterId, takenAt, brokers, quorum, quorumError, topicStates, capabilities(),
                skipped);
    }

    /**
     * Describes the topics (and their configs) in parallel batches. With {@code skipGone} (the names came from
     * listTopics), a topic deleted between the listing and its description is left out and named in
     * {@code skipped} instead of failing its whole batch: each topic has its own future, and only
     * UnknownTopicOrPartition is forgiven (docs/kafka-behaviour.md, "A topic deleted while it is read").
     */
    private List<TopicState> describe(List<String> names, boolean withConfigs, boolean skipGone, List<String> skipped) {
        List<Map<String, KafkaFuture<TopicDescription>>> descriptions = new ArrayList<>();
        List<Map<ConfigResource, KafkaFuture<Config>>> configs = new ArrayList<>();
        DescribeTopicsOptions topicOptions = new DescribeTopicsOptions().timeoutMs(timeoutMs());
        int size = batchSize(names.size());
        for (int i = 0; i < names.size(); i += size) {
            List<String> batch = names.subList(i, Math.min(names.size(), i + size));
            descriptions.add(admin().describeTopics(batch, topicOptions).topicNameValues());
            if (withConfigs) {
                List<ConfigResource> resources = batch.stream()
                        .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
                configs.add(admin().describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(timeoutMs())).values());
            }
        }
        Map<String, TopicConfig> topicConfigs = new HashMap<>();
        for (Map<ConfigResource, KafkaFuture<Config>> batch : configs) {
            batch.forEach((r, f) -> {
                Config c = awaitTopic("describeConfigs", f, skipGone);
                if (c != null) {
                    topicConfigs.put(r.name(), toTopicConfig(c));
                }
            });
        }
        java.util.Set<String> gone = new java.util.TreeSet<>();
        List<TopicState> out = new ArrayList<>(names.size());
        ReadProgress progress = ReadProgress.current(); // the command's progress line (cli.ProgressLine), if any
        long partitions = 0;
        for (int b = 0; b < descriptions.size(); b++) {
            for (Map.Entry<String, KafkaFuture<TopicDescription>> e : descriptions.get(b).entrySet()) {
                TopicDescription d = awaitTopic("describeTopics", e.getValue(), skipGone);
                if (d == null) {
                    gone.add(e.getKey());
                } else {
                    out.add(toTopicState(d, topicConfigs.get(d.name())));
                    partitions += d.partitions().size();
                }
            }
            descriptions.set(b, null); // this batch's TopicDescriptions can go
            progress.described(out.size() + gone.size(), names.size(), partitions);
        }
        if (!gone.isEmpty()) {
            org.slf4j.LoggerFactory.getLogger(AdminClientGateway.class)
                    .info("topics deleted between listTopics and describeTopics, left out: {}", gone);
            skipped.addAll(gone);
        }
        out.sort(Comparator.comparing(TopicState::name));
        return out;
    }

    /** One topic's answer; null when {@code forgiveGone} and the topic no longer exists. */
    private <T> T awaitTopic(String operation, KafkaFuture<T> future, boolean forgiveGone) {
        return KafkaErrors.translate(target, operation, () -> {
            try {
                return future.get(target.timeout().toMillis() + 2000, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                if (forgiveGone && e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
                    return null;
                }
                throw e;
            }
        });
    }

    /** Test hook: runs after listTopics, before describeTopics, with the listed names (a test deletes one). */
    void afterListing(java.util.function.Consumer<List<String>> hook) {
        this.afterListing = hook == null ? names -> { } : hook;
    }

    static TopicConfig toTopicConfig(Config config) {
        ConfigEntry minIsr = config.get("min.insync.replicas");
        ConfigEntry unclean = config.get("unclean.leader.election.enable");
        return new TopicConfig(
                minIsr == null ? 1 : Integer.parseInt(minIsr.value()),
                minIsr == null ? "DEFAULT_CONFIG" : minIsr.source().name(),
                unclean != null && Boolean.parseBoolean(unclean.value()),
                unclean == null ? "DEFAULT_CONFIG" : unclean.source().name(),
                compacted(config.get("cleanup.policy")));
    }

    /** cleanup.policy lists compact ("compact" or "compact,delete"). */
    static boolean compacted(ConfigEntry policy) {
        return policy != null && policy.value() != null
                && java.util.Arrays.stream(policy.value().split(",")).anyMatch(v -> v.strip().equals("compact"));
    }

    static TopicState toTopicState(TopicDescription d, TopicConfig config) {
        List<PartitionState> partitions = d.partitions().stream()
                .sorted(Comparator.comparingInt(TopicPartitionInfo::partition))
                .map(p -> new PartitionState(d.name(), p.partition(),
                        p.leader() == null || p.leader().isEmpty() ? null : p.leader().id(),
                        ids(p.replicas()), ids(p.isr()), ids(p.elr()), ids(p.lastKnownElr())))
                .toList();
        return new TopicState(d.name(), d.isInternal(), partitions, config);
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes == null ? List.of() : nodes.stream().map(Node::id).toList();
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

    // ---- coordinators

    @Override
    public dev.kshell.model.CoordinatorClients coordinatorClients() {
        return new AdminGroups(this).read();
    }

    // --- config audit ---

    @Override
    public dev.kshell.model.BrokerConfigs brokerConfigs(List<Integer> brokerIds, java.util.Collection<String> names) {
        return new AdminConfigs(this).brokerConfigs(brokerIds, names);
    }

    // ---- elections: one-line delegations to AdminElections ----

    @Override
    public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, java.util.Collection<PartitionSpec> partitions) {
        return new AdminElections(this).electLeaders(type, partitions);
    }

    @Override
    public Map<PartitionSpec, java.util.Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders) {
        return new AdminElections(this).reassignSameSet(newOrders);
    }

    @Override
    public Map<PartitionSpec, java.util.Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders) {
        return new AdminElections(this).awaitReplicaOrder(orders);
    }

    @Override
    public ReplicaSizes replicaSizes(java.util.Collection<Integer> brokerIds) {
        return new AdminElections(this).replicaSizes(brokerIds);
    }

    @Override
    public java.util.Optional<Long> maxProducerSequence(PartitionSpec partition, int brokerId) {
        return new AdminElections(this).maxProducerSequence(partition, brokerId);
    }

    @Override
    public Map<PartitionSpec, Long> latestOffsets(java.util.Collection<PartitionSpec> partitions) {
        return new AdminElections(this).latestOffsets(partitions);
    }

    @Override
    public Map<PartitionSpec, LogRange> logAsOf(java.util.Collection<PartitionSpec> partitions, long at) {
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
    public void deleteTopicsIfPresent(java.util.Collection<String> topics) {
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
    public int electPreferredQuietly(java.util.Collection<String> topics) {
        return new AdminTopics(this).electPreferredQuietly(topics);
    }
}
