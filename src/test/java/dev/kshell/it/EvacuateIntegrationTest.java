package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The issue's "done when", on the shared 4.4 cluster: broker 6 is killed (-9) and its data dir deleted; then
 * {@code reassign evacuate 6 --export plan.json --yes} with no terminal. Every partition with a live copy ends on live
 * brokers with its replication factor and a full ISR, offsets unchanged, no throttle left, an audit line; the
 * partition whose only copy was on 6 is untouched and named, and the command exits 3. A consumer group's committed
 * offsets and every record read back (offset and key) are the same after the move. Kafka's own
 * {@code kafka-reassign-partitions --verify} on the exported plan reports every reassignment complete. Broker 6 is
 * then given back its (empty, formatted) data dir and started, and the cluster settles for the other classes.
 */
@Integration
@Timeout(900)
class EvacuateIntegrationTest {

    private static final List<String> TOPICS = List.of("evac-rf2", "evac-rf3", "evac-rf1");
    private static final String GROUP = "evac-reader";

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;
    private static String savedHome;

    @BeforeAll
    static void start() {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            restoreBrokerSix();
        } finally {
            if (admin != null) {
                admin.close();
            }
            System.clearProperty("kshell.audit.file");
            if (savedHome != null) {
                System.setProperty("kshell.home", savedHome);
            }
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new ReassignEvacuateCommand(s), new ReassignmentsCommand(s), new ReassignCancelCommand(s));
    }

    private static Path logDir(int id) {
        return cluster.node(id).dataDir().resolve("data");
    }

    private static final Path META_COPY = Path.of(System.getProperty("java.io.tmpdir"),
            "kshell-evacuate-meta-" + ProcessHandle.current().pid() + ".properties");

    /**
     * A broker whose disk was lost comes back as a replaced disk: an empty log dir formatted with the node's own
     * meta.properties (cluster id, node id, directory id), which LocalCluster formats only at its first start.
     */
    private static void restoreBrokerSix() throws Exception {
        if (admin != null) {
            List<String> existing = admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                    .filter(TOPICS::contains).toList();
            if (!existing.isEmpty()) {
                admin.deleteTopics(existing).all().get(30, TimeUnit.SECONDS);
            }
            try {
                admin.deleteConsumerGroups(List.of(GROUP)).all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                // the group was never made (the test stopped before it), or is gone already
            }
        }
        if (Files.exists(META_COPY) && !Files.exists(logDir(6).resolve("meta.properties"))) {
            if (cluster.node(6).state() == NodeInfo.State.RUNNING) {
                cluster.killNode(6);
            }
            Files.createDirectories(logDir(6));
            Files.copy(META_COPY, logDir(6).resolve("meta.properties"));
        }
        Files.deleteIfExists(META_COPY);
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_evacuate_a_lost_broker_from_a_script_and_leave_the_partition_with_no_copy_named_and_untouched()
            throws Exception {
        // RF 2 and RF 3 topics with a replica on 6, and one partition whose only replica is on 6
        admin.createTopics(List.of(
                new NewTopic("evac-rf2", Map.of(0, List.of(6, 4), 1, List.of(5, 6), 2, List.of(4, 5))),
                new NewTopic("evac-rf3", Map.of(0, List.of(4, 5, 6))),
                new NewTopic("evac-rf1", Map.of(0, List.of(6))))).all().get(30, TimeUnit.SECONDS);
        Await.until("test topics fully in sync", Duration.ofSeconds(60), () -> describe(TOPICS),
                d -> d.size() == 3 && d.values().stream().allMatch(t -> t.partitions().stream()
                        .allMatch(p -> p.leader() != null && p.isr().size() == p.replicas().size())));
        produce("evac-rf2", 3, 200);
        produce("evac-rf3", 1, 100);
        produce("evac-rf1", 1, 50);
        Map<TopicPartition, Long> before = endOffsets(List.of("evac-rf2", "evac-rf3"));
        assertThat(before.get(new TopicPartition("evac-rf2", 0))).isGreaterThan(0);
        // a consumer group reads evac-rf2 to the end and commits; what it read is kept to compare
        List<String> readBefore = readAll("evac-rf2", 3, GROUP, 600);
        Map<TopicPartition, OffsetAndMetadata> committedBefore = committed();
        assertThat(committedBefore).hasSize(3).allSatisfy((tp, o) -> assertThat(o.offset()).isEqualTo(200));

        // broker 6 is lost for good: kill -9, then its disk is gone
        Files.copy(logDir(6).resolve("meta.properties"), META_COPY);
        cluster.killNode(6);
        deleteRecursively(logDir(6));
        Await.until("broker 6 fenced", Duration.ofSeconds(60), EvacuateIntegrationTest::fenced, f -> f.contains(6));

        Path plan = home.resolve("plan.json");
        ShellHarness.Result r;
        try (ShellHarness shell = new ShellHarness(EvacuateIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            r = shell.run("reassign evacuate 6 --export " + plan + " --yes --timeout 30s");
        }
        String said = r.out() + "\n" + r.err();
        System.out.println("[reassign evacuate 6, exit " + r.code().code() + "]\n" + said);
        assertThat(r.code()).as(said).isEqualTo(ExitCode.REFUSED);
        assertThat(r.out()).as(said).contains("not moved: evac-rf1-0");
        assertThat(r.out()).contains("evac-rf3-0"); // RF 3 on 3 brokers, one lost: no broker can take it

        Map<String, TopicDescription> after = describe(TOPICS);
        for (TopicPartitionInfo p : after.get("evac-rf2").partitions()) {
            List<Integer> replicas = ids(p.replicas());
            assertThat(replicas).as("evac-rf2-" + p.partition()).hasSize(2).doesNotContain(6);
            assertThat(ids(p.isr())).as("evac-rf2-" + p.partition() + " ISR").containsExactlyInAnyOrderElementsOf(replicas);
        }
        assertThat(ids(after.get("evac-rf3").partitions().get(0).replicas())).containsExactly(4, 5, 6);
        assertThat(ids(after.get("evac-rf1").partitions().get(0).replicas())).containsExactly(6);
        assertThat(endOffsets(List.of("evac-rf2", "evac-rf3"))).isEqualTo(before);
        // a consumer's read unchanged: the group's committed offsets, and every record read again from the start
        // (now from the new replicas) is the record read before, at the same offset
        assertThat(committed()).isEqualTo(committedBefore);
        assertThat(readAll("evac-rf2", 3, null, 600)).isEqualTo(readBefore);

        // no throttle left on any live broker or on any topic
        assertThat(throttlesLeft()).isEmpty();

        // the audit line
        List<JsonNode> audit = Files.readAllLines(home.resolve("audit.jsonl")).stream()
                .map(l -> Json.mapper().readTree(l)).toList();
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asText()).isEqualTo("reassign-evacuate");
            assertThat(a.get("decision").asText()).isEqualTo("succeeded");
            assertThat(a.get("approvedBy").asText()).isEqualTo("--yes");
        });
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asText()).isEqualTo("reassign-evacuate-unclean");
            assertThat(a.get("decision").asText()).isEqualTo("refused");
        });

        // Kafka's own tool reads the exported plan and finds every reassignment complete
        JsonNode exported = Json.mapper().readTree(Files.readString(plan));
        assertThat(exported.get("version").asInt()).isEqualTo(1);
        assertThat(exported.get("partitions").toString()).contains("evac-rf2").doesNotContain("evac-rf1")
                .doesNotContain("evac-rf3");
        String verify = kafkaReassignVerify(plan);
        assertThat(verify).contains("Reassignment of partition evac-rf2-0 is completed")
                .contains("Reassignment of partition evac-rf2-1 is completed").doesNotContain("still in progress")
                .doesNotContain("failed");
    }

    private static Map<String, TopicDescription> describe(List<String> topics) {
        try {
            return admin.describeTopics(topics).allTopicNames().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("describeTopics: " + e, e);
        }
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }

    private static List<Integer> fenced() {
        try {
            return admin.describeCluster(new DescribeClusterOptions().includeFencedBrokers(true)).nodes()
                    .get(10, TimeUnit.SECONDS).stream().filter(Node::isFenced).map(Node::id).toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void produce(String topic, int partitions, int perPartition) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            byte[] value = new byte[1024];
            for (int p = 0; p < partitions; p++) {
                for (int i = 0; i < perPartition; i++) {
                    byte[] key = (topic + "-" + p + "#" + i).getBytes(StandardCharsets.UTF_8);
                    producer.send(new ProducerRecord<>(topic, p, key, value));
                }
            }
            producer.flush();
        }
    }

    /**
     * Reads every record of {@code topic}'s partitions from the start ("partition:offset:key", in order) until
     * {@code expected} were read; with a group id, commits the positions reached for that group.
     */
    private static List<String> readAll(String topic, int partitions, String group, int expected) {
        Map<String, Object> props = new HashMap<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"));
        if (group != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        List<String> read = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                tps.add(new TopicPartition(topic, p));
            }
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (read.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> rec : consumer.poll(Duration.ofMillis(500))) {
                    read.add(rec.partition() + ":" + rec.offset() + ":" + new String(rec.key(), StandardCharsets.UTF_8));
                }
            }
            if (group != null) {
                consumer.commitSync(Duration.ofSeconds(30));
            }
        }
        read.sort(Comparator.comparing((String r) -> Integer.parseInt(r.split(":")[0]))
                .thenComparingLong(r -> Long.parseLong(r.split(":")[1])));
        assertThat(read).as("records read from " + topic).hasSize(expected);
        return read;
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed() throws Exception {
        return admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS);
    }

    private static Map<TopicPartition, Long> endOffsets(List<String> topics) throws Exception {
        Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
        describe(topics).forEach((name, d) -> d.partitions().forEach(p ->
                ask.put(new TopicPartition(name, p.partition()), OffsetSpec.latest())));
        Map<TopicPartition, Long> out = new HashMap<>();
        admin.listOffsets(ask).all().get(20, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /** Every throttle config set on a live broker or on any topic: "broker 4 leader.replication.throttled.rate=...". */
    private static List<String> throttlesLeft() throws Exception {
        List<ConfigResource> resources = new ArrayList<>();
        for (int b : List.of(4, 5)) {
            resources.add(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b)));
        }
        admin.listTopics().names().get(20, TimeUnit.SECONDS)
                .forEach(t -> resources.add(new ConfigResource(ConfigResource.Type.TOPIC, t)));
        Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get(30, TimeUnit.SECONDS);
        List<String> left = new ArrayList<>();
        configs.forEach((r, c) -> c.entries().stream()
                .filter(e -> e.name().contains("replication.throttled"))
                .filter(e -> e.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG
                        || e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG)
                .forEach(e -> left.add(r.type() + " " + r.name() + " " + e.name() + "=" + e.value())));
        return left;
    }

    /** Kafka's kafka-reassign-partitions --verify, in a child JVM on this test's class path (kafka-tools 4.4.0). */
    private static String kafkaReassignVerify(Path plan) throws IOException, InterruptedException {
        Path out = home.resolve("verify.out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), "org.apache.kafka.tools.reassign.ReassignPartitionsCommand",
                "--bootstrap-server", cluster.bootstrapServers(), "--reassignment-json-file", plan.toString(), "--verify")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("kafka-reassign-partitions --verify ended").isTrue();
        String text = Files.readString(out);
        System.out.println("[kafka-reassign-partitions --verify]\n" + text);
        return text;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
