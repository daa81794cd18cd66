package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.BrokersUnregisterCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.MatrixCluster;
import dev.kshell.testsupport.MatrixCluster.Flavour;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code reassign evacuate} and {@code brokers unregister} on the matrix's Kafka 3.9.1 clusters, ZooKeeper mode
 * (ZooKeeper node 1, brokers 4-6) and KRaft (controllers 1-3, brokers 4-6): broker 6 is stopped; its replicas of an
 * RF 2 topic holding records move to 4 and 5 with {@code --yes} (offsets unchanged, RF 2 and a full ISR back, no
 * throttle left); then {@code brokers unregister 6}: in ZooKeeper mode one sentence that there is nothing to
 * unregister (exit 0); in 3.9 KRaft, whose describeCluster does not list fenced brokers, the cluster unregisters it
 * (exit 0) and a second try is answered "not registered". The shared 4.4 cluster is frozen meanwhile; each 3.9
 * cluster is closed after its run (one old cluster at a time).
 */
@Integration
@Timeout(900)
@ParameterizedClass(name = "{0}")
@EnumSource(Flavour.class)
@ExtendWith(SharedCluster.Frozen.class)
class EvacuateMatrixIntegrationTest {

    @Parameter
    Flavour flavour;
    private static final String TOPIC = "zk-evac-rf2";

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;
    private static String savedHome;

    @BeforeParameterizedClassInvocation
    static void start(Flavour flavour) {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        cluster = MatrixCluster.get(flavour);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000"));
    }

    @AfterParameterizedClassInvocation
    static void stop(Flavour flavour) throws Exception {
        try {
            if (admin != null && admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(TOPIC)) {
                admin.deleteTopics(List.of(TOPIC)).all().get(30, TimeUnit.SECONDS);
            }
        } finally {
            if (admin != null) {
                admin.close(Duration.ofSeconds(5));
            }
            MatrixCluster.ensureAllRunning(flavour);
            MatrixCluster.close(flavour);
            System.clearProperty("kshell.audit.file");
            if (savedHome != null) {
                System.setProperty("kshell.home", savedHome);
            }
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new ReassignEvacuateCommand(s), new BrokersUnregisterCommand(s));
    }

