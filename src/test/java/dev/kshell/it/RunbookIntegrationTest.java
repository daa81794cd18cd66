package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.app.KshellApplication;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.RunbookHarness;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness.Result;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import java.io.UncheckedIOException;
import org.apache.kafka.common.Node;

/**
 * A "broker died" runbook played against the real cluster while broker 5 is stopped, and restarted from another
 * thread during the run's wait-until. The runbook is a copy of scripts/runbooks/broker-down.ksh cut down to the
 * commands on this branch (triage, leaderless, under-min-isr and elect preferred come from other branches); its
 * waits use {@code cluster.leaderless(...)} / {@code cluster.underMinIsr(...)}, which read fresh snapshots.
 */
@Integration
@Timeout(600)
class RunbookIntegrationTest {

    static final String RF1 = "runcmd-rf1";
    static final String RF3 = "runcmd-rf3";

    /** broker-down.ksh, as far as this branch's commands go. Line numbers are asserted below. */
    static final String BROKER_DOWN = """
            # broker-down (integration test copy)
            param topic = runcmd-rf1
            param deadline = 2m
            echo "== 1. state"
            quorum
            brokers
            echo "== 2. leaderless partitions of ${topic}"
            describe ${topic}
            echo "== 3. waiting up to ${deadline} for a live leader"
            wait-until cluster.leaderless(topic).isEmpty() --timeout ${deadline} --every 1s
            describe ${topic}
            assert result.leaderless == 0 : "${topic} is still leaderless"
            echo "== 4. verify: no partition of runcmd-rf3 under min ISR"
            wait-until cluster.underMinIsr('runcmd-rf3').isEmpty() --timeout ${deadline} --every 1s
            """;

    private static LocalCluster cluster;
    private static Admin admin;
    private RunbookHarness shell;

    @TempDir
    Path tmp;

