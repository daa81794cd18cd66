package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.LogDirsCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * An offline log directory on a real 4.4 cluster of its own (one controller, brokers 2 and 3 with two log
 * directories each; the shared cluster has one per broker and stays frozen meanwhile): one of broker 3's directories
 * fails while it runs (a file where the directory was, as Kafka's own LogDirFailureTest does). {@code logdirs} shows
 * it offline with the broker's error, and {@code under-replicated} gives "replica on offline log directory D of
 * broker 3" as the cause of the partitions whose replica was there.
 */
@Integration
@Timeout(600)
@ExtendWith(SharedCluster.Frozen.class)
class LogDirFailureIntegrationTest {

    private static final String TOPIC = "disk-failure";

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        cluster = LocalCluster.start(new LocalClusterSpec(1, 2, null, true, Map.of()).withTwoLogDirs(true),
                line -> System.out.println("[jbod-cluster] " + line));
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new UnderReplicatedCommand(s), new LogDirsCommand(s));
    }

    private static ShellHarness.Result run(String line) {
        try (ShellHarness shell = new ShellHarness(LogDirFailureIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result r = shell.run(line);
            System.out.println("[" + line + ", exit " + r.code().code() + "]\n" + r.out() + r.err());
            return r;
        }
    }

    @Test
    void should_show_the_offline_directory_and_give_it_as_the_cause_of_its_replicas() throws Exception {
        // eight partitions on both brokers: Kafka spreads broker 3's replicas over its two directories
        Map<Integer, List<Integer>> assignment = new java.util.HashMap<>();
        for (int p = 0; p < 8; p++) {
            assignment.put(p, p % 2 == 0 ? List.of(2, 3) : List.of(3, 2));
        }
        admin.createTopics(List.of(new NewTopic(TOPIC, assignment))).all().get(30, TimeUnit.SECONDS);
        Await.until(TOPIC + " in sync", Duration.ofSeconds(60), LogDirFailureIntegrationTest::describe,
                d -> d.partitions().stream().allMatch(p -> p.leader() != null && p.isr().size() == 2));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            for (int i = 0; i < 80; i++) {
                producer.send(new ProducerRecord<>(TOPIC, i % 8, null, new byte[1000]));
            }
            producer.flush();
        }

        Path failed = cluster.failLogDir(3);
        Await.until("broker 3 reporting " + failed + " offline", Duration.ofSeconds(60),
                LogDirFailureIntegrationTest::brokerThreeDirs,
                dirs -> dirs.containsKey(failed.toString()) && dirs.get(failed.toString()).error() != null);
        Await.until("a replica of broker 3 out of its ISR", Duration.ofSeconds(60),
                LogDirFailureIntegrationTest::describe, d -> d.partitions().stream()
                        .anyMatch(p -> p.isr().stream().noneMatch(n -> n.id() == 3)));

        ShellHarness.Result dirs = run("logdirs --output json");
        run("logdirs");
        ShellHarness.Result urp = run("under-replicated --output json");
        ShellHarness.Result table = run("under-replicated");

        assertThat(dirs.code()).isEqualTo(ExitCode.FINDINGS);
        JsonNode offline = null;
        for (JsonNode d : dirs.json().get("dirs")) {
            if (d.get("path").asString().equals(failed.toString())) {
                offline = d;
            }
        }
        assertThat(offline).isNotNull();
        assertThat(offline.get("online").asBoolean()).isFalse();
        assertThat(offline.get("error").asString()).startsWith("KafkaStorage");
        JsonNode groups = urp.json().get("causes").get("groups");
        assertThat(groups).isNotEmpty();
        for (JsonNode g : groups) {
            assertThat(g.get("cause").asString()).isEqualTo("offline-log-dir");
            assertThat(g.get("broker").asInt()).isEqualTo(3);
            assertThat(g.get("logDir").asString()).isEqualTo(failed.toString());
        }
        assertThat(table.out()).contains("log directory " + failed + " of broker 3 is offline");
    }

    private static TopicDescription describe() {
        try {
            return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(20, TimeUnit.SECONDS).get(TOPIC);
        } catch (Exception e) {
            throw new IllegalStateException("describeTopics: " + e, e);
        }
    }

    private static Map<String, LogDirDescription> brokerThreeDirs() {
        try {
            return admin.describeLogDirs(List.of(3)).allDescriptions().get(20, TimeUnit.SECONDS).get(3);
        } catch (Exception e) {
            throw new IllegalStateException("describeLogDirs: " + e, e);
        }
    }
}
