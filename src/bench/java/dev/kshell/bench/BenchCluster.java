package dev.kshell.bench;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ExecutionException;

/**
 * A real KRaft cluster for scripts/bench-startup and scripts/bench-scan: starts {@link LocalCluster}, creates
 * {@code --partitions} partitions in topics of {@code --per-topic} partitions with replication factors cycling
 * 1, 2, 3 (min.insync.replicas 2 where RF &gt; 1), then optionally kills the last broker ({@code kill -9}) and waits
 * until every partition whose replicas all lived on it shows no leader. Prints {@code READY <bootstrap servers>}
 * and keeps the cluster up until standard input closes or the {@code --parent} process is gone; a line {@code kill}
 * on standard input kills the last broker then (answered by {@code KILLED <leaderless partitions>}); a line
 * {@code grow N} creates more topics until the cluster holds N partitions (answered by {@code GROWN N}).
 *
 * <pre>java ... dev.kshell.bench.BenchCluster --brokers 3 --partitions 10000 --per-topic 50 --kill-broker</pre>
 */
public final class BenchCluster {

    private BenchCluster() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String k = args[i].replaceFirst("^--", "");
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                a.put(k, args[++i]);
            } else {
                a.put(k, "true");
            }
        }
        int controllers = Integer.parseInt(a.getOrDefault("controllers", "1"));
        int brokers = Integer.parseInt(a.getOrDefault("brokers", "3"));
        int partitions = Integer.parseInt(a.getOrDefault("partitions", "10000"));
        int perTopic = Integer.parseInt(a.getOrDefault("per-topic", "50"));
        int maxRf = Math.min(brokers, Integer.parseInt(a.getOrDefault("max-rf", "3")));
        boolean kill = a.containsKey("kill-broker");
        if (a.containsKey("parent")) {
            watchParent(Long.parseLong(a.get("parent")));
        }

        long t0 = System.nanoTime();
        // Default failure detection (a 9 s broker session) and a long replica lag bound: on a loaded machine the
        // 3 s session of fast detection fenced live brokers and followers dropped out of the ISR between the two
        // tools' reads, so their answers differed for reasons that were not theirs.
        LocalClusterSpec spec = new LocalClusterSpec(controllers, brokers, null, false,
                Map.of("log.segment.bytes", "1048576", "num.recovery.threads.per.data.dir", "2",
                        "replica.lag.time.max.ms", "120000"));
        try (LocalCluster cluster = LocalCluster.start(spec, line -> System.err.println("cluster: " + line));
             Admin admin = Admin.create(adminProps(cluster.bootstrapServers()))) {
            List<NewTopic> topics = new ArrayList<>();
            create(admin, topics, partitions, perTopic, maxRf);
            System.err.printf("cluster: %d partitions in %d topics created (%.1f s)%n", partitions, topics.size(),
                    (System.nanoTime() - t0) / 1e9);
            List<String> names = new ArrayList<>(topics.stream().map(NewTopic::name).toList());
            awaitLeaders(admin, names, Set.of(), 0);
            if (kill) {
                killLastBroker(cluster, admin, names, controllers + brokers);
            }
            System.err.printf("cluster: ready in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            System.out.println("READY " + cluster.bootstrapServers());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            // keep running until the benchmark closes our input; "kill" kills the last broker on request, so that
            // one cluster serves the healthy and the broken half of a benchmark
            while ((line = in.readLine()) != null) {
                if (line.trim().startsWith("grow ")) {
                    // more topics up to this many partitions in all: one cluster serves 10,000 and 100,000
                    long g0 = System.nanoTime();
                    int total = Integer.parseInt(line.trim().substring(5).trim());
                    create(admin, topics, total, perTopic, maxRf);
                    names.clear();
                    names.addAll(topics.stream().map(NewTopic::name).toList());
                    awaitLeaders(admin, names, Set.of(), 0);
                    System.err.printf("cluster: grown to %d partitions in %d topics (%.1f s)%n", total, topics.size(),
                            (System.nanoTime() - g0) / 1e9);
                    System.out.println("GROWN " + total);
                    System.out.flush();
                } else if (line.trim().equals("kill")) {
                    int expected = killLastBroker(cluster, admin, names, controllers + brokers);
                    System.out.println("KILLED " + expected);
                    System.out.flush();
                } else if (line.trim().matches("(kill|stop|start|pause|resume) \\d+|follower-controller")) {
                    // the soak's faults and repairs (scripts/bench-soak): answered by DONE and the node's id
                    String[] w = line.trim().split(" ");
                    int id = w[0].equals("follower-controller") ? followerController(admin) : Integer.parseInt(w[1]);
                    switch (w[0]) {
                        case "kill", "follower-controller" -> cluster.killNode(id);
                        case "stop" -> cluster.stopNode(id);
                        case "start" -> cluster.startNode(id);
                        case "pause" -> cluster.pauseNode(id);
                        case "resume" -> cluster.resumeNode(id);
                        default -> { }
                    }
                    System.out.println("DONE " + id);
                    System.out.flush();
                }
            }
        }
    }

    /**
     * Creates topics of {@code perTopic} partitions (RF 1, 2, ... {@code maxRf} in turn, min.insync.replicas 2 where
     * RF &gt; 1) after those in {@code topics} until they hold {@code total} partitions; adds them to {@code topics}.
     */
    private static void create(Admin admin, List<NewTopic> topics, int total, int perTopic, int maxRf) throws Exception {
        int made = topics.stream().mapToInt(NewTopic::numPartitions).sum();
        List<NewTopic> added = new ArrayList<>();
        for (int t = topics.size(); made < total; t++) {
            int n = Math.min(perTopic, total - made);
            short rf = (short) (1 + t % maxRf);
            NewTopic topic = new NewTopic(String.format("bench-%05d", t), n, rf);
            if (rf > 1) {
                topic.configs(Map.of("min.insync.replicas", "2"));
            }
            added.add(topic);
            made += n;
        }
        // A few topics per request: a huge single request makes the controller's reply outlive the deadline.
        for (int i = 0; i < added.size(); i += 20) {
            admin.createTopics(added.subList(i, Math.min(added.size(), i + 20))).all().get(5, TimeUnit.MINUTES);
        }
        topics.addAll(added);
    }

    /** Kills (-9) the broker with the highest id and waits until its single-replica partitions show no leader. */
    private static int killLastBroker(LocalCluster cluster, Admin admin, List<String> names, int victim)
            throws Exception {
        int expected = 0;
        for (TopicDescription d : describe(admin, names).values()) {
            for (TopicPartitionInfo p : d.partitions()) {
                if (p.replicas().stream().allMatch(r -> r.id() == victim)) {
                    expected++;
                }
            }
        }
        cluster.killNode(victim);
        System.err.printf("cluster: killed broker %d; waiting for %d leaderless partitions%n", victim, expected);
        awaitLeaders(admin, names, Set.of(victim), expected);
        return expected;
    }

    /** A voter that is not the quorum's leader. */
    private static int followerController(Admin admin) throws Exception {
        var quorum = admin.describeMetadataQuorum().quorumInfo().get(30, TimeUnit.SECONDS);
        return quorum.voters().stream().mapToInt(v -> v.replicaId()).filter(id -> id != quorum.leaderId()).min()
                .orElseThrow();
    }

    /** Exits (stopping the nodes through LocalCluster's shutdown hook) when the benchmark script is gone. */
    private static void watchParent(long pid) {
        Thread t = new Thread(() -> {
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.exit(3);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static Properties adminProps(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "60000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "120000");
        return p;
    }

    private static Map<String, TopicDescription> describe(Admin admin, List<String> names) throws Exception {
        Map<String, TopicDescription> all = new TreeMap<>();
        for (int i = 0; i < names.size(); i += 500) {
            all.putAll(admin.describeTopics(names.subList(i, Math.min(names.size(), i + 500))).allTopicNames()
                    .get(2, TimeUnit.MINUTES));
        }
        return all;
    }

    /** Waits until exactly {@code expected} partitions have no leader and no leader sits on a dead broker. */
    private static void awaitLeaders(Admin admin, List<String> names, Set<Integer> dead, int expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (true) {
            int leaderless = 0;
            int onDead = 0;
            Map<String, TopicDescription> described;
            try {
                described = describe(admin, names);
            } catch (ExecutionException e) {
                // Right after createTopics a broker may not know every topic yet.
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(1000);
                continue;
            }
            for (TopicDescription d : described.values()) {
                for (TopicPartitionInfo p : d.partitions()) {
                    Node leader = p.leader();
                    if (leader == null || leader.isEmpty()) {
                        leaderless++;
                    } else if (dead.contains(leader.id())) {
                        onDead++;
                    }
                }
            }
            if (leaderless == expected && onDead == 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("partitions did not settle: " + leaderless + " leaderless (expected "
                        + expected + "), " + onDead + " led by a dead broker");
            }
            Thread.sleep(1000);
        }
    }
}
