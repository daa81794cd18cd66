package dev.kshell.cli;

import dev.kshell.cli.commands.ConfigsChangeCommand;
import dev.kshell.cli.commands.ConfigsShowCommand;
import dev.kshell.cli.commands.ConfigsTemporaryCommand;
import dev.kshell.cli.commands.StatusCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.testsupport.FakeConfigAdmin;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.ManualClock;
import dev.kshell.testsupport.RunbookHarness;
import dev.kshell.testsupport.ShellHarness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The configs commands over a fake gateway: plans, refusals, exit codes, audit lines, temporary changes. */
@Timeout(30)
class ConfigsCommandsTest {

    private static final ConfigEntity ORDERS = ConfigEntity.topic("orders");

    @TempDir
    Path home;
    private FakeGateway gateway;
    private FakeConfigAdmin configs;
    private CommandLineExecutor executor;
    private final ManualClock clock = new ManualClock(Instant.parse("2026-12-05T10:00:00Z"));
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        List<BrokerState> brokers = List.of(new BrokerState(4, "h", 9092, null, false),
                new BrokerState(5, "h", 9093, null, false), new BrokerState(6, "h", 9094, null, false));
        List<PartitionState> parts = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            parts.add(new PartitionState("orders", p, 4, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()));
        }
        TopicState orders = new TopicState("orders", false, parts,
                new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", false, "DEFAULT_CONFIG"));
        gateway = new FakeGateway(FakeGateway.snapshot(new QuorumState(1, 7, 420, List.of(), List.of()), brokers,
                List.of(orders)));
        configs = gateway.configAdmin;
        configs.entry(ORDERS, "min.insync.replicas", "2", "DYNAMIC_TOPIC_CONFIG", false)
                .fallback(ORDERS, "min.insync.replicas", "1", "DYNAMIC_DEFAULT_BROKER_CONFIG")
                .entry(ORDERS, "retention.ms", "604800000", "DEFAULT_CONFIG", false)
                .entry(ORDERS, "unclean.leader.election.enable", "false", "DEFAULT_CONFIG", false)
                .entry(ConfigEntity.broker(4), "offsets.topic.replication.factor", "3", "STATIC_BROKER_CONFIG", true)
                .entry(ConfigEntity.broker(4), "log.cleaner.threads", "1", "DEFAULT_CONFIG", false)
                .secret(ConfigEntity.broker(4), "ssl.keystore.password", "DYNAMIC_BROKER_CONFIG");
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        List<KshellCommand> commands = new ArrayList<>();
        for (ConfigEntity.Kind kind : ConfigEntity.Kind.values()) {
            commands.add(new ConfigsShowCommand(session, kind));
            commands.add(new ConfigsChangeCommand(session, true, kind, clock));
            commands.add(new ConfigsChangeCommand(session, false, kind, clock));
        }
        for (ConfigsTemporaryCommand.Kind kind : ConfigsTemporaryCommand.Kind.values()) {
            commands.add(new ConfigsTemporaryCommand(session, kind, clock));
        }
        commands.add(new StatusCommand(session));
        executor = new CommandLineExecutor(CommandLineParser.forCommands(commands), session);
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    private CommandLineExecutor.LineResult run(String line, Prompter prompter) {
        out = new StringWriter();
        err = new StringWriter();
        return executor.execute(line, new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false),
                prompter, ExecutionMode.INTERACTIVE);
    }

    private CommandLineExecutor.LineResult run(String line) {
        return run(line, Prompter.NONE);
    }

    private List<JsonNode> audit() throws IOException {
        Path file = home.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList()
                : List.of();
    }

    @Test
    void should_show_a_topics_configs_with_their_sources_incident_keys_first() {
        CommandLineExecutor.LineResult r = run("configs topic orders");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString().lines().toList()).element(2).asString()
                .startsWith("min.insync.replicas").contains("2", "dynamic topic");
        JsonNode json = Json.tree(r.model());
        assertThat(json.get("configs").get(0).get("name").asString()).isEqualTo("min.insync.replicas");
        assertThat(json.get("configs").get(0).get("source").asString()).isEqualTo("DYNAMIC_TOPIC_CONFIG");
    }

    @Test
    void should_set_with_yes_audit_before_and_after_and_print_the_undo() throws IOException {
        CommandLineExecutor.LineResult r = run("configs set topic orders retention.ms=3600000 --yes");

        assertThat(r.code()).as(out + "" + err).isEqualTo(ExitCode.OK);
        assertThat(configs.altered).singleElement().isEqualTo(Map.entry(ORDERS,
                List.of(ConfigOp.set("retention.ms", "3600000"))));
        assertThat(out.toString()).contains("retention.ms  604800000 (Kafka's default)  3600000 (dynamic topic)",
                "done: topic orders retention.ms is now 3600000 (dynamic topic)",
                "undo: configs delete topic orders retention.ms");
        List<JsonNode> lines = audit();
        assertThat(lines).extracting(a -> a.get("decision").asString()).containsExactly("confirmed", "succeeded");
        JsonNode row = lines.get(1).get("plan").get(0).get("rows").get(0);
        assertThat(row.get("before").asString()).isEqualTo("604800000");
        assertThat(row.get("after").asString()).isEqualTo("3600000");
        assertThat(lines.get(1).get("results").get(0).get("value").asString()).isEqualTo("3600000");
    }

    @Test
    void should_refuse_turning_unclean_on_with_yes_alone_and_change_nothing() throws IOException {
        CommandLineExecutor.LineResult r = run("configs set topic orders unclean.leader.election.enable=true --yes");

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("--yes alone never allows a config change that can lose acknowledged "
                + "records");
        assertThat(configs.altered).isEmpty();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asString())
                .isEqualTo("refused"));
    }

    @Test
    void should_act_on_the_typed_phrase_and_abort_on_anything_else() throws IOException {
        String line = "configs set topic orders min.insync.replicas=1";

        CommandLineExecutor.LineResult wrong = run(line, ElectCommandsTest.answering("yes"));
        CommandLineExecutor.LineResult typed = run(line, ElectCommandsTest.answering(
                "topic orders min.insync.replicas=1"));

        assertThat(wrong.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(typed.code()).isEqualTo(ExitCode.OK);
        assertThat(configs.altered).singleElement().isEqualTo(Map.entry(ORDERS,
                List.of(ConfigOp.set("min.insync.replicas", "1"))));
        assertThat(audit()).extracting(a -> a.get("decision").asString()).containsExactly("aborted", "confirmed",
                "succeeded");
        assertThat(audit().get(1).get("approvedBy").asString()).isEqualTo("typed confirmation");
    }

    @Test
    void should_refuse_a_read_only_key_with_the_server_properties_sentence_and_audit_it() throws IOException {
        CommandLineExecutor.LineResult r = run("configs set broker 4 offsets.topic.replication.factor=2 --yes");

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("offsets.topic.replication.factor is read-only", "server.properties",
                "restart", "nothing was changed");
        assertThat(configs.altered).isEmpty();
        assertThat(configs.validated).isEmpty();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asString())
                .isEqualTo("refused"));
    }

    @Test
    void should_take_bad_input_as_exit_2_in_one_line_audited() throws IOException {
        assertThat(run("configs set topic orders retention.ms --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().strip()).isEqualTo("error: configs set topic orders: 'retention.ms' is not "
                + "key=value (to remove a setting: configs delete ... retention.ms)");
        assertThat(run("configs set topic nope retention.ms=1 --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no topic 'nope'");
        assertThat(run("configs set broker 9 log.cleaner.threads=2 --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no broker 9 is registered (brokers: 4,5,6)");
        configs.refusals.put("retention.ms", "Invalid value abc for configuration retention.ms: Not a number of type LONG");
        assertThat(run("configs set topic orders retention.ms=abc --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("Kafka refuses the change of topic orders: Invalid value abc");
        assertThat(configs.altered).isEmpty();
        // the grammar's three refusals and Kafka's validate-only refusal, each an attempt that never acted
        assertThat(audit()).extracting(a -> a.get("decision").asString())
                .containsExactly("invalid", "invalid", "invalid", "invalid");
    }

    @Test
    void should_mask_a_secret_in_the_plan_the_output_and_the_audit_log() throws IOException {
        CommandLineExecutor.LineResult r = run("configs set broker 4 ssl.keystore.password=hunter2 --yes");

        assertThat(r.code()).as(out + "" + err).isEqualTo(ExitCode.OK);
        assertThat(out.toString() + err).doesNotContain("hunter2").contains("****");
        assertThat(Files.readString(home.resolve("audit.jsonl"))).doesNotContain("hunter2");
        assertThat(configs.altered.get(0).getValue()).containsExactly(ConfigOp.set("ssl.keystore.password",
                "hunter2"));
    }

    @Test
    void should_plan_only_on_dry_run_and_say_when_nothing_changes() throws IOException {
        assertThat(run("configs set topic orders retention.ms=1 --dry-run").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("plan: configs set topic orders", "dry run: nothing was changed");
        assertThat(run("configs set topic orders min.insync.replicas=2 --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("nothing to change");
        assertThat(configs.altered).isEmpty();
        assertThat(audit()).extracting(a -> a.get("decision").asString()).containsExactly("dry-run", "not-needed");
    }

    @Test
    void should_not_call_a_broker_unregistered_when_the_answer_lists_no_broker_at_all() {
        FakeGateway empty = new FakeGateway(FakeGateway.snapshot(new QuorumState(1, 7, 420, List.of(), List.of()),
                List.of(), List.of())); // a ZooKeeper-mode broker a moment after its start
        ShellSession session = new ShellSession(t -> empty);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
                new ConfigsChangeCommand(session, true, ConfigEntity.Kind.BROKER, clock))), session);
        CommandLineExecutor.LineResult r = run("configs set broker 5 log.cleaner.threads=2 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(err.toString()).contains("the broker that answered lists no broker at all")
                .doesNotContain("is registered");
        assertThat(empty.configAdmin.altered).isEmpty();
    }

    @Test
    void should_read_a_deletion_back_until_the_broker_shows_the_next_levels_value() {
        ConfigEntity five = ConfigEntity.broker(5);
        configs.entry(five, "cordoned.log.dirs", "*", "DYNAMIC_BROKER_CONFIG", false)
                .fallback(five, "cordoned.log.dirs", "", "DEFAULT_CONFIG");
        configs.deletionAppliedAfterReads = 3; // the source changes at once, the value a moment later
        CommandLineExecutor.LineResult r = run("configs delete broker 5 cordoned.log.dirs --yes");
        assertThat(r.code()).as(out + "" + err).isEqualTo(ExitCode.OK);
        assertThat(configs.deletionAppliedAfterReads).isZero();
        assertThat(out.toString()).contains("done: broker 5 cordoned.log.dirs is now \"\" (Kafka's default)")
                .doesNotContain("did not show it yet");
    }

    @Test
    void should_remember_a_temporary_change_remind_once_due_and_revert_it() throws IOException {
        assertThat(run("configs set topic orders retention.ms=7200000 --for 1h --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("temporary change t1: due");
        run("configs temporary");
        assertThat(out.toString()).contains("t1", "retention.ms=7200000", "in 1h");

        clock.advance(Duration.ofHours(2));
        CommandLineExecutor.LineResult listed = run("configs temporary");
        assertThat(Json.tree(listed.model()).get("due").get(0).asString()).isEqualTo("t1");

        CommandLineExecutor.LineResult reverted = run("configs revert --due --yes");
        assertThat(reverted.code()).as(out + "" + err).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("t1 reverted");
        assertThat(configs.altered.get(1)).isEqualTo(Map.entry(ORDERS, List.of(ConfigOp.delete("retention.ms"))));
        run("configs temporary");
        assertThat(out.toString()).contains("no temporary config change is remembered");
        assertThat(audit()).extracting(a -> a.get("action").asString()).contains("configs-revert");
    }

    @Test
    void should_keep_a_temporary_change_on_request_and_refuse_for_on_a_secret() {
        run("configs set topic orders retention.ms=7200000 --for 1m --yes");

        assertThat(run("configs keep t1").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("t1 kept: topic orders retention.ms=7200000 stays");
        assertThat(run("configs revert t1 --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no temporary change t1");
        assertThat(run("configs set broker 4 ssl.keystore.password=x --for 1h --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--for needs a complete undo");
    }

    @Test
    void should_let_a_runbook_lower_min_isr_to_one_only_under_allow_unclean() throws IOException {
        ShellSession session = new ShellSession(t -> gateway);
        try (RunbookHarness runbooks = new RunbookHarness(session, ConfigsShowCommand::family)) {
            session.connect(FakeGateway.TARGET, "fake", null);
            Path plain = home.resolve("lower.ksh");
            Files.writeString(plain, "configs set topic orders min.insync.replicas=1\n");
            Path allowed = home.resolve("lower-allowed.ksh");
            Files.writeString(allowed, "allow unclean\nconfigs set topic orders min.insync.replicas=1\n");

            ShellHarness.Result refused = runbooks.run("run " + plain + " --yes");
            ShellHarness.Result ran = runbooks.run("run " + allowed + " --yes");

            assertThat(refused.code()).as(refused.out() + refused.err()).isEqualTo(ExitCode.REFUSED);
            assertThat(ran.code()).as(ran.out() + ran.err()).isEqualTo(ExitCode.OK);
            assertThat(configs.altered).singleElement().isEqualTo(Map.entry(ORDERS,
                    List.of(ConfigOp.set("min.insync.replicas", "1"))));
            assertThat(audit()).extracting(a -> a.get("approvedBy") == null ? "-" : a.get("approvedBy").asString())
                    .contains("allow unclean + --yes");
        }
    }
}
