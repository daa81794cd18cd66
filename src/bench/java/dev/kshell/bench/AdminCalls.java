package dev.kshell.bench;

import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import com.sun.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Every Admin call of kshell's read path, timed one after another against a running cluster (scripts/bench-scan
 * runs it; docs/performance.md "Admin calls at 100,000 partitions"): wall and process CPU per call, and how the cost
 * of a listOffsets grows with the number of partitions it is given, against how kshell batches it.
 *
 * <pre>java ... dev.kshell.bench.AdminCalls BOOTSTRAP [--max-one-call 20000]</pre>
 */
public final class AdminCalls {

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private AdminCalls() {
    }

    interface Step<T> {
        T run() throws Exception;
    }

    private static <T> T time(String what, Step<T> step, Function<T, String> detail) throws Exception {
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        T out = step.run();
        long wall = System.nanoTime() - t0;
        long cpu = OS.getProcessCpuTime() - cpu0;
        System.out.printf("%-58s %9.0f %9.0f  %s%n", what, wall / 1e6, cpu / 1e6, detail.apply(out));
        System.out.flush();
        return out;
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        int maxOneCall = args.length > 2 && args[1].equals("--max-one-call") ? Integer.parseInt(args[2]) : 20000;
        System.out.printf("load %s%n", new String(Files.readAllBytes(Path.of("/proc/loadavg"))).trim());
        System.out.printf("%-58s %9s %9s  %s%n", "CALL", "WALL_MS", "CPU_MS", "DETAIL");
        ClusterTarget target = new ClusterTarget(bootstrap, null, Map.of(), Duration.ofSeconds(120));
        try (AdminClientGateway gateway = new AdminClientGateway(target);
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                     AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "120000",
                     AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "300000"))) {
            time("describeCluster (first call: connects)", gateway::brokers, b -> b.size() + " brokers");
            time("describeCluster", gateway::brokers, b -> b.size() + " brokers");
            time("describeMetadataQuorum", gateway::quorum, q -> "leader " + q.leaderId());
            time("listTopics", gateway::topicNames, n -> n.size() + " topics");
            ClusterSnapshot s = time("read: partitions (listTopics + describeTopics batches)",
                    () -> gateway.read(SnapshotRequest.partitions()), AdminCalls::count);
            time("read: partitions + describeConfigs (min ISR)",
                    () -> gateway.read(SnapshotRequest.partitions().withConfigs(true)), AdminCalls::count);
            time("read: everything (+ quorum)", () -> gateway.read(SnapshotRequest.everything(null, true)),
                    AdminCalls::count);
            List<NodeProbe.Target> targets = new ArrayList<>();
            for (BrokerState b : s.brokers()) {
                targets.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            }
            time("probe every broker (NodeProbe)", () -> NodeProbe.of(target).probe(targets),
                    r -> r.stream().filter(x -> x.answered()).count() + " answered");

            Set<Integer> live = s.liveBrokerIds();
            List<PartitionSpec> led = new ArrayList<>();
            for (TopicState t : s.topics()) {
                for (PartitionState p : t.partitions()) {
                    if (p.leader() != null && live.contains(p.leader())) {
                        led.add(new PartitionSpec(p.topic(), p.partition()));
                    }
                }
            }
            List<TopicPartition> tps = led.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            System.out.printf("%d led partitions; %d distinct TopicPartition.hashCode values%n", tps.size(),
                    tps.stream().map(TopicPartition::hashCode).collect(Collectors.toSet()).size());

            // Why one big listOffsets is slow: Kafka keys its per-partition futures by Collectors.toUnmodifiableMap
            // (open addressing, linear probing); TopicPartition hashes of numbered topics crowd together.
            for (int n : new int[]{1000, 5000, 10000, 20000}) {
                if (n > tps.size()) {
                    break;
                }
                List<TopicPartition> keys = tps.subList(0, n);
                time("  Kafka's future map (toUnmodifiableMap) of " + n + " keys, build + get all", () -> {
                    Map<TopicPartition, Integer> m = keys.stream()
                            .collect(Collectors.toUnmodifiableMap(Function.identity(), k -> 1));
                    long sum = 0;
                    for (TopicPartition k : keys) {
                        sum += m.get(k);
                    }
                    return sum;
                }, x -> "");
            }
            // One listOffsets over n partitions, raw Admin (its leader cache warm after the first)
            for (int n : new int[]{1000, 5000, 10000, 20000, 50000, 100000}) {
                if (n > tps.size() || n > maxOneCall) {
                    break;
                }
                Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
                tps.subList(0, n).forEach(tp -> request.put(tp, OffsetSpec.latest()));
                time("listOffsets, one call of " + n + " partitions", () -> {
                    ListOffsetsResult r = admin.listOffsets(request);
                    return r.all().get(10, TimeUnit.MINUTES).size();
                }, x -> x + " answered");
            }
            // kshell's way: batches of 1000 (OffsetMemory), through the gateway
            for (int n : new int[]{10000, tps.size()}) {
                if (n > tps.size()) {
                    continue;
                }
                List<PartitionSpec> part = led.subList(0, n);
                time("listOffsets, " + n + " partitions in batches of 1000 (kshell)", () -> {
                    int answered = 0;
                    ClusterGateway g = gateway.withTimeout(Duration.ofSeconds(60));
                    for (int i = 0; i < part.size(); i += 1000) {
                        answered += g.latestOffsets(part.subList(i, Math.min(part.size(), i + 1000))).size();
                    }
                    return answered;
                }, x -> x + " answered");
            }
        }
    }

    private static String count(ClusterSnapshot s) {
        Set<String> topics = new HashSet<>();
        int partitions = 0;
        for (TopicState t : s.topics()) {
            topics.add(t.name());
            partitions += t.partitions().size();
        }
        return topics.size() + " topics, " + partitions + " partitions";
    }
}
