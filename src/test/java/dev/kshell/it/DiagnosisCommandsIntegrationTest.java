package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.AtMinIsrCommand;
import dev.kshell.cli.commands.CoordinatorsCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.UnderMinIsrCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.rules.CoordinatorHealth;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.BrokerMetadata;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.tools.TopicCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * leaderless, under-min-isr, at-min-isr, coordinators and triage on the shared real cluster, with brokers killed;
 * the leaderless and under-min-ISR sets are cross-checked against Kafka's own TopicCommand at the same moment.
 */
@Integration
@Timeout(600)
class DiagnosisCommandsIntegrationTest {

    private static final String RF1 = "diag-rf1";
    private static final String RF3 = "diag-rf3";
    private static final String GROUP = "diag-group";
    private static final Duration SETTLE = Duration.ofSeconds(45);

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new LeaderlessCommand(s), new UnderMinIsrCommand(s), new AtMinIsrCommand(s),
                new UnderReplicatedCommand(s), new CoordinatorsCommand(s), new TriageCommand(s));
    }

    @BeforeAll
    static void setUp() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(
                new NewTopic(RF1, Map.of(0, List.of(5))),
                new NewTopic(RF3, 3, (short) 3).configs(Map.of("min.insync.replicas", "2"))))
                .all().get(30, TimeUnit.SECONDS);
        // the group coordinator refuses a commit for a topic its broker has not learnt of yet
        BrokerMetadata.awaitTopicOnEveryBroker(cluster, RF3, 3);
        // Committing an offset creates the group (and __consumer_offsets if nobody did yet).
        admin.alterConsumerGroupOffsets(GROUP, Map.of(new TopicPartition(RF3, 0), new OffsetAndMetadata(0)))
                .all().get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void closeAdmin() throws Exception {
        if (admin != null) {
            // an RF 1 topic left behind goes leaderless whenever broker 5 is fenced, in other classes' tests
            SharedCluster.ensureAllRunning();
            admin.deleteTopics(List.of(RF1, RF3)).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @BeforeEach
    void openShell() {
        shell = new ShellHarness(DiagnosisCommandsIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());
    }

    @AfterEach
    void restoreNodes() {
        shell.close();
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_list_the_rf1_partition_of_a_killed_broker_as_no_live_replica_like_topic_command() {
        cluster.killNode(5);
        // what is asserted below, waited for: describeCluster is read before describeTopics, so a read that falls
        // between the kill's fence and the partition's leader change still calls the partition clean-possible
        ShellHarness.Result one = Await.until(RF1 + " leaderless with no live replica", SETTLE,
                () -> run("leaderless --topic " + RF1), r -> r.code() == ExitCode.FINDINGS
                        && r.json().get("total").asInt() == 1 && r.json().get("topics").get(0).get("partitions").get(0)
                        .get("recovery").asString().equals("no-live-replica")
                        // kshell calls it leaderless while the dead broker is still named leader; the row below is
                        // the one Kafka settles on, once the controller has moved leadership to none
                        && r.json().get("topics").get(0).get("partitions").get(0).get("leader").isNull());
        JsonNode json = one.json();
        assertThat(json.get("total").asInt()).isEqualTo(1);
        JsonNode partition = json.get("topics").get(0).get("partitions").get(0);
        assertThat(partition.get("topic").asString()).isEqualTo(RF1);
        assertThat(partition.get("partition").asInt()).isZero();
        assertThat(partition.get("recovery").asString()).isEqualTo("no-live-replica");
        assertThat(one.out()).startsWith("1 leaderless partition in topic diag-rf1\n")
                .containsPattern("0 +none +5\\(dead\\) +- +5 +5 +no-live-replica");

        assertThat(names(run("leaderless --pattern 'diag-.*'").json())).containsExactly(RF1 + "-0");

        // The whole-cluster set, at one moment, equals Kafka's own --unavailable-partitions.
        Await.until("leaderless == TopicCommand --unavailable-partitions", SETTLE,
                () -> List.of(names(run("leaderless").json()), topicCommand("--unavailable-partitions")),
                sets -> sets.get(0).equals(sets.get(1)) && sets.get(0).contains(RF1 + "-0"));

        ShellHarness.Result triage = run("triage");
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(triage.out()).startsWith("UNAVAILABLE: ");
        assertThat(triage.json().get("verdict").asString()).isEqualTo("UNAVAILABLE");
    }

    @Test
    void should_list_partitions_under_min_isr_when_two_of_three_replicas_die_like_topic_command() {
        cluster.killNode(5);
        cluster.killNode(6);
        ShellHarness.Result under = Await.until(RF3 + " under min ISR", SETTLE,
                () -> run("under-min-isr --topic " + RF3), r -> r.model() != null && r.json().get("total").asInt() == 3);
        assertThat(under.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(names(under.json())).containsExactly(RF3 + "-0", RF3 + "-1", RF3 + "-2");
        assertThat(under.out()).contains("diag-rf3: 3 partitions, min.insync.replicas 2");

        Await.until("under-min-isr == TopicCommand --under-min-isr-partitions", SETTLE,
                () -> List.of(names(run("under-min-isr").json()), topicCommand("--under-min-isr-partitions")),
                sets -> sets.get(0).equals(sets.get(1)) && sets.get(0).containsAll(names(under.json())));

        // Fencing reaches the metadata a moment after the ISR shrinks: judge the settled state.
        ShellHarness.Result triage = Await.until("triage UNAVAILABLE", SETTLE, () -> run("triage"),
                r -> r.model() != null && r.json().get("verdict").asString().equals("UNAVAILABLE"));
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(triage.json().get("verdict").asString()).isEqualTo("UNAVAILABLE");
    }

    @Test
    void should_say_degraded_when_one_broker_is_down_and_nothing_is_leaderless() {
        cluster.stopNode(6);
        ShellHarness.Result atMin = Await.until(RF3 + " at min ISR", SETTLE,
                () -> run("at-min-isr --topic " + RF3), r -> r.model() != null && r.json().get("total").asInt() == 3);
        assertThat(atMin.code()).isEqualTo(ExitCode.FINDINGS);
        ShellHarness.Result triage = Await.until("triage DEGRADED", SETTLE, () -> run("triage"),
                r -> r.model() != null && r.json().get("verdict").asString().equals("DEGRADED"));
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(triage.out()).startsWith("DEGRADED: ");
        assertThat(run("leaderless --pattern 'diag-.*'").code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_say_healthy_and_exit_0_when_every_node_runs() {
        ShellHarness.Result triage = Await.until("triage HEALTHY", Duration.ofSeconds(90), () -> run("triage"),
                r -> r.code() == ExitCode.OK);
        assertThat(triage.out()).startsWith("HEALTHY\n");
        assertThat(triage.json().get("verdict").asString()).isEqualTo("HEALTHY");
        assertThat(run("leaderless").code()).isEqualTo(ExitCode.OK);
        assertThat(run("under-replicated --topic " + RF3).code()).isEqualTo(ExitCode.OK);
        assertThat(run("leaderless --topic diag-nope").code()).isEqualTo(ExitCode.USAGE);
    }

    /**
     * __consumer_offsets is RF 3 here, so making a coordinator partition leaderless by kills alone would take every
     * broker (and then nothing answers through --bootstrap-server). Instead the group's coordinator partition is
     * first reassigned to its leader alone (same broker, no data moves), then that broker is killed: the seed's
     * "offsets topic with too few replicas" incident. The original replica list is put back afterwards.
     */
    @Test
    void should_list_a_group_whose_coordinator_partition_is_leaderless() throws Exception {
        TopicDescription offsets = admin.describeTopics(List.of(CoordinatorHealth.GROUP_TOPIC))
                .allTopicNames().get(30, TimeUnit.SECONDS).get(CoordinatorHealth.GROUP_TOPIC);
        int p = CoordinatorHealth.partitionFor(GROUP, offsets.partitions().size());
        TopicPartition tp = new TopicPartition(CoordinatorHealth.GROUP_TOPIC, p);
        TopicPartitionInfo info = offsets.partitions().get(p);
        List<Integer> original = info.replicas().stream().map(Node::id).toList();
        int leader = info.leader().id();
        try {
            reassign(tp, List.of(leader));
            ShellHarness.Result healthy = run("coordinators");
            assertThat(healthy.json().get("partitions")).isEmpty();
            assertThat(healthy.json().get("groupsChecked").asInt()).isGreaterThanOrEqualTo(1);

            cluster.killNode(leader);
            ShellHarness.Result sick = Await.until("the group's coordinator leaderless", SETTLE,
                    () -> run("coordinators"), r -> r.model() != null && !r.json().get("groups").isEmpty());
            assertThat(sick.code()).isEqualTo(ExitCode.FINDINGS);
            JsonNode entry = sick.json().get("groups").get(0);
            assertThat(entry.get("id").asString()).isEqualTo(GROUP);
            assertThat(entry.get("partition").asInt()).isEqualTo(p);
            assertThat(entry.get("problem").asString()).isEqualTo("leaderless");
            assertThat(sick.out()).contains("group  " + GROUP).contains(CoordinatorHealth.GROUP_TOPIC + "-" + p);

            // A fresh session never saw it listed: naming it is enough.
            try (ShellHarness fresh = new ShellHarness(DiagnosisCommandsIntegrationTest::commands)) {
                fresh.connectBrokers(cluster.bootstrapServers());
                ShellHarness.Result named = fresh.run("coordinators --group " + GROUP + " --output json");
                System.out.println("=== coordinators --group " + GROUP + " (fresh session)\n" + named.out());
                assertThat(named.json().get("groups").get(0).get("id").asString()).isEqualTo(GROUP);
            }
            ShellHarness.Result triage = run("triage");
            assertThat(triage.json().get("verdict").asString()).isEqualTo("UNAVAILABLE");
        } finally {
            SharedCluster.ensureAllRunning();
            reassign(tp, original);
        }
    }

    // ---- helpers

    private ShellHarness.Result run(String line) {
        ShellHarness.Result text = shell.run(line);
        // Print what an operator reads (README.md quotes these runs).
        System.out.println("=== " + line + "  (exit " + text.code().code() + ")\n" + text.out() + text.err());
        return text;
    }

    private static Set<String> names(JsonNode report) {
        Set<String> out = new TreeSet<>();
        for (JsonNode topic : report.get("topics")) {
            for (JsonNode p : topic.get("partitions")) {
                out.add(p.get("topic").asString() + "-" + p.get("partition").asInt());
            }
        }
        return out;
    }

    private static final Pattern TOPIC_LINE = Pattern.compile("Topic:\\s*(\\S+)\\s+Partition:\\s*(\\d+)");

    /** Kafka's own {@code kafka-topics.sh --describe <option>} in this JVM: the partitions it lists. */
    private static synchronized Set<String> topicCommand(String option) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        List<Integer> codes = new ArrayList<>();
        Exit.setExitProcedure((code, message) -> codes.add(code));
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            TopicCommand.main("--bootstrap-server", cluster.bootstrapServers(), "--describe", option);
        } finally {
            System.setOut(saved);
            Exit.resetExitProcedure();
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        if (!codes.isEmpty() && codes.get(0) != 0) {
            throw new IllegalStateException("TopicCommand exited " + codes + ": " + text);
        }
        Set<String> out = new TreeSet<>();
        Matcher m = TOPIC_LINE.matcher(text);
        while (m.find()) {
            out.add(m.group(1) + "-" + m.group(2));
        }
        return out;
    }

    private static void reassign(TopicPartition tp, List<Integer> replicas) throws Exception {
        admin.alterPartitionReassignments(Map.of(tp, Optional.of(new NewPartitionReassignment(replicas))))
                .all().get(30, TimeUnit.SECONDS);
        Await.until(tp + " replicas " + replicas, Duration.ofSeconds(60), () -> {
            try {
                TopicPartitionInfo now = admin.describeTopics(List.of(tp.topic())).allTopicNames()
                        .get(10, TimeUnit.SECONDS).get(tp.topic()).partitions().get(tp.partition());
                return now.replicas().stream().map(Node::id).toList().equals(replicas)
                        && now.isr().size() == replicas.size();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, done -> done);
    }
}
