package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import org.junit.jupiter.api.extension.ExtendWith;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.AtMinIsrCommand;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.ConfigRiskCommand;
import dev.kshell.cli.commands.CoordinatorsCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.ElectPreferredCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.StatusCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.UnderMinIsrCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.KafkaRuntime;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.KafkaVersions;
import dev.kshell.render.Json;
import dev.kshell.testsupport.MatrixCluster;
import dev.kshell.testsupport.MatrixCluster.Flavour;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.rules.CoordinatorHealth;
import dev.kshell.workflow.check.ConfigRiskService;
import java.io.File;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.NewPartitionReassignment;

/**
 * The compatibility matrix: kshell's read commands, triage, elections and the unclean guard against Kafka 3.9.1 in
 * ZooKeeper mode (ZooKeeper 3.8.4 + brokers 4-6) and in KRaft (controllers 1-3 + brokers 4-6), each a real cluster
 * of child JVMs on that release's own class path (kafka-versions/3.9), started once for its flavour's tests.
 * The oracle is that release's own {@code TopicCommand}, run on the same class path. Kafka 4.4 KRaft is covered by
 * the other integration tests on {@link dev.kshell.testsupport.SharedCluster}. docs/compatibility.md quotes the
 * figures this test prints.
 */
@Integration
@Timeout(900)
@ParameterizedClass(name = "{0}")
@EnumSource(Flavour.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(SharedCluster.Frozen.class)
class CompatibilityMatrixIntegrationTest {

    private static final String RF1 = "compat-rf1";
    private static final String RF3 = "compat-rf3";
    private static final String GROUP = "compat-group";
    private static final Duration SETTLE = Duration.ofSeconds(90);

    @Parameter
    Flavour flavour;

    private static LocalCluster cluster;
    private static Admin admin;
    private static long invocationStart;
    private ShellHarness shell;
    private Path home;

    static List<KshellCommand> commands(ShellSession s, Path home) {
        return List.of(new StatusCommand(s), new QuorumCommand(s), new BrokersCommand(s), new TopicsCommand(s),
                new DescribeCommand(s), new LeaderlessCommand(s), new UnderMinIsrCommand(s), new AtMinIsrCommand(s),
                new UnderReplicatedCommand(s), new dev.kshell.cli.commands.LogDirsCommand(s), new CoordinatorsCommand(s),
                new TriageCommand(s),
                new ConfigRiskCommand(new ConfigRiskService(s, () -> home, AdminClientGateway::new)), new ElectPreferredCommand(s),
                new ElectUncleanCommand(s), new dev.kshell.cli.commands.GroupsCommand(s),
                new dev.kshell.cli.commands.GroupCommand(s), new dev.kshell.cli.commands.TransactionsCommand(s),
                new dev.kshell.cli.commands.RadarCommand(s), new dev.kshell.cli.commands.FeaturesCommand(s));
    }

    @BeforeParameterizedClassInvocation
    static void startCluster(Flavour flavour) throws Exception {
        invocationStart = System.nanoTime();
        cluster = MatrixCluster.get(flavour);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(RF1, Map.of(0, List.of(5))),
                new NewTopic(RF3, 3, (short) 3).configs(Map.of("min.insync.replicas", "2"))))
                .all().get(60, TimeUnit.SECONDS);
        // a topic is not usable for a moment after createTopics returns: retry until the offset commit takes
        Await.until(GROUP + " committed", SETTLE, () -> {
            try {
                admin.alterConsumerGroupOffsets(GROUP, Map.of(new TopicPartition(RF3, 0), new OffsetAndMetadata(0)))
                        .all().get(30, TimeUnit.SECONDS);
                return true;
            } catch (Exception e) {
                return false;
            }
        }, done -> done);
        // Right after start a 3.9 KRaft broker answered describeFeatures with metadata.version level 1 (3.0-IV1,
        // its bootstrap value before it replayed the metadata log), and kshell's capability detection named no
        // release line ("ELR: n/a (this cluster: ...)"). Every test connects afresh: wait until fresh connections
        // name the release, three in a row (describeFeatures goes to any broker).
        AtomicInteger inARow = new AtomicInteger();
        Await.until(flavour + ": three fresh connections in a row detect Kafka " + flavour.line, SETTLE, () -> {
            try (ShellHarness probe = new ShellHarness(s -> commands(s, Path.of(".")))) {
                probe.session.connect(new ClusterTarget(cluster.bootstrapServers(), null, Map.of(),
                        Duration.ofSeconds(15), cluster.zooKeeperConnect()), "compat-probe", null);
                probe.run("brokers"); // the first read of a connection detects its capabilities
                JsonNode version = probe.run("status --output json").json().get("capabilities").get("version");
                if (version == null || !flavour.line.equals(version.asString())) {
                    inARow.set(0);
                    return 0;
                }
                return inARow.incrementAndGet();
            }
        }, n -> n >= 3);
    }

    @AfterParameterizedClassInvocation
    static void stopCluster(Flavour flavour) {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        MatrixCluster.close(flavour);
        System.out.printf("[%s] matrix tests took %.1f s (cluster start %.1f s)%n", flavour,
                (System.nanoTime() - invocationStart) / 1e9, MatrixCluster.START_SECONDS.getOrDefault(flavour, -1.0));
    }

    @BeforeEach
    void openShell() throws IOException {
        home = Files.createTempDirectory("kshell-compat-home");
        shell = new ShellHarness(s -> commands(s, home));
        ClusterTarget target = new ClusterTarget(cluster.bootstrapServers(), null, Map.of(), Duration.ofSeconds(15),
                cluster.zooKeeperConnect());
        shell.session.connect(target, "compat", null);
    }

    @AfterEach
    void restoreNodes() {
        shell.close();
        MatrixCluster.ensureAllRunning(flavour);
    }

    @Test
    @Order(1)
    void should_answer_every_read_command_without_an_error_line_and_triage_healthy() {
        ShellHarness.Result triage = Await.until(flavour + " triage HEALTHY", SETTLE, () -> run("triage"),
                r -> r.code() == ExitCode.OK);
        assertThat(triage.out()).startsWith("HEALTHY");
        for (String line : List.of("status", "quorum", "brokers", "topics", "describe " + RF3, "leaderless",
                "under-min-isr", "at-min-isr", "under-replicated", "logdirs", "coordinators", "audit")) {
            ShellHarness.Result r = run(line);
            assertThat(r.err()).as(line).doesNotContain("error");
            ShellHarness.Result json = run(line + " --output json");
            // a HEALTHY cluster: every read finds nothing (exit 0) but at-min-isr, which finds the RF 1 topic (its one
            // in-sync replica is its min.insync.replicas 1), and audit (below)
            ExitCode expected = switch (line) {
                case "at-min-isr" -> ExitCode.FINDINGS;
                // this release's own defaults on a fresh cluster: no config risk at WARNING or above (Kafka's
                // default.replication.factor 1 with min.insync.replicas 1 is an INFO: no redundancy, nothing worse)
                case "audit" -> ExitCode.OK;
                default -> ExitCode.OK;
            };
            if (line.equals("audit")) {
                System.out.println("[" + flavour + " audit, exit " + r.code().code() + "]\n" + r.out());
            }
            assertThat(r.code()).as(line + "\n" + r.out()).isEqualTo(expected);
            assertThat(json.model()).as(line + " --output json").isNotNull();
            // what is printed is the command's model, whole: the same JSON as the model serialised (compared as
            // text: a parsed 49 is an int node, a serialised long field a long node, and JsonNode.equals tells them apart)
            assertThat(Json.mapper().readTree(json.out()).toString()).as(line + " --output json printed")
                    .isEqualTo(json.json().toString());
        }
        // describeLogDirs answers in both modes; 3.9 reports total and usable bytes (KIP-827, 3.3+)
        ShellHarness.Result dirs = run("logdirs --output json");
        System.out.println("[" + flavour + "] logdirs\n" + run("logdirs").out());
        assertThat(dirs.json().get("dirs")).hasSize(3);
        dirs.json().get("dirs").forEach(d -> assertThat(d.get("totalBytes").asLong()).isPositive());
        ShellHarness.Result status = run("status --output json");
        System.out.println("[" + flavour + "] capabilities " + status.out());
        ShellHarness.Result describe = run("describe " + RF3);
        assertThat(describe.out()).contains("ELR: n/a (Kafka 3.9");
        ShellHarness.Result quorum = run("quorum");
        if (flavour.zooKeeper) {
            assertThat(quorum.out()).contains("ZooKeeper mode").containsPattern("controller \\d");
        } else {
            assertThat(quorum.out()).contains("leader");
        }
    }

    @Test
    @Order(2)
    void should_name_the_controller_and_its_epoch_from_zookeeper_or_the_quorum() {
        ShellHarness.Result triage = Await.until(flavour + " triage HEALTHY", SETTLE, () -> run("triage"),
                r -> r.code() == ExitCode.OK);
        if (flavour.zooKeeper) {
            assertThat(triage.out()).containsPattern("controller \\d+ \\(broker\\), epoch \\d+");
            JsonNode zk = run("quorum --output json").json();
            System.out.println("[" + flavour + "] quorum json " + zk);
        } else {
            assertThat(triage.out()).containsPattern("leader \\d+, epoch \\d+");
        }
    }

    @Test
    @Order(3)
    void should_list_leaderless_partitions_like_that_releases_topic_command_after_a_kill() throws Exception {
        cluster.killNode(5);
        Await.until(flavour + " " + RF1 + " leaderless", SETTLE, () -> run("leaderless --topic " + RF1),
                r -> r.code() == ExitCode.FINDINGS);
        Await.until(flavour + " leaderless == TopicCommand --unavailable-partitions", SETTLE,
                () -> List.of(names(run("leaderless").json()), topicCommand("--unavailable-partitions")),
                sets -> sets.get(0).equals(sets.get(1)) && sets.get(0).contains(RF1 + "-0"));

        ShellHarness.Result triage = run("triage");
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(triage.out()).startsWith("UNAVAILABLE");

        // no live replica (and no terminal to confirm on): the guard refuses, for the reason that comes first
        ShellHarness.Result unclean = run("elect unclean " + RF1 + "-0");
        assertThat(unclean.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(unclean.err()).as(unclean.out() + unclean.err())
                .contains(RF1 + "-0: no replica is alive (replicas 5 all down): no election can succeed");
        for (String line : List.of("brokers", "describe " + RF1, "under-min-isr", "coordinators")) {
            assertThat(run(line).err()).as(line).doesNotContain("error");
        }
    }

    @Test
    @Order(4)
    void should_elect_preferred_leaders_after_a_restart() throws Exception {
        cluster.stopNode(4);
        cluster.startNode(4);
        awaitIsr(RF3, 3);
        // broker 4's stop moved the leadership of the partitions it led; automatic rebalancing is off in the test
        // clusters, so they wait for this election: at least one succeeds, none fails, and then every RF 3
        // partition is led by its preferred replica
        ShellHarness.Result r = run("elect preferred --all --yes --output json");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.OK);
        List<String> outcomes = new ArrayList<>();
        r.json().get("results").get("results").forEach(n -> outcomes.add(n.get("outcome").asString()));
        assertThat(outcomes).as(r.out()).contains("SUCCEEDED").doesNotContain("FAILED");
        TopicDescription rf3 = admin.describeTopics(List.of(RF3)).allTopicNames().get(30, TimeUnit.SECONDS).get(RF3);
        assertThat(rf3.partitions()).allSatisfy(p -> assertThat(p.leader().id()).isEqualTo(p.replicas().get(0).id()));
    }

    @Test
    @Order(5)
    void should_list_a_group_whose_coordinator_partition_is_leaderless() throws Exception {
        TopicDescription offsets = admin.describeTopics(List.of("__consumer_offsets")).allTopicNames()
                .get(30, TimeUnit.SECONDS).get("__consumer_offsets");
        int p = CoordinatorHealth.partitionFor(GROUP, offsets.partitions().size());
        TopicPartitionInfo info = offsets.partitions().get(p);
        List<Integer> original = info.replicas().stream().map(Node::id).toList();
        int leader = info.leader().id();
        TopicPartition tp = new TopicPartition("__consumer_offsets", p);
        try {
            reassign(tp, List.of(leader));
            cluster.killNode(leader);
            ShellHarness.Result sick = Await.until(flavour + " coordinator leaderless", SETTLE,
                    () -> run("coordinators --group " + GROUP), r -> r.model() != null && !r.json().get("groups").isEmpty());
            assertThat(sick.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(sick.json().get("groups").get(0).get("problem").asString()).isEqualTo("leaderless");
        } finally {
            MatrixCluster.ensureAllRunning(flavour);
            reassign(tp, original);
        }
    }

    @Test
    @Order(6)
    void should_show_the_classic_group_and_transactions_of_an_old_release_without_an_error() {
        ShellHarness.Result groups = run("groups");
        assertThat(groups.code()).isEqualTo(ExitCode.OK);
        assertThat(groups.err()).isEmpty();
        JsonNode listed = null;
        for (JsonNode g : groups.json().get("groups")) {
            assertThat(g.get("type").asString()).as("3.9 serves classic groups only").isEqualTo("classic");
            if (GROUP.equals(g.get("groupId").asString())) {
                listed = g;
            }
        }
        assertThat(listed).as(GROUP + " listed").isNotNull();
        assertThat(listed.get("state").asString()).isEqualTo("Empty");
        // 3.9 answers ListGroups v5 (3.8+): the types are reported, none inferred
        JsonNode typesMissing = groups.json().get("typesMissing");
        assertThat(typesMissing == null || typesMissing.isNull()).as("typesMissing: " + typesMissing).isTrue();
        ShellHarness.Result group = run("group " + GROUP);
        assertThat(group.code()).isEqualTo(ExitCode.OK);
        assertThat(group.json().get("partitions").get(0).get("committed").asLong()).isZero();
        ShellHarness.Result txns = run("transactions");
        assertThat(txns.code()).isEqualTo(ExitCode.OK);
        assertThat(txns.err()).isEmpty();
    }

    @Test
    @Order(7)
    void should_read_the_radar_of_an_old_release_and_say_what_it_lacks_in_sentences() {
        ShellHarness.Result radar = run("radar --output json");
        run("radar");
        // no TLS, one release, no record ahead: nothing due
        assertThat(radar.code()).isEqualTo(ExitCode.OK);
        for (JsonNode n : radar.json().get("nodes")) {
            assertThat(n.get("release").asString()).as(n.toString()).isEqualTo("3.9");
            assertThat(n.get("how").asString()).isEqualTo(flavour.zooKeeper ? "default inter.broker.protocol.version"
                    : "supports metadata.version up to 3.9-IV0");
        }
        assertThat(radar.json().get("nodes")).hasSize(flavour.zooKeeper ? 3 : 6);
        if (flavour.zooKeeper) {
            assertThat(radar.json().get("features")).isEmpty();
            assertThat(radar.json().get("notes").toString()).contains("ZooKeeper mode: no KRaft quorum reports a clock");
        } else {
            JsonNode mv = radar.json().get("features").get(0);
            assertThat(mv.get("name").asString()).isEqualTo("3.9-IV0");
            assertThat(mv.get("lowestName").asString()).isEqualTo("3.7-IV2");
            assertThat(radar.json().get("clocks").get(0).get("role").asString()).isEqualTo("controller");
        }
        ShellHarness.Result features = run("features");
        assertThat(features.code()).isEqualTo(ExitCode.OK);
        assertThat(features.err()).isEmpty();
        assertThat(features.out()).contains("Software\n");
    }

    // ---- helpers

    private ShellHarness.Result run(String line) {
        ShellHarness.Result r = shell.run(line);
        System.out.println("=== [" + flavour + "] " + line + "  (exit " + r.code().code() + ")\n" + r.out() + r.err());
        return r;
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

    /** That release's own {@code kafka-topics.sh --describe <option>}, a child JVM on its class path. */
    private Set<String> topicCommand(String option) {
        try {
            KafkaRuntime runtime = KafkaVersions.resolve(flavour.line);
            String cp = String.join(File.pathSeparator, runtime.classPath().stream().map(Path::toString).toList());
            Path log = Files.createTempFile("topic-command", ".out");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Dlog4j.configuration=file:/dev/null",
                    "-cp", cp, "org.apache.kafka.tools.TopicCommand", "--bootstrap-server", cluster.bootstrapServers(),
                    "--describe", option).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("TopicCommand did not finish");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            Files.deleteIfExists(log);
            System.out.println("[" + flavour + "] TopicCommand " + option + " (exit " + p.exitValue() + "):\n" + text);
            Set<String> out = new TreeSet<>();
            Matcher m = TOPIC_LINE.matcher(text);
            while (m.find()) {
                out.add(m.group(1) + "-" + m.group(2));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void awaitIsr(String topic, int size) {
        awaitTopic(topic, d -> d.partitions().stream().allMatch(p -> p.isr().size() == size));
    }

    private static void awaitTopic(String topic, Predicate<TopicDescription> done) {
        Await.until(topic + " settled", SETTLE, () -> {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);
            } catch (Exception e) {
                return null;
            }
        }, d -> d != null && done.test(d));
    }

    private static void reassign(TopicPartition tp, List<Integer> replicas) throws Exception {
        admin.alterPartitionReassignments(Map.of(tp, Optional.of(
                new NewPartitionReassignment(replicas)))).all().get(60, TimeUnit.SECONDS);
        awaitTopic(tp.topic(), d -> {
            TopicPartitionInfo now = d.partitions().get(tp.partition());
            List<Integer> ids = new ArrayList<>(now.replicas().stream().map(Node::id).toList());
            return ids.equals(replicas) && now.isr().size() == replicas.size();
        });
    }
}
