package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignThrottleCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.Produce;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import dev.kshell.testsupport.TestHome;
import dev.kshell.testsupport.Throttles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.PartitionReassignment;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Steering a move and a cancel that cannot hurt, on the shared 4.4 cluster (issue 46's "done when"): while a ~20 MB
 * move runs under a 10 kB/s throttle, {@code reassignments} shows bytes and time left and {@code reassign throttle
 * 20MB/s --yes} changes the rate on the brokers taking part (Kafka's {@code kafka-configs.sh --describe} agrees); a
 * partition moving from broker 6 to broker 5 whose broker 6 is then killed is refused by {@code reassign cancel}
 * (exit 3, the assignment unchanged) while a healthy one in the same call is cancelled. Every test puts the cluster
 * back (moves cancelled or finished, throttles removed, topics deleted, broker 6 running), after a failure too.
 */
@Integration
@Timeout(900)
class SteerAndCancelIntegrationTest {

    private static final List<String> TOPICS = List.of("steer-big", "cancel-dead", "cancel-ok");

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;
    private static TestHome saved;

    @BeforeAll
    static void start() {
        saved = TestHome.use(home);
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = TestHome.admin(cluster.bootstrapServers());
    }

    @AfterEach
    void restore() throws Exception {
        SharedCluster.get().resumeAll();
        if (cluster.node(6).state() != dev.kshell.sandbox.NodeInfo.State.RUNNING) {
            cluster.startNode(6);
        }
        Map<TopicPartition, PartitionReassignment> moving = admin.listPartitionReassignments().reassignments()
                .get(20, TimeUnit.SECONDS);
        Map<TopicPartition, Optional<NewPartitionReassignment>> cancel = new HashMap<>();
        moving.keySet().forEach(tp -> cancel.put(tp, Optional.empty()));
        if (!cancel.isEmpty()) {
            Await.until("every move of this class cancelled", Duration.ofSeconds(120), () -> {
                try {
                    admin.alterPartitionReassignments(cancel).all().get(20, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // broker 6 still on its way back: the cancel needs it in the ISR, try again
                }
                return moving().isEmpty();
            }, done -> done);
        }
        List<String> present = admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                .filter(TOPICS::contains).toList();
        Throttles.clear(admin, List.of(4, 5, 6), present);
        if (!present.isEmpty()) {
            admin.deleteTopics(present).all().get(60, TimeUnit.SECONDS);
        }
        SharedCluster.ensureAllRunning();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        saved.restore();
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new ReassignmentsCommand(s), new ReassignThrottleCommand(s), new ReassignCancelCommand(s));
    }

    @Test
    void should_show_bytes_and_time_left_and_change_the_throttle_of_a_move_in_flight() throws Exception {
        String topic = "steer-big";
        TopicPartition tp = new TopicPartition(topic, 0);
        create(topic, List.of(4));
        Produce.kib(cluster.bootstrapServers(), topic, 20_000); // 20,000 x 1 KiB
        Throttles.set(admin, List.of(4, 5), 10_000, Map.of(topic, Map.of("leader.replication.throttled.replicas",
                "0:4", "follower.replication.throttled.replicas", "0:5")));
        admin.alterPartitionReassignments(Map.of(tp, Optional.of(new NewPartitionReassignment(List.of(4, 5)))))
                .all().get(30, TimeUnit.SECONDS);
        Await.until(topic + "-0 adding broker 5", Duration.ofSeconds(60), () -> moving().get(tp),
                r -> r != null && r.addingReplicas().contains(5));
        try (ShellHarness shell = new ShellHarness(SteerAndCancelIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result listed = shell.run("reassignments");
            System.out.println("[reassignments, exit " + listed.code().code() + "]\n" + listed.out() + listed.err());
            assertThat(listed.out()).contains(topic + "-0").contains("In all: ").contains(" left");
            JsonNode row = listed.json().get("rows").get(0);
            assertThat(row.get("progress").get("left").asLong()).isPositive();
            assertThat(row.get("progress").get("overMs").asLong()).isPositive();

            ShellHarness.Result changed = shell.run("reassign throttle 20MB/s --yes");
            System.out.println("[reassign throttle 20MB/s --yes, exit " + changed.code().code() + "]\n"
                    + changed.out() + changed.err());
            assertThat(changed.code()).as(changed.out() + changed.err()).isEqualTo(ExitCode.OK);
        }
        for (int broker : List.of(4, 5)) {
            String described = kafkaConfigsDescribe(broker);
            assertThat(described).contains("leader.replication.throttled.rate=20000000")
                    .contains("follower.replication.throttled.rate=20000000");
        }
        List<JsonNode> audit = Files.readAllLines(home.resolve("audit.jsonl")).stream()
                .map(l -> Json.mapper().readTree(l)).toList();
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asString()).isEqualTo("reassign-throttle");
            assertThat(a.get("decision").asString()).isEqualTo("succeeded");
        });
    }

    @Test
    void should_refuse_the_cancel_whose_old_replica_died_and_cancel_the_healthy_one_in_the_same_call() throws Exception {
        TopicPartition dead = new TopicPartition("cancel-dead", 0);
        TopicPartition ok = new TopicPartition("cancel-ok", 0);
        create("cancel-dead", List.of(6));
        create("cancel-ok", List.of(4));
        Produce.kib(cluster.bootstrapServers(), "cancel-dead", 10_000);
        Produce.kib(cluster.bootstrapServers(), "cancel-ok", 10_000);
        Throttles.set(admin, List.of(4, 5, 6), 10_000, Map.of(
                "cancel-dead", Map.of("leader.replication.throttled.replicas", "0:6",
                        "follower.replication.throttled.replicas", "0:5"),
                "cancel-ok", Map.of("leader.replication.throttled.replicas", "0:4",
                        "follower.replication.throttled.replicas", "0:5")));
        admin.alterPartitionReassignments(Map.of(dead, Optional.of(new NewPartitionReassignment(List.of(5))),
                ok, Optional.of(new NewPartitionReassignment(List.of(5))))).all().get(30, TimeUnit.SECONDS);
        Await.until("both moving to broker 5", Duration.ofSeconds(60), SteerAndCancelIntegrationTest::moving,
                m -> m.containsKey(dead) && m.containsKey(ok));
        cluster.killNode(6);
        try (ShellHarness shell = new ShellHarness(SteerAndCancelIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result r = shell.run("reassign cancel cancel-dead-0 cancel-ok-0 --yes");
            System.out.println("[reassign cancel cancel-dead-0 cancel-ok-0 --yes, broker 6 killed, exit "
                    + r.code().code() + "]\n" + r.out() + r.err());
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.REFUSED);
            assertThat(r.err()).contains("refused: cancel cancel-dead-0: its old replicas [6] hold no live in-sync "
                    + "replica");
            assertThat(r.out()).contains("cancelled 1 reassignment(s)").contains("not cancelled: cancel-dead-0");
        }
        Map<TopicPartition, PartitionReassignment> after = moving();
        assertThat(after).as("cancel-dead-0's assignment unchanged").containsKey(dead);
        assertThat(after.get(dead).replicas()).containsExactlyInAnyOrder(5, 6);
        assertThat(after).as("cancel-ok-0 cancelled").doesNotContainKey(ok);
        assertThat(admin.describeTopics(List.of("cancel-ok")).allTopicNames().get(20, TimeUnit.SECONDS)
                .get("cancel-ok").partitions().get(0).replicas().stream().map(Node::id).toList()).containsExactly(4);
        // and Kafka 4.4 itself, asked for the same cancel once broker 6 is fenced (before that it is still in the ISR
        // and Kafka accepts), refuses it (docs/kafka-behaviour.md)
        Await.until("cancel-dead-0's ISR without broker 6 (fenced)", Duration.ofSeconds(60), () -> {
            try {
                return admin.describeTopics(List.of("cancel-dead")).allTopicNames().get(20, TimeUnit.SECONDS)
                        .get("cancel-dead").partitions().get(0).isr().stream().map(Node::id).toList();
            } catch (Exception e) {
                return List.of(6);
            }
        }, isr -> !isr.contains(6));
        Throwable kafka = null;
        try {
            admin.alterPartitionReassignments(Map.of(dead, Optional.empty())).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            kafka = e.getCause();
        }
        System.out.println("[Kafka 4.4's own answer to the same cancel] " + kafka);
        assertThat(kafka).isNotNull().hasMessageContaining("would require an unclean leader election");
    }

    private static void create(String topic, List<Integer> replicas) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, Map.of(0, replicas)))).all().get(30, TimeUnit.SECONDS);
        Await.until(topic + " in sync", Duration.ofSeconds(60), () -> {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(20, TimeUnit.SECONDS).get(topic)
                        .partitions().get(0).isr().size();
            } catch (Exception e) {
                return 0;
            }
        }, n -> n == replicas.size());
    }

    private static Map<TopicPartition, PartitionReassignment> moving() {
        try {
            return admin.listPartitionReassignments().reassignments().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("listPartitionReassignments: " + e, e);
        }
    }

    /** Kafka's kafka-configs.sh --describe of a broker, in a child JVM on this test's class path (kafka-tools 4.4.0). */
    private static String kafkaConfigsDescribe(int broker) throws Exception {
        Path out = home.resolve("configs-" + broker + ".out");
        Files.deleteIfExists(out);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), "org.apache.kafka.tools.ConfigCommand",
                "--bootstrap-server", cluster.bootstrapServers(), "--describe", "--entity-type", "brokers",
                "--entity-name", String.valueOf(broker)).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("kafka-configs --describe ended").isTrue();
        String text = Files.readString(out);
        System.out.println("[kafka-configs.sh --describe --entity-type brokers --entity-name " + broker + "]\n" + text);
        return text;
    }
}
