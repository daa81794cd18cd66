package dev.kshell.cli;

import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.RunCommand;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.runbook.CommandCatalog;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.ManualClock;
import dev.kshell.testsupport.RunbookHarness;
import dev.kshell.testsupport.ShellHarness.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.grammar.Trait;
import java.nio.charset.StandardCharsets;

/**
 * {@code run} through the real command path (parser, executor, real state commands) over a fake gateway, with
 * mutating commands that exist only in this test: exit codes, stop at the first failure, dry runs, guards, Ctrl-C.
 */
@Timeout(30)
class RunCommandTest {

    @TempDir
    Path tmp;

    /** The seed incident: brokers 5 and 6 fenced, rf1 leaderless, payments healthy. */
    private final SwitchingGateway gateway = new SwitchingGateway(Snapshots.seedIncident());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final FakeMutation mutate = new FakeMutation("fake-mutate");
    private final FakeMutation unclean = new FakeMutation("elect unclean", Trait.DESTRUCTIVE);
    private final SlowCommand slow = new SlowCommand();
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-29T03:00:00Z"));
    private final RunbookHarness shell = new RunbookHarness(session, s -> List.of(new QuorumCommand(s),
            new BrokersCommand(s), new DescribeCommand(s), mutate, unclean, slow), clock,
            d -> clock.advance(d));

    RunCommandTest() {
        session.connect(FakeGateway.TARGET, "seed", null);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    private Path file(String name, String text) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private Result run(String args) {
        return shell.run("run " + args);
    }

    private static JsonNode summary(Result r) {
        return Json.tree(r.model());
    }

    private static List<JsonNode> transcript(Path file) throws IOException {
        List<JsonNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            events.add(Json.mapper().readTree(line));
        }
        return events;
    }

    // ---- runs ---------------------------------------------------------------------------------------------

    @Test
    void should_refuse_a_transcript_over_an_existing_file_or_through_a_link_before_step_1() throws IOException {
        Path rb = file("fix.ksh", "quorum\n");
        Path kept = tmp.resolve("kept.jsonl");
        Files.writeString(kept, "yesterday's run\n");
        Path link = tmp.resolve("link.jsonl");
        Files.createSymbolicLink(link, tmp.resolve("elsewhere.jsonl"));

        Result over = run(rb + " --transcript " + kept);
        Result through = run(rb + " --transcript " + link);

        assertThat(over.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(over.err()).contains("--transcript " + kept + ": the file exists").doesNotContain("[1]");
        assertThat(Files.readString(kept)).isEqualTo("yesterday's run\n");
        assertThat(through.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(through.err()).contains("it is a symbolic link");
        assertThat(tmp.resolve("elsewhere.jsonl")).doesNotExist();
    }

    @Test
    void should_run_every_step_through_the_real_commands_and_exit_0() throws IOException {
        Path rb = file("check.ksh", """
                param topic = payments
                echo "checking ${topic}"
                quorum
                brokers            # exit 1 (two fenced brokers): findings do not stop a run
                describe ${topic}
                assert result.leaderless == 0 : "${topic} lost its leader"
                assert cluster.leaderless(topic).isEmpty() and cluster.leaderless('rf1').size() == 1
                """);
        Path t = tmp.resolve("t.jsonl");
        Result r = run(rb + " --transcript " + t);

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("checking payments\n", "[3] quorum\n", "[4] brokers\n",
                "[5] describe payments\n", "[6] assert result.leaderless == 0")
                .contains("runbook " + rb + " done: 3 command step(s), 1 with findings, exit 0")
                .contains("transcript: " + t);
        // the steps' own output is printed live, between the echoes
        assertThat(r.out()).containsPattern("\\[4] brokers\\n(.|\\n)*FENCED(.|\\n)*\\[5] describe payments");
        assertThat(summary(r).get("exitCode").asInt()).isZero();

        List<JsonNode> events = transcript(t);
        assertThat(events).extracting(e -> e.get("event").asString())
                .containsExactly("start", "step", "step", "step", "step", "step", "step", "end");
        List<JsonNode> steps = events.subList(1, 7);
        assertThat(steps).extracting(e -> e.get("line").asInt()).containsExactly(2, 3, 4, 5, 6, 7);
        assertThat(steps).extracting(e -> e.get("exitCode").asInt()).containsExactly(0, 0, 1, 0, 0, 0);
        assertThat(steps.get(2).get("step").asString()).isEqualTo("brokers");
        assertThat(steps.get(2).get("output").asString()).contains("FENCED");
        assertThat(events.get(7).get("exitCode").asInt()).isZero();
    }

    @Test
    void should_stop_at_the_first_failed_step_and_name_file_and_line() throws IOException {
        Path rb = file("stop.ksh", "brokers\ndescribe nosuch\nquorum\n");
        Result r = run(rb.toString());

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.out()).contains("[2] describe nosuch")
                .contains("runbook stopped at " + rb + ":2 (exit 2): 'describe nosuch' failed with exit 2: "
                        + "error: no topic 'nosuch' in this cluster")
                .doesNotContain("[3] quorum");
        assertThat(summary(r).get("failedAt").asString()).isEqualTo(rb + ":2");
    }

    @Test
    void should_stop_at_a_false_assertion_with_exit_1_after_findings_that_did_not_stop() throws IOException {
        Path rb = file("assert.ksh", """
                describe rf1
                assert result.leaderless == 0 : "rf1 is leaderless"
                brokers
                """);
        Result r = run(rb.toString());

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).contains("[1] describe rf1", "1 of 2 partitions have no leader")
                .contains("runbook stopped at " + rb + ":2 (exit 1): rf1 is leaderless (left: 1, right: 0)")
                .doesNotContain("[3] brokers");
    }

