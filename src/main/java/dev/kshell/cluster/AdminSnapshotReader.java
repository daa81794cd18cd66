package dev.kshell.cluster;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
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

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.TopicListing;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.LoggerFactory;

/**
 * One snapshot read ({@link ClusterGateway#read}) over the Admin client: the calls a {@link SnapshotRequest} asks
 * for, in flight together, topics described in parallel batches and turned into snapshot records as each batch is
 * awaited. One room of {@link AdminClientGateway}; every call carries the gateway's deadline.
 */
final class AdminSnapshotReader {

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

    private final AdminClientGateway gateway;
    private final Consumer<List<String>> afterListing;

    AdminSnapshotReader(AdminClientGateway gateway, Consumer<List<String>> afterListing) {
        this.gateway = gateway;
        this.afterListing = afterListing;
    }

    /**
     * Reads what the request asks for. describeCluster and listTopics go out at once, describeMetadataQuorum after
     * the topic reads (see below); as soon as the topic names are known, describeTopics and describeConfigs
     * go out in batches ({@link #batchSize}), all in flight together. Each batch's descriptions are turned into
     * snapshot records when it is awaited, so Kafka's TopicDescriptions of only one batch are held at a time.
     */
    ClusterSnapshot read(SnapshotRequest request) {
        Instant takenAt = gateway.clock().instant();
        // The cluster id always comes along: the state memory and the profile pin are keyed by it.
        DescribeClusterResult cluster = gateway.admin().describeCluster(gateway.clusterOptions());
        // ZooKeeper mode has no metadata quorum: the controller step reads describeCluster (and ZooKeeper) instead
        boolean zooKeeperMode = gateway.capabilities().zooKeeperMode();
        boolean wantTopics = request.topics() == null || !request.topics().isEmpty();
        if (request.topics() != null && !request.topics().isEmpty()) {
            gateway.requireBrokers("describe topics");
        }
        KafkaFuture<Collection<TopicListing>> listing = null;
        if (wantTopics && request.topics() == null && !gateway.target().viaControllers()) {
            listing = gateway.admin().listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(gateway.timeoutMs())).listings();
        }
        List<TopicState> topicStates = List.of();
        List<String> skipped = new ArrayList<>();
        String[] configsError = new String[1];
        if (wantTopics && !gateway.target().viaControllers()) {
            Map<String, Boolean> internal = new HashMap<>();
            List<String> names;
            if (listing != null) {
                names = new ArrayList<>();
                for (TopicListing l : gateway.await("listTopics", listing)) {
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
            topicStates = request.descriptions() ? describe(names, request.configs(), listing != null, skipped,
                    configsError)
                    : names.stream().sorted().map(n -> new TopicState(n, internal.getOrDefault(n, n.startsWith("__")),
                    List.of(), null)).toList();
        }
        // The quorum is asked only now, after the topic reads: a broker handles one request per connection at a time,
        // and with the quorum lost its forwarded DescribeQuorum holds that connection until it times out, so a
        // listTopics sent beside it timed out too (docs/kafka-behaviour.md, "The metadata quorum").
        KafkaFuture<QuorumInfo> quorumInfo = request.quorum() && !zooKeeperMode
                ? gateway.admin().describeMetadataQuorum(new DescribeMetadataQuorumOptions().timeoutMs(gateway.timeoutMs())).quorumInfo()
                : null;
        List<BrokerState> brokers = request.brokers() ? AdminClientGateway.toBrokers(gateway.await("describeCluster", cluster.nodes())) : List.of();
        String clusterId = gateway.await("describeCluster", cluster.clusterId());
        // Losing the quorum must not lose the rest of the picture (brokers still serve reads).
        QuorumState quorum = null;
        String quorumError = SnapshotRequest.QUORUM_NOT_READ;
        if (request.quorum() && zooKeeperMode) {
            try {
                quorum = new AdminQuorum(gateway).zooKeeperController();
                quorumError = null;
            } catch (ClusterException e) {
                quorumError = e.getMessage();
            }
        } else if (quorumInfo != null) {
            try {
                quorum = AdminQuorum.toQuorumState(KafkaErrors.quorum(gateway.target(), () -> AdminClientGateway.answer(gateway.target(), quorumInfo)), gateway.clock().millis());
                quorumError = null;
            } catch (ClusterException e) {
                quorumError = e.getMessage();
            }
        }
        return new ClusterSnapshot(clusterId, takenAt, brokers, quorum, quorumError, topicStates, gateway.capabilities(),
                skipped, configsError[0]);
    }

    /**
     * Describes the topics (and their configs) in parallel batches. With {@code skipGone} (the names came from
     * listTopics), a topic deleted between the listing and its description is left out and named in
     * {@code skipped} instead of failing its whole batch: each topic has its own future, and only
     * UnknownTopicOrPartition is forgiven (docs/kafka-behaviour.md, "A topic deleted while it is read").
     */
    private List<TopicState> describe(List<String> names, boolean withConfigs, boolean skipGone, List<String> skipped,
                                      String[] configsError) {
        List<Map<String, KafkaFuture<TopicDescription>>> descriptions = new ArrayList<>();
        List<Map<ConfigResource, KafkaFuture<Config>>> configs = new ArrayList<>();
        DescribeTopicsOptions topicOptions = new DescribeTopicsOptions().timeoutMs(gateway.timeoutMs());
        int size = batchSize(names.size());
        for (int i = 0; i < names.size(); i += size) {
            List<String> batch = names.subList(i, Math.min(names.size(), i + size));
            descriptions.add(gateway.admin().describeTopics(batch, topicOptions).topicNameValues());
            if (withConfigs) {
                List<ConfigResource> resources = batch.stream()
                        .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
                configs.add(gateway.admin().describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(gateway.timeoutMs())).values());
            }
        }
        Map<String, TopicConfig> topicConfigs = new HashMap<>();
        for (Map<ConfigResource, KafkaFuture<Config>> batch : configs) {
            batch.forEach((r, f) -> {
                Config c;
                try {
                    c = awaitTopic("describeConfigs", f, skipGone);
                } catch (ClusterException e) {
                    if (e.kind() != ClusterException.Kind.NOT_AUTHORIZED) {
                        throw e;
                    }
                    // a user without DESCRIBE_CONFIGS on this topic: the topic is judged without its config (its
                    // min.insync.replicas unknown, said so by the rules), not the whole read failed
                    configsError[0] = "not authorized to DESCRIBE_CONFIGS topic";
                    c = null;
                }
                if (c != null) {
                    topicConfigs.put(r.name(), toTopicConfig(c));
                }
            });
        }
        Set<String> gone = new TreeSet<>();
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
            LoggerFactory.getLogger(AdminSnapshotReader.class)
                    .info("topics deleted between listTopics and describeTopics, left out: {}", gone);
            skipped.addAll(gone);
        }
        out.sort(Comparator.comparing(TopicState::name));
        return out;
    }

    /** One topic's answer; null when {@code forgiveGone} and the topic no longer exists. */
    private <T> T awaitTopic(String operation, KafkaFuture<T> future, boolean forgiveGone) {
        return gateway.closedAware(() -> KafkaErrors.translate(gateway.target(), operation, () -> {
            try {
                return AdminClientGateway.answer(gateway.target(), future);
            } catch (ExecutionException e) {
                if (forgiveGone && e.getCause() instanceof UnknownTopicOrPartitionException) {
                    return null;
                }
                throw e;
            }
        }));
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
                && Arrays.stream(policy.value().split(",")).anyMatch(v -> v.strip().equals("compact"));
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
}
