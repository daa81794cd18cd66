package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.PartitionReassignment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Cancel in the middle, on the shared 4.4 cluster: a partition holding about 20 MB ([4,5]) is moved off live broker 5
 * by {@code reassign evacuate 5} under a 10 kB/s throttle, so its copy to broker 6 stays in flight. The watch is
 * interrupted as Ctrl-C interrupts it (the command's thread is interrupted): the command says the move goes on and how
 * to follow and cancel it, exits 130, and the move and the throttle are still in the cluster. {@code reassignments}
 * shows it throttled; {@code reassign cancel --all --yes} puts the replica set back, leaves nothing in flight and no
 * throttle on any broker or topic, and the audit log holds every attempt and how it ended.
 */
@Integration
@Timeout(600)
class ReassignCancelIntegrationTest {

    private static final String TOPIC = "cancel-big";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);

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
            if (admin != null) {
                // whatever happened above: nothing of this class left moving, throttled or created
                Map<TopicPartition, PartitionReassignment> moving = admin.listPartitionReassignments().reassignments()
                        .get(20, TimeUnit.SECONDS);
                if (!moving.isEmpty()) {
                    Map<TopicPartition, java.util.Optional<org.apache.kafka.clients.admin.NewPartitionReassignment>>
                            cancel = new java.util.HashMap<>();
                    moving.keySet().forEach(tp -> cancel.put(tp, java.util.Optional.empty()));
                    admin.alterPartitionReassignments(cancel).all().get(20, TimeUnit.SECONDS);
                }
                clearThrottles();
                if (admin.listTopics().names().get(20, TimeUnit.SECONDS).contains(TOPIC)) {
                    admin.deleteTopics(List.of(TOPIC)).all().get(30, TimeUnit.SECONDS);
                }
            }
            SharedCluster.ensureAllRunning();
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

    static List<dev.kshell.cli.KshellCommand> commands(dev.kshell.connection.ShellSession s) {
        return List.of(new ReassignEvacuateCommand(s), new ReassignmentsCommand(s), new ReassignCancelCommand(s));
    }

    @Test
    void should_stop_watching_on_ctrl_c_leave_the_move_going_then_cancel_it_and_its_throttle() throws Exception {
        admin.createTopics(List.of(new NewTopic(TOPIC, Map.of(0, List.of(4, 5))))).all().get(30, TimeUnit.SECONDS);
        Await.until("cancel-big in sync", Duration.ofSeconds(60), ReassignCancelIntegrationTest::isr,
                isr -> isr.size() == 2);
        produce(20_000); // 20,000 x 1 KiB: at 10 kB/s the copy to broker 6 takes over half an hour

        AtomicReference<ShellHarness.Result> evacuated = new AtomicReference<>();
        try (ShellHarness shell = new ShellHarness(ReassignCancelIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            Thread watching = new Thread(() -> evacuated.set(
                    shell.run("reassign evacuate 5 --throttle 10kB/s --yes --timeout 30s")), "evacuate-5");
            watching.start();
            Await.until("cancel-big-0 moving to broker 6", Duration.ofSeconds(120),
                    ReassignCancelIntegrationTest::moving, m -> m.containsKey(TP)
                            && m.get(TP).addingReplicas().contains(6));
            watching.interrupt(); // what Ctrl-C does to the command's thread (Repl: running.cancel(true))
            watching.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(watching.isAlive()).as("evacuate stopped watching").isFalse();
            ShellHarness.Result r = evacuated.get();
            String said = r.out() + "\n" + r.err();
            System.out.println("[reassign evacuate 5 --throttle 10kB/s --yes, interrupted, exit " + r.code().code()
                    + "]\n" + said);
            assertThat(r.code()).as(said).isEqualTo(ExitCode.CANCELLED);
            assertThat(r.out()).as(said).contains("cancel-big-0").contains("still in flight, going on in the cluster")
                    .contains("throttled at 10").contains("reassign cancel --all");
            // the move goes on, throttled
            assertThat(moving()).containsKey(TP);
            assertThat(throttles()).anyMatch(t -> t.startsWith("BROKER 6 follower.replication.throttled.rate="))
                    .anyMatch(t -> t.startsWith("TOPIC cancel-big follower.replication.throttled.replicas=0:6"));

            ShellHarness.Result listed = shell.run("reassignments");
            System.out.println("[reassignments, exit " + listed.code().code() + "]\n" + listed.out() + listed.err());
            assertThat(listed.out()).contains("cancel-big-0");

            ShellHarness.Result cancelled = shell.run("reassign cancel --all --yes");
            System.out.println("[reassign cancel --all --yes, exit " + cancelled.code().code() + "]\n"
                    + cancelled.out() + cancelled.err());
            assertThat(cancelled.code()).as(cancelled.out() + cancelled.err()).isEqualTo(ExitCode.OK);
        }
        // back where it was: replicas [4,5] (the cancel is the controller's, at once), nothing moving, no throttle
        assertThat(moving()).isEmpty();
        assertThat(replicas()).containsExactly(4, 5);
        Await.until("cancel-big-0 in sync on 4,5", Duration.ofSeconds(60), ReassignCancelIntegrationTest::isr,
                isr -> Set.copyOf(isr).equals(Set.of(4, 5)));
        assertThat(throttles()).isEmpty();

        List<JsonNode> audit = Files.readAllLines(home.resolve("audit.jsonl")).stream()
                .map(l -> Json.mapper().readTree(l)).toList();
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asText()).isEqualTo("reassign-evacuate");
            assertThat(a.get("decision").asText()).isEqualTo("interrupted");
        });
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asText()).isEqualTo("reassign-cancel");
            assertThat(a.get("decision").asText()).isEqualTo("succeeded");
            assertThat(a.get("approvedBy").asText()).isEqualTo("--yes");
        });
    }

    private static Map<TopicPartition, PartitionReassignment> moving() {
        try {
            return admin.listPartitionReassignments().reassignments().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("listPartitionReassignments: " + e, e);
        }
    }

    private static List<Integer> replicas() throws Exception {
        return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(20, TimeUnit.SECONDS).get(TOPIC).partitions()
                .get(0).replicas().stream().map(Node::id).toList();
    }

    private static List<Integer> isr() {
        try {
            return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(20, TimeUnit.SECONDS).get(TOPIC)
                    .partitions().get(0).isr().stream().map(Node::id).toList();
        } catch (Exception e) {
            return List.of();
        }
    }

    private static void produce(int records) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.LINGER_MS_CONFIG, "20", ProducerConfig.BATCH_SIZE_CONFIG, "262144",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            java.util.Random random = new java.util.Random(34);
            for (int i = 0; i < records; i++) {
                byte[] value = new byte[1024];
                random.nextBytes(value);
                producer.send(new ProducerRecord<>(TOPIC, 0, null, value));
            }
            producer.flush();
        }
    }

    /** Every throttle config set on a broker or on any topic: "BROKER 6 follower.replication.throttled.rate=...". */
    private static List<String> throttles() throws Exception {
        List<ConfigResource> resources = new ArrayList<>();
        for (int b : List.of(4, 5, 6)) {
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

    private static void clearThrottles() throws Exception {
        Map<ConfigResource, java.util.Collection<org.apache.kafka.clients.admin.AlterConfigOp>> ops =
                new java.util.HashMap<>();
        for (String t : throttles()) {
            String[] w = t.split(" ");
            ConfigResource r = new ConfigResource(ConfigResource.Type.valueOf(w[0]), w[1]);
            ops.computeIfAbsent(r, k -> new ArrayList<>()).add(new org.apache.kafka.clients.admin.AlterConfigOp(
                    new ConfigEntry(w[2].substring(0, w[2].indexOf('=')), null),
                    org.apache.kafka.clients.admin.AlterConfigOp.OpType.DELETE));
        }
        if (!ops.isEmpty()) {
            admin.incrementalAlterConfigs(ops).all().get(30, TimeUnit.SECONDS);
        }
    }
}
