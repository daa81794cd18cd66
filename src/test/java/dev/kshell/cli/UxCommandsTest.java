package dev.kshell.cli;

import dev.kshell.cli.commands.CompleteCommand;
import dev.kshell.cli.commands.ConnectCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.ExplainCommand;
import dev.kshell.cli.commands.HelpCommand;
import dev.kshell.cli.commands.ProfilesCommand;
import dev.kshell.cli.commands.StatusCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.cli.commands.WatchCommand;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** profiles, connect PROFILE, explain, watch and __complete over fake gateways: output and exit codes. */
@Timeout(30)
class UxCommandsTest {

    static final String PROFILES = """
            # kshell profiles
            prod-eu:
              bootstrap-servers: kafka-1.eu:9092,kafka-2.eu:9092
              properties:
                security.protocol: SASL_SSL
                sasl.mechanism: PLAIN
                sasl.jaas.config: org.apache.kafka.common.security.plain.PlainLoginModule required username="ops" password="hunter2";
                ssl.truststore.password: s3cr3t-trust
              expected-cluster-id: q1Sh-9_ISia_zwGINzRvyQ
              timeout: 7s
            lab:
              bootstrap-controllers: ctl-1.lab:9093
            """;

    @TempDir
    Path home;

    private final AtomicReference<ClusterTarget> connectedTo = new AtomicReference<>();
    private final List<ClusterSnapshot> snapshots = new ArrayList<>();
    private final AtomicInteger snapshotCalls = new AtomicInteger();
    private ShellSession session;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(home.resolve("profiles.yaml"), PROFILES);
        snapshots.add(UxFixtures.incident());
        session = new ShellSession(target -> {
            connectedTo.set(target);
            return new FakeGateway(UxFixtures.incident(), target) {
                @Override
                public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                    int n = snapshotCalls.getAndIncrement();
                    return snapshots.get(Math.min(n, snapshots.size() - 1));
                }
            };
        });
        List<KshellCommand> commands = new ArrayList<>(List.of(new ProfilesCommand(session, () -> home),
                new ConnectCommand(session, new DefaultConnectionResolver(home)), new ExplainCommand(),
                new TopicsCommand(session), new DescribeCommand(session), new StatusCommand(session),
                new CompleteCommand(session, UxFixtures.provider(() -> executor.parser()), () -> home)));
        commands.addAll(UxFixtures.othersCommands());
        commands.add(new WatchCommand(UxFixtures.provider(() -> executor)));
        List<KshellCommand> all = new ArrayList<>(commands);
        all.add(new HelpCommand(UxFixtures.provider(() -> executor.parser())));
        executor = new CommandLineExecutor(CommandLineParser.forCommands(all), session);
    }

    private CommandLineExecutor.LineResult run(String line) {
        return run(line, false);
    }

    private CommandLineExecutor.LineResult run(String line, boolean terminal) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, terminal ? 120 : 0, terminal);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_lead_every_read_with_one_warning_when_the_cluster_is_not_the_pinned_one() {
        session.connect(FakeGateway.TARGET, "prod-eu", "the-pinned-cluster-id");
        run("topics");
        String actual = session.lastSnapshot().orElseThrow().clusterId();
        String warning = "warning: this connection is pinned to cluster the-pinned-cluster-id but reaches cluster "
                + actual + ": what follows is about " + actual + ", not the pinned cluster (mutations are refused)";
        assertThat(err.toString()).as("the first read learns the id: said after it").contains(warning);
        err.getBuffer().setLength(0);
        run("describe orders");
        assertThat(err.toString().lines().findFirst()).as("then said first").contains(warning);
        assertThat(err.toString().lines().filter(l -> l.startsWith("warning: this connection is pinned"))).hasSize(1);
        // the pinned cluster itself: nothing said
        err.getBuffer().setLength(0);
        session.connect(FakeGateway.TARGET, "prod-eu", actual);
        run("topics");
        run("describe orders");
        assertThat(err.toString()).doesNotContain("pinned to cluster");
    }

    @Test
    void should_carry_the_pin_as_the_first_field_of_json_when_the_cluster_is_not_the_pinned_one() throws Exception {
        session.connect(FakeGateway.TARGET, "prod-eu", "the-pinned-cluster-id");
        runJson("topics"); // the first read learns the id
        String actual = session.lastSnapshot().orElseThrow().clusterId();
        out.getBuffer().setLength(0);
        runJson("describe orders");
        JsonNode wrong = Json.mapper().readTree(out.toString());
        assertThat(wrong.propertyNames().iterator().next()).isEqualTo("wrongCluster");
        assertThat(wrong.get("wrongCluster").get("pinnedClusterId").asString()).isEqualTo("the-pinned-cluster-id");
        assertThat(wrong.get("wrongCluster").get("clusterId").asString()).isEqualTo(actual);
        assertThat(wrong.has("partitions")).as("the read itself follows").isTrue();
        out.getBuffer().setLength(0);
        runJson("topics");
        JsonNode list = Json.mapper().readTree(out.toString());
        assertThat(list.has("wrongCluster")).isTrue();
        // the pinned cluster itself: the plain model
        session.connect(FakeGateway.TARGET, "prod-eu", actual);
        out.getBuffer().setLength(0);
        runJson("describe orders");
        assertThat(Json.mapper().readTree(out.toString()).has("wrongCluster")).isFalse();
    }

    private void runJson(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), true, false, 0, false);
        executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_list_profiles_with_secrets_masked_in_text_and_json() {
        CommandLineExecutor.LineResult outcome = run("profiles");
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("prod-eu", "bootstrap-servers kafka-1.eu:9092,kafka-2.eu:9092",
                        "ssl.truststore.password=****", "security.protocol=SASL_SSL", "q1Sh-9_ISia_zwGINzRvyQ", "7s",
                        "lab", "bootstrap-controllers ctl-1.lab:9093")
                .doesNotContain("hunter2", "s3cr3t-trust");
        String json = Json.render(outcome.model());
        assertThat(json).contains("\"name\"", "prod-eu", "****").doesNotContain("hunter2", "s3cr3t-trust");
    }

    @Test
    void should_say_so_when_there_is_no_profiles_file() throws IOException {
        Files.delete(home.resolve("profiles.yaml"));
        assertThat(run("profiles").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("no profiles: ").contains("profiles.yaml does not exist");
    }

    @Test
    void should_name_the_line_of_a_malformed_profiles_file_with_exit_2() throws IOException {
        Files.writeString(home.resolve("profiles.yaml"), "prod:\n  bootstrap-servers: h:9092\n  bootstrap-server: x\n");
        assertThat(run("profiles").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("profiles.yaml:3").contains("did you mean 'bootstrap-servers'");
    }

    @Test
    void should_connect_through_a_profile_by_argument_or_option() {
        CommandLineExecutor.LineResult outcome = run("connect prod-eu");
        assertThat(outcome.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        ClusterTarget target = connectedTo.get();
        assertThat(target.bootstrapServers()).isEqualTo("kafka-1.eu:9092,kafka-2.eu:9092");
        assertThat(target.clientProperties()).containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("ssl.truststore.password", "s3cr3t-trust"); // the real value reaches the client only
        assertThat(target.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(session.connection().orElseThrow().label()).isEqualTo("prod-eu");
        assertThat(session.connection().orElseThrow().expectedClusterId()).isEqualTo("q1Sh-9_ISia_zwGINzRvyQ");
        // the fake cluster's id differs from the profile's: connected, with a warning
        assertThat(err.toString()).contains("expects cluster id q1Sh-9_ISia_zwGINzRvyQ");
        assertThat(out.toString()).doesNotContain("s3cr3t-trust", "hunter2");

        out.getBuffer().setLength(0);
        run("profiles");
        assertThat(out.toString()).contains("* prod-eu");

        assertThat(run("connect --profile lab").code()).isEqualTo(ExitCode.OK);
        assertThat(connectedTo.get().bootstrapControllers()).isEqualTo("ctl-1.lab:9093");
    }

    @Test
    void should_use_the_session_deadline_when_the_profile_sets_none() {
        session.defaultTimeout(Duration.ofSeconds(4));
        assertThat(run("connect lab").code()).isEqualTo(ExitCode.OK);
        assertThat(connectedTo.get().timeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(run("connect lab --timeout 9s").code()).isEqualTo(ExitCode.OK);
        assertThat(connectedTo.get().timeout()).isEqualTo(Duration.ofSeconds(9));
    }

    @Test
    void should_refuse_an_unknown_profile_in_one_line_with_exit_2() {
        CommandLineExecutor.LineResult outcome = run("connect prod-ue");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString()).contains("no profile 'prod-ue'").contains("did you mean 'prod-eu'");
        assertThat(session.connection()).isEmpty();
    }

    @Test
    void should_explain_the_seed_errors_with_cause_check_and_next_commands() {
        assertThat(run("explain \"There is no leader for this topic-partition as we are in the middle of a leadership election\"")
                .code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("LEADER_NOT_AVAILABLE (error code 5)\n")
                .contains("  cause  ", "  check  ", "  next   leaderless");
        out.getBuffer().setLength(0);
        CommandLineExecutor.LineResult outcome = run("explain NOT_ENOUGH_REPLICAS for partition orders-0");
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("NOT_ENOUGH_REPLICAS (error code 19)", "describe orders");
        out.getBuffer().setLength(0);
        outcome = run("explain 'Connection error: connect ECONNREFUSED 10.0.0.7:9092' --output json");
        assertThat(Json.tree(outcome.model()).path("explanations").get(0).path("matchedPattern").asString())
                .isEqualTo("ECONNREFUSED");
        assertThat(run("explain").code()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void should_print_a_block_only_when_the_output_changes_when_piped() {
        session.connect(FakeGateway.TARGET, "seed", null);
        ClusterSnapshot healed = UxFixtures.snapshot(List.of(new TopicState("orders", false, List.of(), null)));
        snapshots.clear();
        snapshots.addAll(List.of(UxFixtures.incident(), UxFixtures.incident(), healed, healed));
        CommandLineExecutor.LineResult outcome = run("watch --interval 200ms --count 4 topics --pattern ord.*");
        assertThat(outcome.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        String text = out.toString();
        assertThat(text.lines().filter(l -> l.startsWith("# every 200ms: topics --pattern ord.*"))).hasSize(2);
        assertThat(text).contains("run 1/4", "run 3/4   (changed)").doesNotContain("run 2/4", "\u001b[");
        assertThat(snapshotCalls.get()).isEqualTo(4);
    }

    @Test
    void should_redraw_in_place_on_a_terminal() {
        session.connect(FakeGateway.TARGET, "seed", null);
        assertThat(run("watch --interval 200ms --count 2 topics", true).code()).isEqualTo(ExitCode.OK);
        String screen = dev.kshell.render.Safe.terminal(out.toString()); // as the terminal receives it
        assertThat(screen).startsWith("\u001b[2J\u001b[H").contains("(q or Ctrl-C to stop)\u001b[K");
        assertThat(screen.split("\u001b\\[H", -1)).hasSize(3);
    }

    @Test
    void should_refuse_to_watch_mutating_and_session_commands() {
        assertThat(run("watch elect unclean orders-0").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("changes the cluster");
        assertThat(run("watch connect lab").code()).isEqualTo(ExitCode.USAGE);
        assertThat(run("watch sandbox kill-broker 4").code()).isEqualTo(ExitCode.USAGE);
        assertThat(run("watch nosuch").code()).isEqualTo(ExitCode.USAGE);
        assertThat(run("watch").code()).isEqualTo(ExitCode.USAGE);
        assertThat(run("watch --interval 10ms topics").code()).isEqualTo(ExitCode.USAGE);
        assertThat(connectedTo.get()).isNull();
    }

    @Test
    void should_stop_watching_at_once_when_interrupted() throws Exception {
        session.connect(FakeGateway.TARGET, "seed", null);
        CompletableFuture<CommandLineExecutor.LineResult> running = new CompletableFuture<>();
        Thread worker = new Thread(() -> running.complete(run("watch --interval 30s topics")));
        worker.start();
        // the first run is done when its table is out: interrupted then, the watch has one run behind it
        dev.kshell.testsupport.Await.until("the first run's table", java.time.Duration.ofSeconds(10),
                out::toString, text -> text.contains("TOPIC"));
        worker.interrupt();
        CommandLineExecutor.LineResult outcome = running.get(5, TimeUnit.SECONDS);
        assertThat(outcome.code()).isEqualTo(ExitCode.CANCELLED);
        // stopping a watch is how it ends, not a failure: no "error:" line
        assertThat(err.toString()).isEqualTo("watch stopped (Ctrl-C) after 1 run\n");
        assertThat(outcome.error()).isNull();
    }

    @Test
    void should_stop_watching_on_q_or_end_of_input_with_the_last_runs_exit_code_and_no_error() {
        session.connect(FakeGateway.TARGET, "seed", null);
        for (String key : List.of("q", "end of input")) {
            err.getBuffer().setLength(0);
            AtomicInteger waits = new AtomicInteger();
            Prompter keys = new Prompter() {
                @Override
                public boolean interactive() {
                    return true;
                }

                @Override
                public String ask(String question) {
                    return null;
                }

                @Override
                public String awaitStopKey(Duration timeout) {
                    return waits.incrementAndGet() == 2 ? key : null; // the key comes during the second wait
                }
            };
            Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
            CommandLineExecutor.LineResult outcome = executor.execute("watch --interval 30s describe orders", output,
                    keys, ExecutionMode.INTERACTIVE);
            assertThat(outcome.code()).as(key).isEqualTo(run("describe orders").code()); // what the last run said
            assertThat(err.toString()).as(key).isEqualTo("watch stopped (" + key + ") after 2 runs\n");
        }
    }

    @Test
    void should_print_completion_candidates_one_per_line_for_the_scripts() {
        session.connect(FakeGateway.TARGET, "seed", null);
        assertThat(run("__complete -- describe or").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).isEqualTo("orders\norders-eu\n");
        out.getBuffer().setLength(0);
        run("__complete -- topics --");
        assertThat(out.toString().lines()).contains("--pattern", "--no-internal");
        out.getBuffer().setLength(0);
        run("__complete -- connect pr");
        assertThat(out.toString()).isEqualTo("prod-eu\n");
        out.getBuffer().setLength(0);
        run("help");
        assertThat(out.toString()).doesNotContain("__complete");
        assertThat(err.toString()).isEmpty();
    }
}
