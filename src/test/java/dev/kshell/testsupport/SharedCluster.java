package dev.kshell.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.sandbox.NodeInfo;
import java.util.ArrayList;
import java.util.HashMap;

/**
 * One real 3-controller + 3-broker cluster (ids 1-3 and 4-6) per test JVM, started on first use and shared by every
 * integration test class. Nobody closes it: {@link LocalCluster}'s own JVM shutdown hook destroys the nodes and
 * deletes the temp dir when the test JVM exits.
 *
 * <p>It holds still unless a test moves it ({@link #SPEC}): Kafka's automatic leader rebalancing is off (a test's
 * deliberately unbalanced leaders stay put), and the broker session timeout is {@value #SESSION_TIMEOUT_MS} ms, which
 * a broker starved of CPU on a busy 2-core machine does not overrun, yet a killed broker is fenced in seconds.
 *
 * <p>Tests that stop, kill or pause nodes restore them: call {@link #ensureAllRunning()} in an {@code @AfterEach}
 * (or {@code @BeforeEach}); it returns once every node runs, every broker is registered and unfenced, every
 * partition has its full ISR and the quorum has a leader that every voter follows. A test class that starts a
 * cluster of its own carries {@code @ExtendWith(SharedCluster.Frozen.class)}: the shared cluster's JVMs are frozen
 * (SIGSTOP) meanwhile, so that no more Kafka JVMs compete for the CPU than the machine carries.
 */
public final class SharedCluster {

    /** {@code broker.session.timeout.ms} of the shared cluster (controllers act on it; brokers report it). */
    public static final int SESSION_TIMEOUT_MS = 6000;
    /** The shared cluster's shape: the seed (controllers 1-3, brokers 4-6), held still. */
    public static final LocalClusterSpec SPEC = holdStill(LocalClusterSpec.seed().withFastFailureDetection(true));
    /** Bound on {@link #ensureAllRunning()}'s wait for a settled cluster. */
    private static final Duration SETTLE_BOUND = Duration.ofSeconds(180);

    private static LocalCluster cluster;
    private static RuntimeException startFailure;
    private static Admin admin;
    private static boolean frozen;

    private SharedCluster() {
    }

    /**
     * {@code spec} with automatic leader rebalancing off and a broker session timeout of {@value #SESSION_TIMEOUT_MS}
     * ms: the settings of every KRaft test cluster (ZooKeeper mode: rebalancing off on the brokers, which run it).
     */
    public static LocalClusterSpec holdStill(LocalClusterSpec spec) {
        if (spec.zooKeeperMode()) {
            return spec.withExtraBrokerProps(merge(spec.extraBrokerProps(), Map.of("auto.leader.rebalance.enable",
                    "false")));
        }
        Map<String, String> session = Map.of("broker.session.timeout.ms", Integer.toString(SESSION_TIMEOUT_MS));
        return spec.withExtraControllerProps(merge(spec.extraControllerProps(), merge(session,
                        Map.of("auto.leader.rebalance.enable", "false"))))
                .withExtraBrokerProps(merge(spec.extraBrokerProps(), session)); // so that triage reads the same value
    }

    private static Map<String, String> merge(Map<String, String> a, Map<String, String> b) {
        Map<String, String> m = new HashMap<>(a);
        m.putAll(b);
        return m;
    }

