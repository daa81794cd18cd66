package dev.kshell.it;

import dev.kshell.cli.commands.ConfigsShowCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Configs;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.KshellProcess;
import dev.kshell.testsupport.Required;
import dev.kshell.testsupport.Screens;
import dev.kshell.testsupport.Tmux;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.tools.ConfigCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code configs} on the shared real 4.4 cluster, with Kafka's own {@code kafka-configs.sh --describe}
 * ({@link ConfigCommand}, in this JVM) as the oracle: set, delete and revert on a topic and a broker; the typed-phrase
 * refusal and a read-only key from a script (a new kshell process, exit 3, nothing changed); a temporary change
 * reminded by triage in a later session. Every config changed here is put back after each test, whatever happened.
 */
@Integration
@Timeout(600)
class ConfigsIntegrationTest {

    private static final String TOPIC = "cfg-it";
    private static final ConfigResource TOPIC_RESOURCE = new ConfigResource(ConfigResource.Type.TOPIC, TOPIC);
    private static final ConfigResource BROKER_5 = new ConfigResource(ConfigResource.Type.BROKER, "5");

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;

    @TempDir
    Path home;

    @BeforeAll
    static void createTopic() throws Exception {
        cluster = SharedCluster.get();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 3).configs(Map.of("min.insync.replicas", "2"))))
                .all().get(60, TimeUnit.SECONDS);
        Await.until(TOPIC + " described by Kafka's tool", Duration.ofSeconds(60),
                () -> kafkaConfigs("--entity-type", "topics", "--entity-name", TOPIC),
                text -> text.contains("min.insync.replicas=2"));
    }

    @AfterAll
    static void deleteTopic() throws Exception {
        if (admin != null) {
            admin.deleteTopics(List.of(TOPIC)).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @BeforeEach
    void setUp() {
        SharedCluster.ensureAllRunning();
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        shell = new ShellHarness(ConfigsShowCommand::family).connectBrokers(cluster.bootstrapServers());
    }

    @AfterEach
    void restore() throws Exception {
        if (shell != null) {
            shell.close();
        }
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
        alter(TOPIC_RESOURCE, "retention.ms", null);
        alter(TOPIC_RESOURCE, "unclean.leader.election.enable", null);
        alter(TOPIC_RESOURCE, "min.insync.replicas", "2");
        alter(BROKER_5, "log.cleaner.threads", null);
    }

    private static void alter(ConfigResource resource, String key, String value) throws Exception {
        Configs.alter(admin, resource, key, value);
    }

    /** Kafka's own {@code kafka-configs.sh --describe} for an entity, in this JVM: its text. */
    static synchronized String kafkaConfigs(String... entity) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        List<Integer> codes = new ArrayList<>();
        Exit.setExitProcedure((code, message) -> codes.add(code));
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        List<String> args = new ArrayList<>(List.of("--bootstrap-server", cluster.bootstrapServers(), "--describe"));
        args.addAll(List.of(entity));
        try {
            ConfigCommand.main(args.toArray(String[]::new));
        } finally {
            System.setOut(saved);
            Exit.resetExitProcedure();
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        if (!codes.isEmpty() && codes.get(0) != 0) {
            throw new IllegalStateException("ConfigCommand exited " + codes + ": " + text);
        }
        return text;
    }

    private static String topicOracle() {
        return kafkaConfigs("--entity-type", "topics", "--entity-name", TOPIC);
    }

    private static String brokerOracle() {
        return kafkaConfigs("--entity-type", "brokers", "--entity-name", "5");
    }

    private List<JsonNode> audit() throws Exception {
        Path file = home.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList()
                : List.of();
    }

    private List<String> oneShot(String... words) {
        List<String> connection = List.of("--bootstrap-server", cluster.bootstrapServers());
        KshellProcess.Result r = KshellProcess.run(home, connection, words);
        System.out.println("[configs-it] kshell " + String.join(" ", words) + " " + r);
        return List.of(String.valueOf(r.code()), r.out() + r.err());
    }

    @Test
    void should_take_the_typed_phrase_at_a_real_terminal_and_lower_min_isr() throws Exception {
        Required.tmux("the typed phrase at a pty");
        String socket = "cfg-" + ProcessHandle.current().pid();
        String session = "cfg-tty";
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkshell.home=" + home, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication", "--bootstrap-server",
                cluster.bootstrapServers()));
        try {
            Tmux.run(socket, "new-session", "-d", "-s", session, "-x", "200", "-y", "50", "env NO_COLOR=1 "
                    + Tmux.shellLine(java));
            Screens.await("the first prompt", Duration.ofSeconds(180),
                    () -> Tmux.run(socket, "capture-pane", "-p", "-t", session), s -> s.contains("kshell["));
            Tmux.run(socket, "send-keys", "-t", session, "-l", "configs set topic " + TOPIC + " min.insync.replicas=1");
            Tmux.run(socket, "send-keys", "-t", session, "Enter");
            String phrase = "topic " + TOPIC + " min.insync.replicas=1";
            Screens.await("the typed question", Duration.ofSeconds(120), () -> Tmux.run(socket, "capture-pane", "-p",
                    "-S", "-100", "-t", session), s -> s.contains("Type '" + phrase + "' to proceed"));
            Tmux.run(socket, "send-keys", "-t", session, "-l", phrase);
            Tmux.run(socket, "send-keys", "-t", session, "Enter");
            Screens.await("the change made", Duration.ofSeconds(120), () -> Tmux.run(socket, "capture-pane", "-p",
                    "-S", "-100", "-t", session), s -> s.contains("done: topic " + TOPIC + " min.insync.replicas is now 1"));
            System.out.println("[configs-it] pty:\n" + Tmux.run(socket, "capture-pane", "-p", "-S", "-100", "-t",
                    session));
            assertThat(topicOracle()).contains("min.insync.replicas=1");
            assertThat(audit()).extracting(a -> a.get("approvedBy") == null ? null : a.get("approvedBy").asString())
                    .contains("typed confirmation");
            Tmux.run(socket, "send-keys", "-t", session, "-l", "exit");
            Tmux.run(socket, "send-keys", "-t", session, "Enter");
        } finally {
            try {
                Tmux.run(socket, "kill-server"); // this test's own server, nobody else's
            } catch (IllegalStateException ignored) {
                // already gone
            }
        }
    }

    @Test
    void should_give_min_insync_replicas_with_its_source_as_json() {
        ShellHarness.Result r = shell.run("configs topic " + TOPIC + " --output json");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        System.out.println("[configs-it] configs topic " + TOPIC + " --output json:\n" + Json.tree(r.model()).toPrettyString());
        JsonNode first = r.json().get("configs").get(0);
        assertThat(first.get("name").asString()).isEqualTo("min.insync.replicas");
        assertThat(first.get("value").asString()).isEqualTo("2");
        assertThat(first.get("source").asString()).isEqualTo("DYNAMIC_TOPIC_CONFIG");
    }

    @Test
    void should_set_and_delete_on_a_topic_as_kafkas_tool_sees_it_with_before_and_after_audited() throws Exception {
        ShellHarness.Result set = shell.run("configs set topic " + TOPIC + " retention.ms=3600000 --yes");

        System.out.println("[configs-it] set:\n" + set.out() + set.err());
        assertThat(set.code()).as(set.out() + set.err()).isEqualTo(ExitCode.OK);
        assertThat(topicOracle()).contains("retention.ms=3600000");
        assertThat(set.out()).contains("undo: configs delete topic " + TOPIC + " retention.ms");
        List<JsonNode> lines = audit();
        assertThat(lines).extracting(a -> a.get("decision").asString()).containsExactly("confirmed", "succeeded");
        JsonNode row = lines.get(1).get("plan").get(0).get("rows").get(0);
        assertThat(row.get("before").asString()).isEqualTo("604800000");
        assertThat(row.get("after").asString()).isEqualTo("3600000");
        System.out.println("[configs-it] audit line: " + Json.mapper().writeValueAsString(lines.get(1)));

        ShellHarness.Result deleted = shell.run("configs delete topic " + TOPIC + " retention.ms --yes");

        assertThat(deleted.code()).as(deleted.out() + deleted.err()).isEqualTo(ExitCode.OK);
        assertThat(topicOracle()).doesNotContain("retention.ms");
    }

    @Test
    void should_set_a_broker_config_for_a_while_and_revert_it() {
        ShellHarness.Result set = shell.run("configs set broker 5 log.cleaner.threads=2 --for 1h --yes");

        System.out.println("[configs-it] broker set:\n" + set.out() + set.err());
        assertThat(set.code()).as(set.out() + set.err()).isEqualTo(ExitCode.OK);
        assertThat(brokerOracle()).contains("log.cleaner.threads=2");
        assertThat(set.out()).contains("temporary change t1");

        ShellHarness.Result reverted = shell.run("configs revert t1 --yes");

        System.out.println("[configs-it] revert:\n" + reverted.out() + reverted.err());
        assertThat(reverted.code()).as(reverted.out() + reverted.err()).isEqualTo(ExitCode.OK);
        assertThat(brokerOracle()).doesNotContain("log.cleaner.threads");
        assertThat(shell.run("configs temporary").out()).contains("no temporary config change is remembered");
    }

    @Test
    void should_refuse_unclean_with_yes_alone_and_a_read_only_key_from_a_script_changing_nothing() throws Exception {
        List<String> unclean = oneShot("configs", "set", "topic", TOPIC, "unclean.leader.election.enable=true", "--yes");
        List<String> readOnly = oneShot("configs", "set", "broker", "5", "offsets.topic.replication.factor=2", "--yes");

        assertThat(unclean.get(0)).as(unclean.get(1)).isEqualTo("3");
        assertThat(unclean.get(1)).contains("--yes alone never allows a config change that can lose acknowledged "
                + "records");
        assertThat(topicOracle()).doesNotContain("unclean.leader.election.enable");
        assertThat(readOnly.get(0)).as(readOnly.get(1)).isEqualTo("3");
        assertThat(readOnly.get(1)).contains("offsets.topic.replication.factor is read-only", "server.properties");
        assertThat(brokerOracle()).doesNotContain("offsets.topic.replication.factor");
        assertThat(audit()).extracting(a -> a.get("decision").asString()).containsExactly("refused", "refused");
    }

    @Test
    void should_remind_of_a_due_temporary_change_in_a_later_session_until_reverted() {
        List<String> set = oneShot("configs", "set", "topic", TOPIC, "retention.ms=7200000", "--for", "1s", "--yes");
        assertThat(set.get(0)).as(set.get(1)).isEqualTo("0");
        Instant due = Instant.now().plusSeconds(1);
        Await.until("the temporary change's second", Duration.ofSeconds(10), Instant::now, now -> now.isAfter(due));

        List<String> triage = oneShot("triage");

        assertThat(triage.get(1)).contains("temporary change t1 (retention.ms=7200000", "`configs revert t1`");
        List<String> reverted = oneShot("configs", "revert", "t1", "--yes");
        assertThat(reverted.get(0)).as(reverted.get(1)).isEqualTo("0");
        assertThat(topicOracle()).doesNotContain("retention.ms");
        assertThat(oneShot("triage").get(1)).doesNotContain("temporary change t1");
    }
}
