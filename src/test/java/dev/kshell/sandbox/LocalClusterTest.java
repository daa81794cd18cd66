package dev.kshell.sandbox;

import dev.kshell.testsupport.Integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.kshell.testsupport.SharedCluster;

@Integration
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class LocalClusterTest {

    private LocalCluster cluster;

    @BeforeEach
    void setUp() {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
    }

    @AfterEach
    void restore() {
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_number_nodes_like_the_seed_incident() {
        List<NodeInfo> nodes = cluster.nodes();

        assertThat(nodes).extracting(NodeInfo::id).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(nodes).extracting(NodeInfo::role).containsExactly(NodeInfo.Role.CONTROLLER,
                NodeInfo.Role.CONTROLLER, NodeInfo.Role.CONTROLLER, NodeInfo.Role.BROKER, NodeInfo.Role.BROKER,
                NodeInfo.Role.BROKER);
        assertThat(nodes).allSatisfy(n -> {
            assertThat(n.state()).isEqualTo(NodeInfo.State.RUNNING);
            assertThat(n.pid()).isPositive();
            assertThat(n.logFile()).exists();
        });
        assertThat(nodes).extracting(NodeInfo::port).doesNotHaveDuplicates();
        assertThat(cluster.bootstrapServers().split(",")).hasSize(3).allMatch(s -> s.startsWith("127.0.0.1:"));
        assertThat(cluster.bootstrapControllers().split(",")).hasSize(3);
    }

    @Test
    void should_name_the_id_when_the_node_is_unknown() {
        assertThatThrownBy(() -> cluster.node(99)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("99");
        assertThatThrownBy(() -> cluster.startNode(4)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broker 4");
    }

    @Test
    void should_make_an_rf1_partition_leaderless_when_its_broker_is_killed_and_recover_on_restart()
            throws Exception {
        String topic = "it-rf1-" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(clientProps("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, Map.of(0, List.of(5))))).all().get(15, TimeUnit.SECONDS);
            awaitLeader(admin, topic, Optional.of(5), Duration.ofSeconds(15));

            long t0 = System.nanoTime();
            cluster.killNode(5);
            assertThat(cluster.node(5).state()).isEqualTo(NodeInfo.State.KILLED);
            assertThat(cluster.node(5).pid()).isEqualTo(-1);
            awaitLeader(admin, topic, Optional.empty(), Duration.ofSeconds(15));
            System.out.printf("leader none %.1f s after kill -9 of broker 5%n", (System.nanoTime() - t0) / 1e9);

            t0 = System.nanoTime();
            cluster.startNode(5);
            System.out.printf("broker 5 restarted in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            awaitLeader(admin, topic, Optional.of(5), Duration.ofSeconds(30));
            admin.deleteTopics(List.of(topic)).all().get(15, TimeUnit.SECONDS);
        }
    }

    @Test
    void should_elect_a_new_quorum_leader_when_the_active_controller_stops() throws Exception {
        try (Admin admin = Admin.create(clientProps("bootstrap.controllers", cluster.bootstrapControllers()))) {
            // On a loaded machine the first answer can take a while: poll rather than fail on one slow call.
            int leader = await(() -> {
                try {
                    int l = quorumLeader(admin);
                    return l > 0 ? Optional.of(l) : Optional.<Integer>empty();
                } catch (Exception e) {
                    return Optional.empty();
                }
            }, Duration.ofSeconds(60), "the quorum leader");
            assertThat(leader).isBetween(1, 3);

            long t0 = System.nanoTime();
            cluster.stopNode(leader);
            assertThat(cluster.node(leader).state()).isEqualTo(NodeInfo.State.STOPPED);
            int newLeader = await(() -> {
                try {
                    int l = quorumLeader(admin);
                    return l != leader && l > 0 ? Optional.of(l) : Optional.<Integer>empty();
                } catch (Exception e) {
                    return Optional.empty();
                }
            }, Duration.ofSeconds(30), "a new quorum leader after stopping controller " + leader);
            System.out.printf("controller %d took over %.1f s after stopping %d%n", newLeader,
                    (System.nanoTime() - t0) / 1e9, leader);
            assertThat(newLeader).isBetween(1, 3).isNotEqualTo(leader);

            cluster.startNode(leader);
            assertThat(cluster.node(leader).state()).isEqualTo(NodeInfo.State.RUNNING);
        }
    }

    private static int quorumLeader(Admin admin) throws Exception {
        return admin.describeMetadataQuorum().quorumInfo().get(5, TimeUnit.SECONDS).leaderId();
    }

    private static Properties clientProps(String key, String value) {
        Properties p = new Properties();
        p.put(key, value);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        return p;
    }

    private static void awaitLeader(Admin admin, String topic, Optional<Integer> expected, Duration timeout) {
        await(() -> {
            try {
                TopicPartitionInfo p = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS)
                        .get(topic).partitions().get(0);
                Optional<Integer> leader = Optional.ofNullable(p.leader()).filter(n -> !n.isEmpty()).map(Node::id);
                return leader.equals(expected) ? Optional.of(true) : Optional.<Boolean>empty();
            } catch (Exception e) {
                return Optional.empty();
            }
        }, timeout, "leader " + expected.map(String::valueOf).orElse("none") + " for " + topic);
    }

    private static <T> T await(Supplier<Optional<T>> probe, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> v = probe.get();
            if (v.isPresent()) {
                return v.get();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