    @Test
    void should_not_show_a_value_computed_from_a_secret_param_nor_either_line_of_a_multi_line_one() throws IOException {
        Path rb = file("s.ksh", "param token\necho ${token}\nassert token.toUpperCase() == \"nope\"\n");
        Path t = tmp.resolve("s.jsonl");

        Result r = run(rb + " --param " + Tokenizer.quote("token=sekrittoken-7171\nSECOND-LINE-99")
                + " --transcript " + t);

        // was: "left: 'SEKRITTOKEN-7171'" on stdout and in the transcript, and both lines of the param in clear
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out() + r.err()).contains("left: ****, right: 'nope'").doesNotContainIgnoringCase("sekrittoken")
                .doesNotContain("SECOND-LINE-99");
        assertThat(Files.readString(t)).doesNotContainIgnoringCase("sekrittoken").doesNotContain("SECOND-LINE-99");
    }

    @Test
    void should_take_param_overrides_and_reject_unknown_ones() throws IOException {
        Path rb = file("p.ksh", "param topic = payments\ndescribe ${topic}\nassert result.leaderless == 0\n");
        assertThat(run(rb.toString()).code()).isEqualTo(ExitCode.OK);
        Result rf1 = run(rb + " --param topic=rf1");
        assertThat(rf1.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(rf1.out()).contains("[2] describe rf1");

        Result unknown = run(rb + " --param topc=rf1");
        assertThat(unknown.code()).isEqualTo(ExitCode.USAGE);
        assertThat(unknown.err()).contains(rb + ": --param topc: no param 'topc' in this runbook (params: topic)");
        assertThat(run(rb + " --param topic").err()).contains("error: run: --param needs name=value, got 'topic'");
    }

    // ---- checked before anything runs ---------------------------------------------------------------------

    @Test
    void should_report_every_problem_in_the_file_at_once_with_exit_2_and_run_nothing() throws IOException {
        Path rb = file("bad.ksh", """
                quorum --bogus
                frobnicate now
                fake-mutate
                assert nosuch > 1
                run other.ksh
                """);
        Result r = run(rb + " --yes");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().lines()).containsExactly(
                rb + ":1: quorum: unknown option --bogus; see 'quorum --help'",
                rb + ":2: unknown command 'frobnicate'",
                rb + ":4: undefined name 'nosuch' in expression (known: cluster, result)",
                rb + ":5: nested 'run' is not allowed: a runbook cannot run another runbook",
                "error: " + rb + ": 4 problems, nothing ran");
        assertThat(r.out()).isEmpty();
        assertThat(mutate.seen).isEmpty();
        assertThat(summary(r).get("errors")).hasSize(4);
    }

    @Test
    void should_keep_run_out_of_the_catalog_and_refuse_it_inside_a_runbook() {
        CommandCatalog catalog = RunbookBridge.catalog(shell.executor.parser());
        assertThat(catalog.isCommand(List.of("run", "x.ksh"))).isFalse();
        assertThat(catalog.isCommand(List.of("quorum"))).isTrue();
        assertThat(catalog.isMutating(List.of("fake-mutate"))).isTrue();
        assertThat(catalog.isMutating(List.of("quorum"))).isFalse();
        assertThat(catalog.isUnclean(List.of("elect", "unclean", "rf1-0"))).isTrue();
        assertThat(catalog.isUnclean(List.of("fake-mutate"))).isFalse();
        assertThat(catalog.checkLine(List.of("quorum", "--output"))).contains("quorum: option --output needs a value");
        assertThat(catalog.checkLine(List.of("quorum", "--output", "json"))).isEmpty();

        // and should a line reach the command from a runbook anyway, the command refuses it
        Result nested = shell.run("run x.ksh", Prompter.NONE, new ExecutionMode(false, false, true, false, false));
        assertThat(nested.code()).isEqualTo(ExitCode.USAGE);
        assertThat(nested.err()).contains("nested 'run' is not allowed");
    }

    @Test
    void should_refuse_steps_that_need_a_cluster_before_connect() throws IOException {
        session.disconnect();
        Path rb = file("c.ksh", "echo hello\nquorum\n");
        Result r = run(rb.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains(rb + ":2: 'quorum' needs a cluster: connect --bootstrap-server HOST:PORT");
        assertThat(r.out()).doesNotContain("hello");
    }

    @Test
    void should_say_so_when_the_file_does_not_exist() {
        Result r = run(tmp.resolve("missing.ksh").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("error: run: no such file: " + tmp.resolve("missing.ksh") + "\n");
    }

    @Test
    void should_refuse_what_is_not_a_regular_file_in_one_line_without_hanging() throws Exception {
        Path fifo = tmp.resolve("steps.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

        Result r = run(fifo.toString()); // opening a FIFO blocked until a writer came: the run hung
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("error: run: " + fifo + ": is not a regular file (a FIFO, a device or a socket)\n");

        Result zero = run("/dev/zero"); // read until the heap was full: exit 70 after 13 s
        assertThat(zero.code()).isEqualTo(ExitCode.USAGE);
        assertThat(zero.err()).isEqualTo("error: run: /dev/zero: is not a regular file (a FIFO, a device or a socket)\n");
    }

    @Test
    void should_name_the_line_of_a_byte_that_is_not_utf_8() throws IOException {
        Path rb = tmp.resolve("latin1.ksh");
        Files.write(rb, "echo one\necho caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        Result r = run(rb.toString()); // said "Input length = 1"
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("error: run: " + rb + ":2: not UTF-8 text (byte 0xE9): save the file as UTF-8\n");
    }

    @Test
    void should_refuse_a_thousand_nested_brackets_before_step_one() throws IOException {
        Path rb = file("deep.ksh", "echo start\nassert " + "(".repeat(1000) + "1" + ")".repeat(1000) + " == 1\n");

        Result r = run(rb.toString()); // StackOverflowError, exit 70
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains(rb + ":2: expression nested 1000 deep: at most 64 brackets inside one another")
                .doesNotContain("Overflow");
        assertThat(r.out()).doesNotContain("start");
    }

    // ---- dry run and guards -------------------------------------------------------------------------------

    @Test
    void should_only_plan_mutations_in_a_dry_run() throws IOException {
        Path rb = file("m.ksh", "quorum\nfake-mutate\nassert result.planned == false\n");
        Result dry = run(rb + " --dry-run");

        assertThat(dry.code()).as(dry.out()).isEqualTo(ExitCode.OK);
        assertThat(mutate.mutations).isZero();
        assertThat(mutate.seen).singleElement().satisfies(o -> {
            assertThat(o.dryRun()).isTrue();
            assertThat(o.inRunbook()).isTrue();
        });
        assertThat(dry.out()).contains("[2] fake-mutate    (dry run: plan only)", "plan: would change the cluster")
                .contains("(dry run: mutations only planned)");

        Result real = run(rb + " --yes");
        assertThat(real.code()).isEqualTo(ExitCode.OK);
        assertThat(mutate.mutations).isEqualTo(1);
        assertThat(mutate.seen.get(1)).isEqualTo(new ExecutionMode(true, false, true, false, false, rb + ":2"));
    }

    @Test
    void should_refuse_a_mutation_with_no_terminal_and_no_yes_before_any_step() throws IOException {
        Path rb = file("m.ksh", "quorum\nfake-mutate\n");
        Result r = run(rb.toString());

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.out()).doesNotContain("[1] quorum")
                .contains("runbook stopped at " + rb + ":2 (exit 3): refused before any step ran: line 2 changes "
                        + "the cluster and there is no terminal to answer; pass --yes, or --dry-run to see the plan");
        assertThat(mutate.seen).isEmpty();
        assertThat(gateway.calls).isZero();
    }

    @Test
    void should_refuse_unclean_without_allow_unclean_or_without_yes_and_run_it_with_both() throws IOException {
        Path without = file("u1.ksh", "quorum\nelect unclean rf1-0\n");
        Result r1 = run(without + " --yes");
        assertThat(r1.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r1.out()).contains(without + ":2 (exit 3): refused before any step ran: 'elect unclean rf1-0' "
                + "is an unclean election and the runbook does not declare 'allow unclean'")
                .doesNotContain("[1] quorum");

        Path allowed = file("u2.ksh", "allow unclean\nquorum\nelect unclean rf1-0\n");
        Result r2 = shell.run("run " + allowed, Prompter.NONE, ExecutionMode.INTERACTIVE);
        assertThat(r2.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r2.out()).contains("the runbook allows it, but the run needs --yes too, or a terminal");
        assertThat(unclean.seen).isEmpty();

        Result r3 = run(allowed + " --yes");
        assertThat(r3.code()).isEqualTo(ExitCode.OK);
        assertThat(unclean.seen).containsExactly(new ExecutionMode(true, false, true, true, false, allowed + ":3"));
        assertThat(unclean.mutations).isEqualTo(1);
    }

    @Test
    void should_take_the_launchers_yes_as_the_runs() throws IOException {
        Path rb = file("m.ksh", "fake-mutate\n");
        Result r = shell.run("run " + rb, Prompter.NONE, new ExecutionMode(true, false, false, false, false));
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(mutate.mutations).isEqualTo(1);
    }

    @Test
    void should_ask_at_confirm_and_before_each_step_under_step() throws IOException {
        Path rb = file("s.ksh", "quorum\nbrokers\nconfirm \"Go on?\"\ndescribe payments\n");
        ScriptedPrompter terminal = new ScriptedPrompter("s", "maybe", "y", "n");
        Result r = shell.run("run " + rb + " --step", terminal, ExecutionMode.INTERACTIVE);

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(terminal.asked).containsExactly(
                rb + ":1: run 'quorum'? [y]es / [s]kip / [a]bort: ",
                rb + ":2: run 'brokers'? [y]es / [s]kip / [a]bort: ",
                rb + ":2: run 'brokers'? [y]es / [s]kip / [a]bort: ",
                "Go on? [y/N] ");
        assertThat(r.out()).contains("[1] quorum\n  skipped", "[2] brokers", "FENCED")
                .contains("runbook stopped at " + rb + ":3 (exit 3): declined: Go on?")
                .doesNotContain("[4] describe");
    }

    // ---- waits, Ctrl-C, output ----------------------------------------------------------------------------

    @Test
    void should_wait_until_the_cluster_recovers_on_fresh_snapshots() throws IOException {
        gateway.recoverAfter(3, Snapshots.cluster().brokers(4, 5, 6).topic("rf1").partition(0).replicas(5).build());
        Path rb = file("w.ksh", "wait-until cluster.leaderless('rf1').isEmpty() --timeout 1m --every 10s\n");
        Result r = run(rb.toString());

        assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("now: false", "true after 30s (4 checks)");
        assertThat(session.lastSnapshot()).isPresent(); // the prompt sees what the wait saw
    }

    @Test
    void should_time_out_a_wait_with_exit_1_and_the_last_value() throws IOException {
        Path rb = file("w.ksh", "wait-until cluster.leaderless('rf1').size() == 0 --timeout 20s --every 10s\n");
        Result r = run(rb.toString());

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).contains("runbook stopped at " + rb + ":1 (exit 1): wait-until "
                + "cluster.leaderless('rf1').size() == 0 timed out after 20s; last: false (left: 1, right: 0); cluster: ");
    }

    @Test
    void should_stop_cleanly_on_ctrl_c_within_a_step_and_say_where() throws Exception {
        Path rb = file("slow.ksh", "quorum\nslow\nquorum\n");
        Path t = tmp.resolve("slow.jsonl");
        StringWriter out = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(out), false, false, 0, false);
        // As the REPL does it: the line runs on a worker; Ctrl-C cancels its Future (a thread interrupt).
        ExecutorService worker = Executors.newSingleThreadExecutor();
        AtomicReference<CommandLineExecutor.LineResult> outcome = new AtomicReference<>();
        AtomicBoolean interruptLeft = new AtomicBoolean(true);
        try {
            Future<?> running = worker.submit(() -> {
                outcome.set(shell.executor.execute("run " + rb + " --transcript " + t, output, Prompter.NONE,
                        ExecutionMode.INTERACTIVE));
                interruptLeft.set(Thread.currentThread().isInterrupted());
            });
            assertThat(slow.started.await(10, TimeUnit.SECONDS)).isTrue();
            running.cancel(true);
            worker.submit(() -> { }).get(10, TimeUnit.SECONDS); // the cancelled run has finished
        } finally {
            worker.shutdownNow();
        }
        assertThat(outcome.get().code()).isEqualTo(ExitCode.REFUSED);
        assertThat(interruptLeft).as("the interrupt is consumed: the REPL carries on").isFalse();
        assertThat(out.toString()).contains("[2] slow", "error: cancelled")
                .contains("runbook stopped at " + rb + ":2 (exit 3): interrupted (Ctrl-C) during this step")
                .doesNotContain("[3] quorum");
        List<JsonNode> events = transcript(t);
        JsonNode end = events.get(events.size() - 1);
        assertThat(end.get("event").asString()).isEqualTo("end");
        assertThat(end.get("interrupted").asBoolean()).isTrue();
        assertThat(end.get("failedAt").asString()).isEqualTo(rb + ":2");
    }

    @Test
    void should_print_one_json_document_on_stdout_with_output_json() throws IOException {
        Path rb = file("j.ksh", "quorum\ndescribe payments\n");
        Result r = run(rb + " --output json");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        JsonNode json = Json.mapper().readTree(r.out());
        assertThat(json.get("file").asString()).isEqualTo(rb.toString());
        assertThat(json.get("exitCode").asInt()).isZero();
        assertThat(json.path("failedAt").isMissingNode() || json.path("failedAt").isNull()).isTrue();
        assertThat(r.err()).contains("[1] quorum", "[2] describe payments", "PARTITION");
    }

    @Test
    void should_write_the_transcript_under_the_kshell_home_by_default() throws IOException {
        Path rb = file("home.ksh", "quorum\n");
        Result r = run(rb.toString());
        Path written = Path.of(summary(r).get("transcript").asString());
        assertThat(written.getParent()).isEqualTo(KshellHome.dir().resolve("transcripts"));
        assertThat(written.getFileName().toString()).matches("\\d{8}-\\d{6}-home(-\\d+)?\\.jsonl");
        assertThat(transcript(written)).hasSize(3);
        assertThat(RunCommand.transcriptDir()).isEqualTo(KshellHome.dir().resolve("transcripts"));
    }

    // ---- fakes --------------------------------------------------------------------------------------------

    /** A mutating command that exists only in this test: it "changes the cluster" by counting. */
    static final class FakeMutation extends KshellCommand {
        final List<ExecutionMode> seen = new ArrayList<>();
        int mutations;

        FakeMutation(String name, Trait... more) {
            super(CommandSpec.named(name).description("changes the cluster (test)")
                    .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING).traits(more)
                    .arguments(Arg.many("args", ArgKind.TEXT, "anything").optional()));
        }

        @Override
        public ExitCode execute(Invocation inv) {
            seen.add(inv.mode());
            if (inv.mode().dryRun()) {
                inv.emit(Map.of("planned", true), () -> "plan: would change the cluster\n");
                return ExitCode.OK;
            }
            mutations++;
            inv.emit(Map.of("planned", false), () -> "changed the cluster\n");
            return ExitCode.OK;
        }
    }

    /** Blocks like a slow cluster call; an interrupt becomes "cancelled", as the Admin gateway reports it. */
    static final class SlowCommand extends KshellCommand {
        final CountDownLatch started = new CountDownLatch(1);

        SlowCommand() {
            super(CommandSpec.named("slow").description("takes its time (test)"));
        }

        @Override
        public ExitCode execute(Invocation inv) {
            started.countDown();
            try {
                Thread.sleep(20_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");
            }
            return ExitCode.OK;
        }
    }

    /** The seed snapshot, then (optionally) a recovered one after some snapshot calls. */
    static final class SwitchingGateway extends FakeGateway {
        private ClusterSnapshot recovered;
        private int recoverAfter = Integer.MAX_VALUE;
        private int snapshots;

        SwitchingGateway(ClusterSnapshot snapshot) {
            super(snapshot);
        }

        void recoverAfter(int calls, ClusterSnapshot later) {
            recoverAfter = calls;
            recovered = later;
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            if (topics == null && ++snapshots > recoverAfter) {
                calls++;
                return recovered;
            }
            return super.snapshot(topics, withConfigs);
        }
    }

    /** A terminal that answers from a script and remembers the questions. */
    static final class ScriptedPrompter implements Prompter {
        final Deque<String> answers;
        final List<String> asked = new ArrayList<>();

        ScriptedPrompter(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public boolean interactive() {
            return true;
        }

        @Override
        public String ask(String question) {
            asked.add(question);
            return answers.poll();
        }
    }
}
