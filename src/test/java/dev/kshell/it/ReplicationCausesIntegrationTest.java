package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.LogDirsCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The "done when" on the shared 4.4 cluster: with broker 6 stopped, {@code under-replicated --topic T} names
 * broker 6 as the cause of T's partitions; during a reassignment of a ~20 MB partition to a new replica on broker 5
 * under a 10 kB/s throttle, {@code reassignments} lists replica 5 being added with the bytes left and the throttle,
 * and {@code under-replicated} gives the reassignment, not a lagging follower, as the cause; {@code logdirs} shows
 * every broker's log directory with its size and usable space. Everything stopped or set is put back.
 */
@Integration
@Timeout(900)
class ReplicationCausesIntegrationTest {

    private static final String STOPPED = "urp-stopped";
    private static final String MOVING = "urp-moving";

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (admin != null) {
                cleanUp();
            }
        } finally {
            if (admin != null) {
                admin.close();
            }
            SharedCluster.ensureAllRunning();
        }
    }

    private static void cleanUp() throws Exception {
        TopicPartition moving = new TopicPartition(MOVING, 0);
        if (admin.listPartitionReassignments().reassignments().get(20, TimeUnit.SECONDS).containsKey(moving)) {
            admin.alterPartitionReassignments(Map.of(moving, Optional.empty())).all().get(20, TimeUnit.SECONDS);
        }
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new java.util.HashMap<>();
        for (int b : List.of(4, 5, 6)) {
            ops.put(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b)), List.of(
                    new AlterConfigOp(new ConfigEntry("leader.replication.throttled.rate", ""), AlterConfigOp.OpType.DELETE),
                    new AlterConfigOp(new ConfigEntry("follower.replication.throttled.rate", ""), AlterConfigOp.OpType.DELETE)));
        }
        SharedCluster.ensureAllRunning();
        admin.incrementalAlterConfigs(ops).all().get(20, TimeUnit.SECONDS);
        List<String> existing = admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                .filter(t -> t.equals(STOPPED) || t.equals(MOVING)).toList();
        if (!existing.isEmpty()) {
            admin.deleteTopics(existing).all().get(30, TimeUnit.SECONDS);
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new UnderReplicatedCommand(s), new ReassignmentsCommand(s), new LogDirsCommand(s));
    }

    private static ShellHarness.Result run(String line) {
        try (ShellHarness shell = new ShellHarness(ReplicationCausesIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result r = shell.run(line);
            System.out.println("[" + line + ", exit " + r.code().code() + "]\n" + r.out() + r.err());
            return r;
        }
    }

    @Test
    void should_name_the_stopped_broker_as_the_cause_of_the_topics_under_replicated_partitions() throws Exception {
        admin.createTopics(List.of(new NewTopic(STOPPED, Map.of(0, List.of(4, 5, 6), 1, List.of(5, 6, 4),
                2, List.of(6, 4, 5))))).all().get(30, TimeUnit.SECONDS);
        Await.until(STOPPED + " in sync", Duration.ofSeconds(60), () -> describe(STOPPED),
                d -> d.partitions().stream().allMatch(p -> p.leader() != null && p.isr().size() == 3));
        try {
            cluster.stopNode(6);
            Await.until("broker 6 out of every ISR of " + STOPPED, Duration.ofSeconds(60), () -> describe(STOPPED),
                    d -> d.partitions().stream().allMatch(p -> p.isr().stream().noneMatch(n -> n.id() == 6)));

            ShellHarness.Result table = run("under-replicated --topic " + STOPPED);
            ShellHarness.Result r = run("under-replicated --topic " + STOPPED + " --output json");

            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            JsonNode groups = r.json().get("causes").get("groups");
            assertThat(groups).hasSize(1);
            assertThat(groups.get(0).get("cause").asString()).isEqualTo("broker-down");
            assertThat(groups.get(0).get("broker").asInt()).isEqualTo(6);
            assertThat(groups.get(0).get("replicas")).hasSize(3);
            assertThat(table.out()).contains("broker 6 is down or fenced: 3 partitions [broker-down]");
        } finally {
            SharedCluster.ensureAllRunning();
        }
    }

    @Test
    void should_give_a_throttled_reassignment_as_the_cause_with_the_bytes_left_and_the_throttle() throws Exception {
        admin.createTopics(List.of(new NewTopic(MOVING, Map.of(0, List.of(4))))).all().get(30, TimeUnit.SECONDS);
        Await.until(MOVING + " led", Duration.ofSeconds(60), () -> describe(MOVING),
                d -> d.partitions().get(0).leader() != null);
        produceTwentyMegabytes();
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new java.util.HashMap<>();
        for (int b : List.of(4, 5)) {
            ops.put(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b)), List.of(
                    new AlterConfigOp(new ConfigEntry("leader.replication.throttled.rate", "10000"), AlterConfigOp.OpType.SET),
                    new AlterConfigOp(new ConfigEntry("follower.replication.throttled.rate", "10000"), AlterConfigOp.OpType.SET)));
        }
        ops.put(new ConfigResource(ConfigResource.Type.TOPIC, MOVING), List.of(
                new AlterConfigOp(new ConfigEntry("leader.replication.throttled.replicas", "0:4"), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("follower.replication.throttled.replicas", "0:5"), AlterConfigOp.OpType.SET)));
        admin.incrementalAlterConfigs(ops).all().get(20, TimeUnit.SECONDS);
        admin.alterPartitionReassignments(Map.of(new TopicPartition(MOVING, 0),
                Optional.of(new NewPartitionReassignment(List.of(4, 5))))).all().get(20, TimeUnit.SECONDS);

        ShellHarness.Result moves = run("reassignments --output json");
        run("reassignments");
        ShellHarness.Result table = run("under-replicated --topic " + MOVING);
        ShellHarness.Result r = run("under-replicated --topic " + MOVING + " --output json");

        JsonNode row = null;
        for (JsonNode n : moves.json().get("rows")) {
            if (n.get("partition").asString().equals(MOVING + "-0")) {
                row = n;
            }
        }
        assertThat(row).as(moves.out()).isNotNull();
        assertThat(row.get("adding").get(0).asInt()).isEqualTo(5);
        JsonNode copy = row.get("copies").get(0);
        assertThat(copy.get("wanted").asLong()).isGreaterThan(19_000_000L);
        assertThat(copy.get("wanted").asLong() - copy.get("copied").asLong()).isGreaterThan(1_000_000L);
        assertThat(row.get("throttled").asBoolean()).isTrue();
        assertThat(moves.json().get("brokerThrottles").get("5").get("follower.replication.throttled.rate").asString())
                .isEqualTo("10000");

        JsonNode groups = r.json().get("causes").get("groups");
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("cause").asString()).isEqualTo("reassignment");
        assertThat(groups.get(0).get("broker").asInt()).isEqualTo(5);
        assertThat(groups.get(0).get("replicas").get(0).get("bytesBehind").asLong()).isGreaterThan(1_000_000L);
        assertThat(table.out()).contains("a reassignment is adding a replica on broker 5")
                .contains("follower rate 10 kB/s on broker 5").contains("leader rate 10 kB/s on broker 4");
    }

    @Test
    void should_show_every_brokers_log_directory_with_its_size_and_usable_space() {
        ShellHarness.Result r = run("logdirs --output json");
        run("logdirs");

        List<Integer> brokers = new java.util.ArrayList<>();
        for (JsonNode d : r.json().get("dirs")) {
            brokers.add(d.get("broker").asInt());
            assertThat(d.get("online").asBoolean()).isTrue();
            assertThat(d.get("totalBytes").asLong()).isGreaterThan(0);
            assertThat(d.get("usableBytes").asLong()).isGreaterThan(0).isLessThanOrEqualTo(d.get("totalBytes").asLong());
        }
        assertThat(brokers).containsExactlyInAnyOrder(4, 5, 6);
    }

    private static TopicDescription describe(String topic) {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(20, TimeUnit.SECONDS).get(topic);
        } catch (Exception e) {
            throw new IllegalStateException("describeTopics: " + e, e);
        }
    }

    private static void produceTwentyMegabytes() throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.COMPRESSION_TYPE_CONFIG, "none",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            byte[] value = new byte[100_000];
            new java.util.Random(36).nextBytes(value);
            for (int i = 0; i < 205; i++) {
                producer.send(new ProducerRecord<>(MOVING, 0, null, value));
            }
            producer.flush();
        }
    }
}