    @BeforeAll
    static void topics() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        try {
            admin.createTopics(List.of(
                    new NewTopic(RF1, Map.of(0, List.of(5))),
                    new NewTopic(RF3, 3, (short) 3).configs(Map.of("min.insync.replicas", "2")))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
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

    private String savedHome;

    /**
     * A kshell home of this test's own: the one-shot runs remember the quorum history there, so leader changes that
     * earlier test classes caused on the shared cluster (a stopped or paused controller) do not make this test's
     * quorum "unstable".
     */
    @BeforeEach
    void ownHome() {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", tmp.resolve("home").toString());
    }

    @AfterEach
    void restore() {
        if (savedHome != null) {
            System.setProperty("kshell.home", savedHome);
        }
        if (shell != null) {
            shell.close();
        }
        SharedCluster.ensureAllRunning();
    }

    private RunbookHarness shell() {
        ShellSession session = new ShellSession(AdminClientGateway::new);
        session.connect(new ClusterTarget(cluster.bootstrapServers(), null, Map.of(), Duration.ofSeconds(10)),
                "it", null);
        return new RunbookHarness(session,
                s -> List.of(new QuorumCommand(s), new BrokersCommand(s), new DescribeCommand(s)));
    }

    /**
     * Starts {@code node} once the run writing {@code transcript} has recorded the step at {@code line}: the broker
     * comes back while the run waits, whatever the machine's speed (no fixed delay).
     */
    private static CompletableFuture<Void> restartWhenRecorded(Path transcript, int line, int node) {
        return CompletableFuture.runAsync(() -> {
            Await.until("the run's step at line " + line + " in " + transcript, Duration.ofSeconds(180),
                    () -> recorded(transcript), lines -> lines.contains(line));
            cluster.startNode(node);
        });
    }

    /** The lines of the steps recorded so far (empty before the transcript exists). */
    private static List<Integer> recorded(Path transcript) {
        try {
            return Files.exists(transcript) ? steps(transcript).stream().map(s -> s.get("line").asInt()).toList()
                    : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> steps(Path transcript) throws IOException {
        List<JsonNode> steps = new ArrayList<>();
        for (String line : Files.readAllLines(transcript)) {
            JsonNode e = Json.mapper().readTree(line);
            if (e.get("event").asString().equals("step")) {
                steps.add(e);
            }
        }
        return steps;
    }

    private static JsonNode end(Path transcript) throws IOException {
        List<String> lines = Files.readAllLines(transcript);
        return Json.mapper().readTree(lines.get(lines.size() - 1));
    }

    @Test
    void should_wait_for_the_stopped_broker_to_return_and_record_every_step() throws Exception {
        shell = shell();
        Path runbook = tmp.resolve("broker-down.ksh");
        Files.writeString(runbook, BROKER_DOWN);

        cluster.stopNode(5);
        Await.until(RF1 + " leaderless", Duration.ofSeconds(60), () -> shell.run("describe " + RF1),
                r -> r.code() == ExitCode.FINDINGS);

        // First a run whose deadline passes while the broker is still down: exit 1, naming the wait's line.
        Path shortRun = tmp.resolve("short.jsonl");
        Result timedOut = shell.run("run " + runbook + " --param deadline=3s --transcript " + shortRun);
        assertThat(timedOut.code()).as(timedOut.out() + timedOut.err()).isEqualTo(ExitCode.FINDINGS);
        assertThat(timedOut.out()).contains("runbook stopped at " + runbook + ":10 (exit 1): wait-until "
                + "cluster.leaderless(topic).isEmpty() timed out after 3s; last: ");
        assertThat(timedOut.out()).containsPattern("timed out after 3s; last: (UNAVAILABLE|DEGRADED): .*" + RF1);
        assertThat(end(shortRun).get("failedAt").asString()).isEqualTo(runbook + ":10");

        // Then the real wait: the broker is started once the run has reached the wait (line 9 recorded).
        Path transcript = tmp.resolve("broker-down.jsonl");
        CompletableFuture<Void> restart = restartWhenRecorded(transcript, 9, 5);
        long t0 = System.nanoTime();
        Result run = shell.run("run " + runbook + " --transcript " + transcript);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
        restart.get(120, TimeUnit.SECONDS);
        System.out.println("[runbook-it] run took " + seconds + " s\n" + run.out());

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out()).contains("[5] quorum", "[6] brokers", "[8] describe runcmd-rf1",
                "[10] wait-until cluster.leaderless(topic).isEmpty()", "[11] describe runcmd-rf1",
                "runbook " + runbook + " done: 4 command step(s)");
        List<JsonNode> steps = steps(transcript);
        assertThat(steps).extracting(s -> s.get("line").asInt())
                .containsExactly(4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
        assertThat(steps).extracting(s -> s.get("kind").asString()).containsExactly("echo", "command", "command",
                "echo", "command", "echo", "wait-until", "command", "assert", "echo", "wait-until");
        JsonNode describeDown = steps.get(4);
        assertThat(describeDown.get("exitCode").asInt()).as("leaderless: findings, the run goes on").isEqualTo(1);
        assertThat(describeDown.get("output").asString()).contains("5(dead)");
        JsonNode waited = steps.get(6);
        assertThat(waited.get("exitCode").asInt()).isZero();
        assertThat(waited.get("ms").asLong()).as("it really waited for the restart").isGreaterThan(1000);
        assertThat(waited.get("output").asString()).contains("now: false", "true after");
        assertThat(steps.get(7).get("exitCode").asInt()).isZero();
        assertThat(steps.get(7).get("output").asString()).doesNotContain("dead");
        assertThat(steps.get(8).get("exitCode").asInt()).isZero();
        assertThat(steps.get(10).get("exitCode").asInt()).isZero();
        JsonNode end = end(transcript);
        assertThat(end.get("exitCode").asInt()).isZero();
        assertThat(end.get("interrupted").asBoolean()).isFalse();
    }

    /**
     * The shipped scripts/runbooks/broker-down.ksh itself, through one-shot mode and the application's real command
     * catalog, while broker 5 is stopped and comes back a few seconds into the run.
     */
    @Test
    void should_play_the_shipped_broker_down_runbook_through_a_broker_restart() throws Exception {
        shell = shell();
        Path runbook = Path.of("scripts/runbooks/broker-down.ksh").toAbsolutePath();
        // The runbook ends by asserting a HEALTHY triage: start from one, so that what it judges is this test's doing.
        Await.until("a healthy cluster before the run", Duration.ofSeconds(120),
                () -> oneShot("triage"), code -> code == 0);
        cluster.stopNode(5);
        Await.until(RF1 + " leaderless", Duration.ofSeconds(60), () -> shell.run("describe " + RF1),
                r -> r.code() == ExitCode.FINDINGS);
        Path transcript = tmp.resolve("shipped-broker-down.jsonl");
        // started once the run has reached its wait (line 16, the echo before it, recorded)
        CompletableFuture<Void> restart = restartWhenRecorded(transcript, 16, 5);
        int code = oneShot("--yes", "run", runbook.toString(), "--param", "deadline=180s", "--param", "every=2s",
                "--transcript", transcript.toString());
        restart.get(120, TimeUnit.SECONDS);
        List<JsonNode> steps = steps(transcript);
        assertThat(code).as(Files.readString(transcript)).isZero();
        assertThat(steps).extracting(s -> s.get("line").asInt())
                .containsExactly(12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26, 27, 28);
        assertThat(steps.get(1).get("exitCode").asInt()).as("triage while broker 5 is down: findings").isEqualTo(1);
        assertThat(steps.get(1).get("output").asString()).contains("UNAVAILABLE");
        assertThat(steps.get(3).get("output").asString()).contains(RF1, "no-live-replica");
        assertThat(steps.get(5).get("ms").asLong()).as("waited for the broker").isGreaterThan(1000);
        assertThat(steps.get(10).get("step").asString()).isEqualTo("elect preferred --all");
        assertThat(steps.get(10).get("exitCode").asInt()).isZero();
        assertThat(steps.get(14).get("output").asString()).contains("HEALTHY");
        assertThat(end(transcript).get("exitCode").asInt()).isZero();
    }

    /** {@code kshell --bootstrap-server ... WORDS} through the whole application ({@link #captured}); its exit code. */
    private int oneShot(String... words) {
        List<String> args = new ArrayList<>(List.of("--bootstrap-server", cluster.bootstrapServers()));
        args.addAll(List.of(words));
        Result r = captured(args.toArray(String[]::new));
        System.out.println("[runbook-it] kshell " + String.join(" ", words) + "\n" + r.out() + r.err());
        return r.code().code();
    }

    /** The one-shot path with the whole application (its real command catalog): {@code kshell ... run FILE}. */
    @Test
    void should_play_a_runbook_in_one_shot_mode_and_exit_with_its_code() throws Exception {
        Path runbook = tmp.resolve("check.ksh");
        Files.writeString(runbook, """
                # a read-only check of the runbook's topic
                param topic = runcmd-rf3
                quorum
                brokers
                describe ${topic}
                assert result.leaderless == 0 : "${topic} has leaderless partitions"
                wait-until cluster.underMinIsr(topic).isEmpty() --timeout 30s --every 1s
                """);
        Path transcript = tmp.resolve("check.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = KshellApplication.run(new String[]{"--bootstrap-server", cluster.bootstrapServers(), "run",
                    runbook.toString(), "--transcript", transcript.toString()});
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        System.out.println("[runbook-it] one-shot:\n" + printed + err.toString(StandardCharsets.UTF_8));
        assertThat(code).as(printed + err).isZero();
        assertThat(printed).contains("[3] quorum", "[4] brokers", "[5] describe runcmd-rf3",
                "[7] wait-until cluster.underMinIsr(topic).isEmpty()", "runbook " + runbook + " done: 3 command step(s)",
                "transcript: " + transcript);
        assertThat(steps(transcript)).extracting(s -> s.get("line").asInt()).containsExactly(3, 4, 5, 6, 7);
        assertThat(end(transcript).get("exitCode").asInt()).isZero();
    }

    /** {@code kshell ARGS} through the whole application in this JVM, as a cron job runs it: no terminal. */
    private static Result captured(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = KshellApplication.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Result(ExitCode.of(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                null);
    }

    /**
     * The runbook guard on the real cluster, with a really leaderless partition (its only broker stopped): an unclean
     * step in a runbook that does not declare {@code allow unclean} is refused even with --yes, and one that declares
     * it is refused without --yes when there is no terminal; both before any step runs, naming file:line, audited as
     * refused, and the partition is left exactly as it was (no leader, its one replica on broker 5).
     */
    @Test
    void should_refuse_unclean_runbook_steps_on_a_real_leaderless_partition_and_change_nothing() throws Exception {
        shell = shell();
        cluster.stopNode(5);
        Await.until(RF1 + " leaderless", Duration.ofSeconds(60), () -> shell.run("describe " + RF1),
                r -> r.code() == ExitCode.FINDINGS);
        Path undeclared = tmp.resolve("undeclared.ksh");
        Files.writeString(undeclared, "# no permission\nelect unclean " + RF1 + "-0\n");
        Path declared = tmp.resolve("declared.ksh");
        Files.writeString(declared, "allow unclean\nelect unclean " + RF1 + "-0\n");

        Result withYes = captured("--bootstrap-server", cluster.bootstrapServers(), "run", undeclared.toString(), "--yes");
        System.out.println("[runbook-guard] undeclared, --yes: exit " + withYes.code() + "\n" + withYes.out() + withYes.err());
        assertThat(withYes.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(withYes.out() + withYes.err()).contains(undeclared + ":2")
                .contains("is an unclean election and the runbook does not declare 'allow unclean'");

        Result noYes = captured("--bootstrap-server", cluster.bootstrapServers(), "run", declared.toString());
        System.out.println("[runbook-guard] declared, no --yes: exit " + noYes.code() + "\n" + noYes.out() + noYes.err());
        assertThat(noYes.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(noYes.out() + noYes.err()).contains(declared + ":2")
                .contains("the runbook allows it, but the run needs --yes too, or a terminal to type the confirmation at");

        // nothing changed: still no leader, the one replica still on broker 5
        TopicPartitionInfo p = admin.describeTopics(List.of(RF1)).allTopicNames().get(30, TimeUnit.SECONDS).get(RF1)
                .partitions().get(0);
        assertThat(p.leader()).isNull();
        assertThat(p.replicas()).extracting(Node::id).containsExactly(5);
        // both attempts are in the audit log, refused
        List<JsonNode> audit = new ArrayList<>();
        for (String line : Files.readAllLines(tmp.resolve("home/audit.jsonl"))) {
            audit.add(Json.mapper().readTree(line));
        }
        assertThat(audit).extracting(e -> e.get("decision").asString()).containsExactly("refused", "refused");
    }
}