    @Test
    void should_evacuate_a_stopped_broker_and_say_that_zookeeper_mode_has_nothing_to_unregister() throws Exception {
        admin.createTopics(List.of(new NewTopic(TOPIC, Map.of(0, List.of(6, 4), 1, List.of(5, 6), 2, List.of(4, 5)))))
                .all().get(60, TimeUnit.SECONDS);
        Await.until(TOPIC + " fully in sync", Duration.ofSeconds(90), EvacuateMatrixIntegrationTest::describe,
                d -> d != null && d.partitions().stream()
                        .allMatch(p -> p.leader() != null && p.isr().size() == p.replicas().size()));
        produce(3, 100);
        Map<TopicPartition, Long> before = endOffsets();
        assertThat(before.values()).containsOnly(100L);

        cluster.stopNode(6);
        Await.until("broker 6 gone from the cluster's brokers", Duration.ofSeconds(90), () -> {
            try {
                return admin.describeCluster().nodes().get(15, TimeUnit.SECONDS).stream().map(Node::id).toList();
            } catch (Exception e) {
                return List.of(6);
            }
        }, ids -> !ids.contains(6));

        try (ShellHarness shell = new ShellHarness(EvacuateMatrixIntegrationTest::commands)) {
            shell.session.connect(new ClusterTarget(cluster.bootstrapServers(), null, Map.of(), Duration.ofSeconds(15),
                    cluster.zooKeeperConnect()), "zk39", null);
            ShellHarness.Result r = shell.run("reassign evacuate 6 --yes --timeout 30s");
            String said = r.out() + "\n" + r.err();
            System.out.println("[" + flavour + ": reassign evacuate 6 --yes, exit " + r.code().code() + "]\n" + said);
            assertThat(r.code()).as(said).isEqualTo(ExitCode.OK);
            assertThat(r.out()).contains(TOPIC + "-0").contains(TOPIC + "-1").doesNotContain(TOPIC + "-2 ");

            Await.until(TOPIC + " RF 2 without broker 6 and a full ISR", Duration.ofSeconds(90),
                    EvacuateMatrixIntegrationTest::describe, d -> d.partitions().stream().allMatch(p -> {
                        List<Integer> replicas = ids(p.replicas());
                        return replicas.size() == 2 && !replicas.contains(6)
                                && ids(p.isr()).containsAll(replicas) && p.isr().size() == 2;
                    }));
            assertThat(endOffsets()).isEqualTo(before);
            // a config change is the controller's at once, a broker's describeConfigs reads it once its metadata
            // has caught up (on the 3.9 KRaft cluster a read right after the removal still showed the topic's lists)
            Await.until("no throttle left on 4, 5 or " + TOPIC, Duration.ofSeconds(30), () -> {
                try {
                    return throttles();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, List::isEmpty);

            ShellHarness.Result u = shell.run("brokers unregister 6 --yes");
            System.out.println("[" + flavour + ": brokers unregister 6 --yes, exit " + u.code().code() + "]\n" + u.out()
                    + u.err());
            assertThat(u.code()).as(u.out() + u.err()).isEqualTo(ExitCode.OK);
            assertThat(u.err()).doesNotContain("error");
            if (flavour.zooKeeper) {
                assertThat(u.out()).contains("ZooKeeper mode: nothing to unregister");
            } else {
                assertThat(u.out()).contains("broker 6 unregistered: the cluster no longer lists it");
                ShellHarness.Result again = shell.run("brokers unregister 6 --yes");
                System.out.println("[" + flavour + ": brokers unregister 6 --yes, again, exit " + again.code().code()
                        + "]\n" + again.out() + again.err());
                assertThat(again.code()).isEqualTo(ExitCode.OK);
                assertThat(again.out()).contains("broker 6 is not registered: nothing to unregister");
            }
        }
        List<JsonNode> audit = Files.readAllLines(home.resolve("audit.jsonl")).stream()
                .map(l -> Json.mapper().readTree(l)).toList();
        assertThat(audit).anySatisfy(a -> {
            assertThat(a.get("action").asText()).isEqualTo("reassign-evacuate");
            assertThat(a.get("decision").asText()).isEqualTo("succeeded");
        });
    }

    private static TopicDescription describe() {
        try {
            return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(20, TimeUnit.SECONDS).get(TOPIC);
        } catch (Exception e) {
            return null;
        }
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }

    private static void produce(int partitions, int perPartition) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            byte[] value = new byte[1024];
            for (int p = 0; p < partitions; p++) {
                for (int i = 0; i < perPartition; i++) {
                    producer.send(new ProducerRecord<>(TOPIC, p, null, value));
                }
            }
            producer.flush();
        }
    }

    private static Map<TopicPartition, Long> endOffsets() throws Exception {
        Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
        for (TopicPartitionInfo p : describe().partitions()) {
            ask.put(new TopicPartition(TOPIC, p.partition()), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> out = new HashMap<>();
        admin.listOffsets(ask).all().get(30, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /** Throttle configs set dynamically on the live brokers or on the topic. */
    private static List<String> throttles() throws Exception {
        List<ConfigResource> resources = new ArrayList<>(List.of(
                new ConfigResource(ConfigResource.Type.BROKER, "4"), new ConfigResource(ConfigResource.Type.BROKER, "5"),
                new ConfigResource(ConfigResource.Type.TOPIC, TOPIC)));
        Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get(30, TimeUnit.SECONDS);
        List<String> left = new ArrayList<>();
        configs.forEach((r, c) -> c.entries().stream()
                .filter(e -> e.name().contains("replication.throttled"))
                .filter(e -> e.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG
                        || e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG)
                .forEach(e -> left.add(r.type() + " " + r.name() + " " + e.name() + "=" + e.value())));
        return left;
    }
}