    /** The shared cluster, starting it (about 10 s on an idle machine, up to a minute on a busy one) on first call. */
    public static synchronized LocalCluster get() {
        if (startFailure != null) {
            throw new IllegalStateException("the shared cluster failed to start earlier", startFailure);
        }
        if (frozen) {
            throw new IllegalStateException("the shared cluster is frozen while a test class runs a cluster of its own"
                    + " (SharedCluster.Frozen): that class must not use it");
        }
        if (cluster == null) {
            try {
                long t0 = System.nanoTime();
                cluster = LocalCluster.start(SPEC, line -> System.out.println("[shared-cluster] " + line));
                System.out.printf("[shared-cluster] started in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            } catch (IOException e) {
                startFailure = new UncheckedIOException(e);
                throw startFailure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                startFailure = new IllegalStateException("interrupted while starting the shared cluster", e);
                throw startFailure;
            }
        }
        return cluster;
    }

    /**
     * Resumes every paused node and starts again every node a test left stopped, killed or exited (controllers
     * first), then waits until the cluster has settled (see {@link #awaitSettled()}).
     */
    public static synchronized void ensureAllRunning() {
        LocalCluster c = get();
        c.resumeAll();
        for (NodeInfo.Role role : NodeInfo.Role.values()) {
            for (NodeInfo node : c.nodes()) {
                if (node.role() == role && node.state() != NodeInfo.State.RUNNING) {
                    c.startNode(node.id());
                }
            }
        }
        awaitSettled();
    }

    /**
     * Removes every broker's {@code cordoned.log.dirs}: a cordon that a test's evacuation of a live broker left (Kafka
     * 4.3+) would refuse every later class's RF-3 topic ("only 2 broker(s) are registered or some brokers have all
     * their log directories cordoned").
     */
    private static void uncordonAll() {
        Admin a = admin(get());
        try {
            Map<org.apache.kafka.common.config.ConfigResource, java.util.Collection<org.apache.kafka.clients.admin.AlterConfigOp>>
                    clear = new HashMap<>();
            for (Node n : a.describeCluster().nodes().get(30, TimeUnit.SECONDS)) {
                clear.put(new org.apache.kafka.common.config.ConfigResource(
                        org.apache.kafka.common.config.ConfigResource.Type.BROKER, Integer.toString(n.id())),
                        List.of(delete("cordoned.log.dirs")));
            }
            a.incrementalAlterConfigs(clear).all().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not remove the brokers' cordons: " + e.getMessage(), e);
        }
    }

    /**
     * Cancels every reassignment in flight and removes every replication throttle (the brokers' rates, the topics'
     * throttled replicas): what a test that moves replicas leaves behind when it fails half-way, as it does when it
     * passes. Call it before {@link #ensureAllRunning()} in the {@code @AfterEach} of such a class.
     */
    public static synchronized void clearMovesAndThrottles() throws Exception {
        Admin a = admin(get());
        java.util.Set<org.apache.kafka.common.TopicPartition> moving = a.listPartitionReassignments().reassignments()
                .get(30, TimeUnit.SECONDS).keySet();
        if (!moving.isEmpty()) {
            Map<org.apache.kafka.common.TopicPartition, java.util.Optional<org.apache.kafka.clients.admin.NewPartitionReassignment>>
                    cancel = new HashMap<>();
            moving.forEach(tp -> cancel.put(tp, java.util.Optional.empty()));
            a.alterPartitionReassignments(cancel).values().values().forEach(f -> {
                try {
                    f.get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    System.out.println("[shared-cluster] cancel left: " + e.getMessage()); // its move ended meanwhile
                }
            });
        }
        Map<org.apache.kafka.common.config.ConfigResource, java.util.Collection<org.apache.kafka.clients.admin.AlterConfigOp>>
                clear = new HashMap<>();
        for (Node n : a.describeCluster().nodes().get(30, TimeUnit.SECONDS)) {
            clear.put(new org.apache.kafka.common.config.ConfigResource(
                    org.apache.kafka.common.config.ConfigResource.Type.BROKER, Integer.toString(n.id())), List.of(
                    delete("leader.replication.throttled.rate"), delete("follower.replication.throttled.rate"),
                    delete("cordoned.log.dirs"))); // what an evacuation of a live broker sets (Kafka 4.3+)
        }
        for (String t : a.listTopics().names().get(30, TimeUnit.SECONDS)) {
            clear.put(new org.apache.kafka.common.config.ConfigResource(
                    org.apache.kafka.common.config.ConfigResource.Type.TOPIC, t), List.of(
                    delete("leader.replication.throttled.replicas"), delete("follower.replication.throttled.replicas")));
        }
        a.incrementalAlterConfigs(clear).all().get(60, TimeUnit.SECONDS);
    }

    private static org.apache.kafka.clients.admin.AlterConfigOp delete(String key) {
        return new org.apache.kafka.clients.admin.AlterConfigOp(new org.apache.kafka.clients.admin.ConfigEntry(key, ""),
                org.apache.kafka.clients.admin.AlterConfigOp.OpType.DELETE);
    }

    /**
     * Waits until every broker is registered and unfenced, every partition of every topic (internal ones included)
     * has a leader and its full ISR, and the quorum has a leader whose every voter fetched within the last 2 s; then
     * removes the cordons a test left and waits until the controller places a topic on every broker again.
     *
     * @throws AssertionError naming what was still unsettled after 180 s
     */
    public static synchronized void awaitSettled() {
        await(false); // every broker up and unfenced: each takes its own config change (a cordon still refuses placement)
        uncordonAll();
        await(true); // until the controller places replicas on the uncordoned brokers again
    }

    /** {@link #awaitSettled()}, with or without the placement probe (a cordon left by a test refuses it). */
    private static void await(boolean placement) {
        LocalCluster c = get();
        Admin a = admin(c);
        Await.until("the shared cluster settled (every broker unfenced, full ISRs, a followed quorum leader"
                        + (placement ? ", a topic on every broker placeable)" : ")"),
                SETTLE_BOUND, () -> unsettled(c, a, placement), List::isEmpty);
    }

    /** What keeps the cluster from being settled, one phrase each; empty when settled. */
    private static List<String> unsettled(LocalCluster c, Admin a, boolean placement) {
        try {
            List<String> problems = new ArrayList<>();
            Set<Integer> brokers = c.nodes().stream().filter(n -> n.role() == NodeInfo.Role.BROKER)
                    .map(NodeInfo::id).collect(Collectors.toCollection(TreeSet::new));
            Set<Integer> serving = a.describeCluster(new DescribeClusterOptions().includeFencedBrokers(true)
                            .timeoutMs(10_000)).nodes().get(15, TimeUnit.SECONDS).stream()
                    .filter(n -> !n.isFenced()).map(Node::id).collect(Collectors.toCollection(TreeSet::new));
            if (!serving.containsAll(brokers)) {
                problems.add("brokers serving " + serving + " of " + brokers);
            }
            Set<String> names = a.listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(10_000)).names()
                    .get(15, TimeUnit.SECONDS);
            Map<String, TopicDescription> topics = a.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
            for (TopicDescription t : topics.values()) {
                for (TopicPartitionInfo p : t.partitions()) {
                    if (p.leader() == null || p.leader().isEmpty() || p.isr().size() < p.replicas().size()) {
                        problems.add(t.name() + "-" + p.partition() + " leader " + (p.leader() == null ? "none"
                                : p.leader().id()) + " isr " + p.isr().stream().map(Node::id).toList());
                    }
                }
            }
            QuorumInfo q = a.describeMetadataQuorum().quorumInfo().get(15, TimeUnit.SECONDS);
            long now = System.currentTimeMillis();
            boolean followed = q.leaderId() >= 0 && q.voters().stream().allMatch(v -> v.replicaId() == q.leaderId()
                    || v.lastFetchTimestamp().stream().anyMatch(t -> now - t < 2_000));
            if (!followed) {
                problems.add("quorum leader " + q.leaderId() + " not followed by every voter");
            }
            if (problems.isEmpty() && placement) {
                // what every class's first act needs: the controller places a topic on every broker (a broker it
                // still sees as cordoned, KIP-1066, until that broker's next heartbeat, would refuse it)
                try {
                    a.createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic("shared-cluster-placement-probe",
                                    1, (short) brokers.size())),
                            new org.apache.kafka.clients.admin.CreateTopicsOptions().validateOnly(true))
                            .all().get(15, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    problems.add("a topic on all " + brokers.size() + " brokers cannot be placed: "
                            + e.getCause().getMessage());
                }
            }
            return problems;
        } catch (Exception e) {
            throw new IllegalStateException("reading the shared cluster failed: " + e, e); // Await: not yet
        }
    }

    private static Admin admin(LocalCluster c) {
        if (admin == null) {
            admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers(),
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
        }
        return admin;
    }

    /** Freezes (SIGSTOP) every node of the shared cluster, if it runs; {@link #thaw()} undoes it. */
    static synchronized void freeze() {
        if (cluster == null || frozen) {
            return;
        }
        for (NodeInfo node : cluster.nodes()) {
            if (node.state() == NodeInfo.State.RUNNING && !cluster.paused(node.id())) {
                cluster.pauseNode(node.id());
            }
        }
        frozen = true;
        System.out.println("[shared-cluster] frozen while a test class runs its own cluster");
    }

    /** Lets the frozen shared cluster run again and waits until it has settled. */
    static synchronized void thaw() {
        if (!frozen) {
            return;
        }
        frozen = false;
        cluster.resumeAll();
        System.out.println("[shared-cluster] thawed");
        awaitSettled();
    }

    /**
     * For a test class that starts a Kafka cluster of its own: the shared cluster (if it was started) is frozen for
     * the class's duration and settled again afterwards.
     */
    public static final class Frozen implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            freeze();
        }

        @Override
        public void afterAll(ExtensionContext context) {
            thaw();
        }
    }
}
