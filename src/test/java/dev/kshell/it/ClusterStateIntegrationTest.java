package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.app.KshellApplication;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.connection.ShellSession;
import java.nio.file.Files;

/** quorum, brokers and describe against a real 3+3 KRaft cluster, before and after nodes die. */
@Integration
@Timeout(600)
class ClusterStateIntegrationTest {

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new dev.kshell.cli.commands.FeaturesCommand(s), new QuorumCommand(s), new BrokersCommand(s),
                new DescribeCommand(s), new TopicsCommand(s));
    }

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = SharedCluster.get();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(
                new NewTopic("state-rf1", Map.of(0, List.of(5))),
                new NewTopic("state-rf3", 3, (short) 3).configs(Map.of("min.insync.replicas", "2")))).all().get();
    }

    @AfterAll
    static void closeAdmin() throws Exception {
        if (admin != null) {
            // an RF 1 topic left behind goes leaderless whenever broker 5 is fenced, in other classes' tests
            SharedCluster.ensureAllRunning();
            admin.deleteTopics(List.of("state-rf1", "state-rf3")).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @AfterEach
    void restoreNodes() {
        if (shell != null) {
            shell.close();
        }
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_show_the_finalized_feature_levels_kafka_itself_reports() throws Exception {
        // the oracle: Kafka's own describeFeatures, asked by the test's admin client at the same moment
        org.apache.kafka.clients.admin.FeatureMetadata kafka = admin.describeFeatures().featureMetadata()
                .get(30, java.util.concurrent.TimeUnit.SECONDS);
        shell = new ShellHarness(ClusterStateIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());

        ShellHarness.Result json = shell.run("features --output json");
        ShellHarness.Result text = shell.run("features");

        assertThat(json.code()).isEqualTo(ExitCode.OK);
        java.util.Map<String, String> levels = new java.util.TreeMap<>();
        json.json().get("features").forEach(f -> levels.put(f.get("name").asString(), f.get("level").asString()));
        kafka.finalizedFeatures().forEach((name, range) ->
                assertThat(levels.get(name)).as(name + " " + levels).contains(String.valueOf(range.maxVersionLevel())));
        assertThat(levels).containsKeys("metadata.version", "kraft.version");
        assertThat(text.out()).contains("metadata.version").contains("kraft.version");
    }

    @Test
    void should_show_the_quorum_leader_and_all_voters_as_json_from_one_shot_mode() throws Exception {
        int leader = admin.describeMetadataQuorum().quorumInfo().get().leaderId();
        // a home of its own: the test home's quorum history holds the leader changes other classes caused, which
        // quorum rightly calls unstable (exit 1); a settled quorum seen fresh is OK (exit 0), once every voter has
        // caught up after the last class's restarts
        String savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", Files.createTempDirectory("kshell-quorum-json").toString());
        String[] printed = new String[1];
        try {
            int code = Await.until("one-shot quorum OK", Duration.ofSeconds(60), () -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                PrintStream saved = System.out;
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                try {
                    return KshellApplication.run(new String[]{"--bootstrap-server", cluster.bootstrapServers(), "quorum",
                            "--output", "json"});
                } finally {
                    System.setOut(saved);
                    printed[0] = out.toString(StandardCharsets.UTF_8);
                }
            }, c -> c == 0);
            assertThat(code).isZero();
        } finally {
            System.setProperty("kshell.home", savedHome);
        }
        JsonNode json = Json.mapper().readTree(printed[0]);
        assertThat(json.get("leaderId").asInt()).isEqualTo(leader);
        assertThat(json.get("voters")).extracting(v -> v.get("id").asInt()).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(json.get("observers")).extracting(v -> v.get("id").asInt()).contains(4, 5, 6);
    }

    @Test
    void should_list_every_broker_live_with_leader_counts() {
        shell = new ShellHarness(ClusterStateIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());
        ShellHarness.Result result = shell.run("brokers --output json");
        JsonNode brokers = result.json().get("brokers");
        assertThat(brokers).extracting(b -> b.get("id").asInt()).containsExactly(4, 5, 6);
        assertThat(brokers).allSatisfy(b -> assertThat(b.get("fenced").asBoolean()).isFalse());
        assertThat(result.json().get("brokers").get(1).get("replicas").asInt()).isGreaterThanOrEqualTo(4);
        assertThat(result.code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_mark_a_killed_broker_fenced_and_its_rf1_partition_leaderless() {
        shell = new ShellHarness(ClusterStateIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());
        cluster.killNode(5);
        // The brokers' metadata shows the fence a moment after the partition loses its leader
        // (docs/kafka-behaviour.md): wait for the settled state, not the first leaderless read.
        ShellHarness.Result described = Await.until("state-rf1 leaderless with broker 5 fenced", Duration.ofSeconds(30),
                () -> shell.run("describe state-rf1"), r -> r.out().contains("none    5(dead)"));
        assertThat(described.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(described.out()).contains("0          none    5(dead)").contains("1 of 1 partitions have no leader");
        JsonNode partition = described.json().get("partitions").get(0);
        assertThat(partition.get("leader").isNull()).isTrue();
        assertThat(partition.get("replicas").get(0).get("live").asBoolean()).isFalse();

        ShellHarness.Result rf3 = shell.run("describe state-rf3 --output json");
        assertThat(rf3.json().get("leaderless").asInt()).isZero();
        assertThat(rf3.json().get("minIsr").asInt()).isEqualTo(2);

        ShellHarness.Result brokers = shell.run("brokers");
        assertThat(brokers.out()).containsPattern("5 +127\\.0\\.0\\.1:\\d+ +- +FENCED");
        assertThat(brokers.code()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_show_a_new_quorum_leader_after_the_active_controller_stops() throws Exception {
        shell = new ShellHarness(ClusterStateIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());
        int oldLeader = shell.run("quorum --output json").json().get("leaderId").asInt();
        cluster.stopNode(oldLeader);
        ShellHarness.Result after = Await.until("a new quorum leader", Duration.ofSeconds(30),
                () -> shell.run("quorum --output json"),
                r -> r.model() != null && r.json().get("leaderId").asInt() >= 1 && r.json().get("leaderId").asInt() != oldLeader);
        int newLeader = after.json().get("leaderId").asInt();
        assertThat(newLeader).isIn(1, 2, 3).isNotEqualTo(oldLeader);
        assertThat(shell.run("quorum").out()).contains("leader " + newLeader);
    }

    @Test
    void should_still_show_the_quorum_through_controllers_when_every_broker_is_down() {
        for (int broker : List.of(4, 5, 6)) {
            cluster.stopNode(broker);
        }
        shell = new ShellHarness(ClusterStateIntegrationTest::commands).connectControllers(cluster.bootstrapControllers());
        ShellHarness.Result quorum = shell.run("quorum --output json");
        assertThat(quorum.err()).isEmpty();
        assertThat(quorum.json().get("leaderId").asInt()).isIn(1, 2, 3);
        assertThat(quorum.json().get("voters")).hasSize(3);

        // Through the brokers the same question fails fast with one line and exit 4.
        try (ShellHarness viaBrokers = new ShellHarness(ClusterStateIntegrationTest::commands)) {
            viaBrokers.connectBrokers(cluster.bootstrapServers());
            ShellHarness.Result down = viaBrokers.run("brokers --timeout 3s");
            assertThat(down.code()).isEqualTo(ExitCode.UNREACHABLE);
            assertThat(down.err().lines()).hasSize(1);
        }
        ShellHarness.Result describe = shell.run("describe state-rf1");
        assertThat(describe.code()).isEqualTo(ExitCode.USAGE);
        assertThat(describe.err()).contains("controllers do not serve topic metadata");
    }
}
