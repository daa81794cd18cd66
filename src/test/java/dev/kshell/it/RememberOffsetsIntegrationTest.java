package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.app.KshellApplication;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.StateStore;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.SharedCluster;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Offsets are remembered where asked, never after a one-shot answer: on a real cluster, a one-shot {@code leaderless}
 * leaves the state directory without an offsets log, and {@code remember offsets} records the partition that is one
 * broker away from leaderless with its true high watermark.
 */
@Integration
@Timeout(600)
class RememberOffsetsIntegrationTest {

    private static final String TOPIC = "remember-rf2";

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;
    private static String savedHome;

    @BeforeAll
    static void start() {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", home.toString());
        cluster = SharedCluster.get();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            SharedCluster.ensureAllRunning();
            if (admin != null) {
                admin.deleteTopics(List.of(TOPIC)).all().get();
                admin.close();
            }
        } finally {
            if (savedHome == null) {
                System.clearProperty("kshell.home");
            } else {
                System.setProperty("kshell.home", savedHome);
            }
        }
    }

    private record OneShot(int code, String out) { }

    private static OneShot oneShot(String... command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int code;
        try {
            String[] args = Stream.concat(Stream.of("--bootstrap-server", cluster.bootstrapServers(), "--timeout", "30s"),
                    Stream.of(command)).toArray(String[]::new);
            code = KshellApplication.run(args);
        } finally {
            System.setOut(saved);
        }
        return new OneShot(code, out.toString(StandardCharsets.UTF_8));
    }

    private static List<Integer> isr() {
        return Await.until(TOPIC + " described", Duration.ofSeconds(30), () -> {
            try {
                TopicDescription d = admin.describeTopics(List.of(TOPIC)).allTopicNames().get().get(TOPIC);
                return d.partitions().get(0).isr().stream().map(Node::id).toList();
            } catch (Exception e) {
                return null;
            }
        }, x -> x != null);
    }

    @Test
    void should_remember_nothing_after_a_one_shot_read_and_the_partition_at_risk_on_request() throws Exception {
        admin.createTopics(List.of(new NewTopic(TOPIC, Map.of(0, List.of(4, 5))))).all().get();
        Await.until(TOPIC + " in sync on 4 and 5", Duration.ofSeconds(60), RememberOffsetsIntegrationTest::isr,
                i -> i.size() == 2);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000), new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < 100; i++) {
                producer.send(new ProducerRecord<>(TOPIC, 0, null, ("r" + i).getBytes()));
            }
            producer.flush();
        }
        cluster.stopNode(5);
        Await.until(TOPIC + " ISR [4]", Duration.ofSeconds(90), RememberOffsetsIntegrationTest::isr,
                i -> i.equals(List.of(4)));

        // a one-shot read answers and ends: no offsets were listed or written after its output
        // (this topic only: its leader 4 is live, so nothing is leaderless, whatever other classes left elsewhere)
        OneShot leaderless = oneShot("leaderless", "--topic", TOPIC);
        assertThat(leaderless.code()).as(leaderless.out()).isEqualTo(0);
        Path state = home.resolve("state");
        try (Stream<Path> files = Files.exists(state) ? Files.list(state) : Stream.empty()) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".offsets"));
        }

        // `remember offsets` (what cron or a runbook calls) records the partitions at risk, this one among them
        OneShot remembered = oneShot("remember", "offsets", "--output", "json");
        System.out.println("[remember-it] " + remembered.out());
        assertThat(remembered.code()).as(remembered.out()).isEqualTo(0);
        JsonNode json = Json.mapper().readTree(remembered.out());
        assertThat(json.get("scope").asString()).isEqualTo("at-risk");
        assertThat(json.get("answered").asInt()).isEqualTo(json.get("asked").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(json.get("atRisk").get("one replica from leaderless").asInt()).isGreaterThanOrEqualTo(1);
        String clusterId = json.get("clusterId").asString();
        StateStore store = new StateStore(OffsetMemory.defaultDir());
        assertThat(store.lookup(clusterId, TOPIC + "-0")).get().extracting(o -> o.highWatermark()).isEqualTo(100L);

        // --topic: every led partition of the topic, whatever its risk
        OneShot topic = oneShot("remember", "offsets", "--topic", TOPIC, "--deadline", "20s");
        System.out.println("[remember-it] " + topic.out());
        assertThat(topic.code()).isEqualTo(0);
        assertThat(topic.out()).startsWith("remembered the high watermarks of 1 of 1 led partitions of the named topics");
    }
}
