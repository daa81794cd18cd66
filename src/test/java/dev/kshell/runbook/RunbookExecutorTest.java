package dev.kshell.runbook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.kshell.model.ExitCode;
import dev.kshell.runbook.RunbookPrompter.StepChoice;
import dev.kshell.testsupport.ManualClock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import dev.kshell.rules.Snapshots;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RunbookExecutorTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    // ---- fakes ---------------------------------------------------------------------------------------------

    record Call(String commandLine, StepContext options) {
    }

    /** Answers by command name (first word, or first two for elect), in order; default exit 0 with no model. */
    static final class FakeRunner implements StepRunner {
        final List<Call> calls = new ArrayList<>();
        final Map<String, Deque<Object>> answers = new HashMap<>();

        FakeRunner on(String command, Object... outcomes) {
            answers.computeIfAbsent(command, k -> new ArrayDeque<>()).addAll(List.of(outcomes));
            return this;
        }

        @Override
        public StepOutcome run(String commandLine, StepContext opts) throws InterruptedException {
            calls.add(new Call(commandLine, opts));
            String[] w = commandLine.split(" ");
            String key = w[0].equals("elect") ? w[0] + " " + w[1] : w[0];
            Deque<Object> q = answers.get(key);
            Object a = q == null || q.isEmpty() ? new StepOutcome(0, key + " ok\n", null)
                    : q.size() == 1 ? q.peek() : q.poll();
            if (a instanceof InterruptedException e) {
                throw e;
            }
            if (a instanceof RuntimeException e) {
                throw e;
            }
            return (StepOutcome) a;
        }

        List<String> lines() {
            return calls.stream().map(Call::commandLine).toList();
        }
    }

    static final class FakePrompter implements RunbookPrompter {
        final boolean interactive;
        final Deque<Object> answers = new ArrayDeque<>();
        final List<String> asked = new ArrayList<>();

        FakePrompter(boolean interactive, Object... answers) {
            this.interactive = interactive;
            this.answers.addAll(List.of(answers));
        }

        @Override
        public boolean isInteractive() {
            return interactive;
        }

        @Override
        public boolean confirm(String question) {
            asked.add(question);
            return (Boolean) answers.poll();
        }

        @Override
        public StepChoice askStep(String origin, String stepText) {
            asked.add(origin + " " + stepText);
            return (StepChoice) answers.poll();
        }
    }

    static final class FakeCluster implements ClusterView {
        final List<?> leaderless;

        FakeCluster(int leaderlessCount) {
            List<Map<String, Object>> l = new ArrayList<>();
            for (int i = 0; i < leaderlessCount; i++) {
                l.add(Map.of("topic", "orders", "partition", i, "leader", -1));
            }
            this.leaderless = l;
        }

        @Override
        public List<?> leaderless(String topic) {
            return leaderless;
        }

        @Override
        public List<?> leaderless() {
            return leaderless;
        }

        @Override
        public List<?> underMinIsr(String topic) {
            return List.of();
        }

        @Override
        public List<?> underMinIsr() {
            return List.of();
        }

        @Override
        public boolean healthy() {
            return leaderless.isEmpty();
        }
    }

    private final FakeRunner runner = new FakeRunner();
    private final ManualClock clock = new ManualClock(Instant.parse("2026-05-01T10:00:00Z"));
    private final List<Duration> sleeps = new ArrayList<>();
    private final Sleeper sleeper = d -> {
        sleeps.add(d);
        clock.advance(d);
    };
    private final StringWriter printed = new StringWriter();
    private Supplier<ClusterView> cluster = () -> new FakeCluster(0);

    private Runbook parse(String text, Map<String, String> params) {
        ParseResult r = new RunbookParser().parse("fix.ksh", text, params, new FakeCatalog());
        assertThat(r.errors()).isEmpty();
        return r.runbook();
    }

    private RunResult run(String text, RunbookOptions options, RunbookPrompter prompter) {
        RunbookExecutor executor = new RunbookExecutor(runner, prompter, () -> cluster.get(),
                new PrintWriter(printed), clock, sleeper, tmp.resolve("transcripts"));
        return executor.execute(parse(text, options.params()), options);
    }

    private RunResult run(String text, RunbookOptions options) {
        return run(text, options, new FakePrompter(false));
    }

    private RunResult run(String text) {
        return run(text, RunbookOptions.defaults());
    }

    private static RunbookOptions opts(boolean dryRun, boolean step, boolean yes) {
        return new RunbookOptions(Map.of(), dryRun, step, yes, null);
    }

    private static StepOutcome outcome(int exit, String json) {
        return new StepOutcome(exit, "output of exit " + exit + "\n", json == null ? null : JSON.readTree(json));
    }

    private List<JsonNode> transcript(RunResult r) throws IOException {
        assertThat(r.transcript()).isNotNull().exists();
        return Files.readAllLines(r.transcript()).stream().map(JSON::readTree).toList();
    }

    // ---- tests ---------------------------------------------------------------------------------------------

    @Test
    void should_run_every_step_in_order_and_exit_0() throws IOException {
        RunResult r = run("""
                param topic = orders
                echo "checking ${topic}"
                quorum
                leaderless --topic ${topic}
                """);
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.failedAt()).isNull();
        assertThat(runner.lines()).containsExactly("quorum", "leaderless --topic orders");
        assertThat(runner.calls.get(1).options()).isEqualTo(new StepContext(false, false, false, "fix.ksh:4"));
        assertThat(printed.toString()).contains("checking orders\n[3] quorum\n[4] leaderless --topic orders\n")
                .contains("runbook fix.ksh done: 2 command step(s), exit 0");
        List<JsonNode> t = transcript(r);
        assertThat(t).extracting(n -> n.get("event").asString()).containsExactly("start", "step", "step", "step", "end");
        assertThat(t.get(2).get("line").asInt()).isEqualTo(3);
        assertThat(t.get(2).get("output").asString()).contains("quorum ok");
        assertThat(t.get(2).get("exitCode").asInt()).isZero();
        assertThat(t.get(4).get("exitCode").asInt()).isZero();
        assertThat(r.transcript().getFileName().toString()).isEqualTo("20260501-100000-fix.jsonl");
    }

    @Test
    void should_stop_at_the_first_failed_step_with_its_code_and_line() throws IOException {
        runner.on("leaderless", outcome(4, null));
        RunResult r = run("quorum\n\nleaderless\nbrokers\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:3");
        assertThat(runner.lines()).containsExactly("quorum", "leaderless");
        assertThat(printed.toString()).contains("runbook stopped at fix.ksh:3 (exit 4): 'leaderless' failed with "
                + "exit 4: output of exit 4");
        List<JsonNode> t = transcript(r);
        assertThat(t.get(t.size() - 1).get("failedAt").asString()).isEqualTo("fix.ksh:3");
    }

    @Test
    void should_stop_with_every_failure_code() {
        for (int code : new int[] {2, 3, 5, 70, 42}) {
            runner.calls.clear();
            runner.answers.clear();
            runner.on("brokers", outcome(code, null));
            RunResult r = run("brokers\nquorum\n");
            assertThat(r.exitCode()).isEqualTo(ExitCode.of(code));
            assertThat(runner.lines()).containsExactly("brokers");
        }
    }

    @Test
    void should_carry_on_after_findings_and_let_assert_judge_the_result() {
        runner.on("leaderless", outcome(1, "{\"total\": 2, \"partitions\": [{\"topic\": \"orders\", \"leader\": -1},"
                + " {\"topic\": \"orders\", \"leader\": -1}]}"));
        RunResult r = run("""
                leaderless
                assert result.total == 2 and result.partitions.?[leader == -1].size() == 2
                quorum
                """);
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(runner.lines()).containsExactly("leaderless", "quorum");
        assertThat(r.message()).contains("1 with findings");
    }

    @Test
    void should_exit_1_on_a_false_assertion_naming_the_line() {
        runner.on("triage", outcome(1, "{\"verdict\": \"DEGRADED\"}"));
        RunResult r = run("""
                triage
                # healthy or not?
                assert result.verdict == 'HEALTHY' : "cluster is not healthy"
                quorum
                """);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:3");
        assertThat(r.message()).isEqualTo("cluster is not healthy (left: 'DEGRADED', right: 'HEALTHY')");
        assertThat(runner.lines()).containsExactly("triage");
    }

    @Test
    void should_exit_2_when_an_expression_cannot_be_evaluated_and_4_when_the_cluster_cannot_be_read() {
        runner.on("triage", outcome(0, "{\"verdict\": \"HEALTHY\"}"));
        RunResult typo = run("triage\nassert result.verdit == 'HEALTHY'\n");
        assertThat(typo.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(typo.message()).contains("verdit");
        cluster = () -> {
            throw new IllegalStateException("no brokers answer");
        };
        RunResult down = run("assert cluster.healthy()\n");
        assertThat(down.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(down.message()).contains("no brokers answer");
    }

    @Test
    void should_poll_until_true_on_fresh_cluster_views() {
        AtomicInteger views = new AtomicInteger();
        cluster = () -> new FakeCluster(views.incrementAndGet() < 4 ? 2 : 0);
        RunResult r = run("wait-until cluster.leaderless('orders').isEmpty() --timeout 1m --every 10s\nquorum\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(views).hasValue(4);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10));
        assertThat(printed.toString()).contains("true after 30s (4 checks)");
    }

    @Test
    void should_time_out_with_exit_1_and_the_last_value_seen() throws IOException {
        AtomicInteger views = new AtomicInteger();
        cluster = () -> new FakeCluster(views.incrementAndGet() < 3 ? 3 : 1);
        RunResult r = run("""
                set deadline = 25s
                wait-until cluster.leaderless('orders').size() == 0 --timeout ${deadline} --every 10s
                quorum
                """);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:2");
        assertThat(r.message()).isEqualTo("wait-until cluster.leaderless('orders').size() == 0 timed out after 25s;"
                + " last: false (left: 1, right: 0)");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(5));
        assertThat(views).hasValue(4);
        assertThat(runner.calls).isEmpty();
        assertThat(printed.toString()).contains("now: false (left: 3, right: 0)", "then: false (left: 1, right: 0)");
    }

    @Test
    void should_name_the_last_finding_when_a_wait_on_the_cluster_times_out() {
        // broker 5 is back but demo-rf1's only replica has not been elected yet: 1 leaderless partition
        cluster = () -> new SnapshotClusterView(Snapshots.cluster().brokers(4, 5, 6)
                .topic("demo-rf1").partition(0).replicas(5).noLeader().isr(5)
                .topic("orders").minIsr(2).spread(3, 3).build());
        RunResult r = run("wait-until cluster.healthy() --timeout 40s --every 10s\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:1");
        assertThat(r.message()).isEqualTo("wait-until cluster.healthy() timed out after 40s; last: UNAVAILABLE:"
                + " 1 leaderless partition in 1 topic (demo-rf1 1)");
        assertThat(printed.toString()).contains("runbook stopped at fix.ksh:1 (exit 1): wait-until cluster.healthy()"
                + " timed out after 40s; last: UNAVAILABLE");

        // compared values first, then the cluster as triage saw it
        RunResult compared = run("wait-until cluster.leaderless().size() == 0 --timeout 10s --every 10s\n");
        assertThat(compared.message()).startsWith("wait-until cluster.leaderless().size() == 0 timed out after 10s;"
                + " last: false (left: 1, right: 0); cluster: UNAVAILABLE: 1 leaderless partition");
    }

    @Test
    void should_keep_polling_while_the_cluster_is_unreachable_and_exit_4_if_it_stays_so() {
        cluster = () -> {
            throw new IllegalStateException("timeout talking to localhost:9092");
        };
        RunResult r = run("wait-until cluster.healthy() --timeout 30s --every 10s\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(sleeps).hasSize(3);
        assertThat(r.message()).contains("last: cannot read the cluster: timeout talking to localhost:9092");
    }

    @Test
    void should_only_plan_mutations_in_a_dry_run() {
        runner.on("leaderless", outcome(1, "{\"total\": 1, \"partitions\": []}"));
        cluster = () -> new FakeCluster(1);
        RunResult r = run("""
                leaderless
                confirm "Elect?"
                elect preferred --all
                assert result.total == 0 : "still leaderless"
                wait-until cluster.healthy() --timeout 5m
                quorum
                """, opts(true, false, false));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(runner.lines()).containsExactly("leaderless", "elect preferred --all", "quorum");
        assertThat(runner.calls).allSatisfy(c -> assertThat(c.options().dryRun()).isTrue());
        assertThat(sleeps).isEmpty();
        assertThat(printed.toString()).contains("[3] elect preferred --all    (dry run: plan only)",
                "(dry run) would ask: Elect?", "(dry run) cannot judge a planned mutation",
                "(dry run) not waiting");
    }

    @Test
    void should_refuse_unclean_without_allow_unclean_before_anything_runs() {
        RunResult r = run("triage\nelect unclean --topic t --partition 0\n", opts(false, false, true));
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:2");
        assertThat(r.message()).contains("does not declare 'allow unclean'");
        assertThat(runner.calls).isEmpty();
    }

    @Test
    void should_refuse_unclean_allowed_by_the_file_without_yes_and_without_a_terminal() {
        RunResult r = run("allow unclean\ntriage\nelect unclean --topic t --partition 0\n",
                RunbookOptions.defaults(), new FakePrompter(false));
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.message()).contains("needs --yes too, or a terminal to type the confirmation at");
        assertThat(runner.calls).isEmpty();
    }

    @Test
    void should_run_an_allowed_unclean_step_at_a_terminal_without_yes_so_that_the_step_asks() {
        RunResult r = run("allow unclean\ntriage\nelect unclean --topic t --partition 0\n",
                RunbookOptions.defaults(), new FakePrompter(true));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(runner.lines()).containsExactly("triage", "elect unclean --topic t --partition 0");
        assertThat(runner.calls.get(1).options().yes()).isFalse();
    }

    @Test
    void should_run_unclean_with_allow_unclean_and_yes() {
        RunResult r = run("allow unclean\ntriage\nelect unclean --topic t --partition 0\n", opts(false, false, true));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(runner.lines()).containsExactly("triage", "elect unclean --topic t --partition 0");
        assertThat(runner.calls.get(1).options()).isEqualTo(new StepContext(true, false, true, "fix.ksh:3"));
    }

    @Test
    void should_refuse_confirm_and_mutations_without_terminal_or_yes_before_anything_runs() {
        RunResult confirm = run("triage\nconfirm \"Go on?\"\nquorum\n");
        assertThat(confirm.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(confirm.failedAt()).isEqualTo("fix.ksh:2");
        assertThat(confirm.message()).contains("no terminal").contains("--yes");
        RunResult elect = run("triage\nelect preferred --all\n");
        assertThat(elect.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(elect.failedAt()).isEqualTo("fix.ksh:2");
        assertThat(runner.calls).isEmpty();
    }

    @Test
    void should_answer_confirm_with_yes_or_the_terminal() {
        assertThat(run("confirm \"Go on?\"\nquorum\n", opts(false, false, true)).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(printed.toString()).contains("Go on? yes (--yes)");
        FakePrompter yes = new FakePrompter(true, true);
        assertThat(run("confirm \"Go on?\"\nquorum\n", RunbookOptions.defaults(), yes).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(yes.asked).containsExactly("Go on?");
        runner.calls.clear();
        RunResult no = run("confirm \"Go on?\"\nquorum\n", RunbookOptions.defaults(), new FakePrompter(true, false));
        assertThat(no.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(no.message()).isEqualTo("declined: Go on?");
        assertThat(runner.calls).isEmpty();
    }

    @Test
    void should_ask_before_every_command_step_with_step() {
        FakePrompter p = new FakePrompter(true, StepChoice.YES, StepChoice.SKIP, StepChoice.YES, StepChoice.ABORT);
        RunResult r = run("quorum\nbrokers\necho hi\ntriage\nleaderless\nunder-min-isr\n", opts(false, true, false), p);
        assertThat(p.asked).containsExactly("fix.ksh:1 quorum", "fix.ksh:2 brokers", "fix.ksh:4 triage",
                "fix.ksh:5 leaderless");
        assertThat(runner.lines()).containsExactly("quorum", "triage");
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:5");
        assertThat(r.message()).contains("aborted");
        assertThat(run("quorum\n", opts(false, true, false)).exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void should_stop_cleanly_on_ctrl_c_within_a_step_and_leave_a_transcript() throws IOException {
        runner.on("brokers", new InterruptedException());
        RunResult r = run("quorum\nbrokers\ntriage\n");
        assertThat(r.interrupted()).isTrue();
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.failedAt()).isEqualTo("fix.ksh:2");
        assertThat(runner.lines()).containsExactly("quorum", "brokers");
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
        List<JsonNode> t = transcript(r);
        assertThat(t.get(t.size() - 2).get("note").asString()).isEqualTo("interrupted");
        assertThat(t.get(t.size() - 1).get("interrupted").asBoolean()).isTrue();
    }

    @Test
    void should_stop_cleanly_on_ctrl_c_between_steps_and_in_a_wait() {
        Thread.currentThread().interrupt();
        RunResult between = run("quorum\n");
        assertThat(between.interrupted()).isTrue();
        assertThat(runner.calls).isEmpty();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();

        cluster = () -> new FakeCluster(1);
        RunbookExecutor executor = new RunbookExecutor(runner, new FakePrompter(false), cluster,
                new PrintWriter(printed), clock, d -> {
                    throw new InterruptedException();
                }, tmp);
        RunResult inWait = executor.execute(parse("wait-until cluster.healthy()\nquorum\n", Map.of()),
                RunbookOptions.defaults());
        assertThat(inWait.interrupted()).isTrue();
        assertThat(inWait.failedAt()).isEqualTo("fix.ksh:1");
        assertThat(runner.calls).isEmpty();
    }

    @Test
    void should_turn_a_runner_crash_into_exit_70() {
        runner.on("quorum", new IllegalStateException("boom"));
        RunResult r = run("quorum\nbrokers\n");
        assertThat(r.exitCode()).isEqualTo(ExitCode.INTERNAL);
        assertThat(runner.lines()).containsExactly("quorum");
    }

    @Test
    void should_write_the_transcript_where_asked_and_run_without_one_if_it_cannot() throws IOException {
        Path file = tmp.resolve("my/run.jsonl");
        RunResult r = run("quorum\n", new RunbookOptions(Map.of(), false, false, false, file));
        assertThat(r.transcript()).isEqualTo(file);
        assertThat(Files.readAllLines(file)).hasSize(3);

        Files.writeString(tmp.resolve("blocker"), "a file, not a directory");
        RunbookExecutor executor = new RunbookExecutor(runner, new FakePrompter(false), cluster,
                new PrintWriter(printed), clock, sleeper, tmp.resolve("blocker"));
        RunResult noTranscript = executor.execute(parse("quorum\n", Map.of()), RunbookOptions.defaults());
        assertThat(noTranscript.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(noTranscript.transcript()).isNull();
        assertThat(printed.toString()).contains("warning: no transcript for this run");
    }

    @Test
    void should_read_param_pairs() {
        assertThat(RunbookOptions.params(List.of("topic=orders", "x=a=b", "empty=")))
                .containsExactly(Map.entry("topic", "orders"), Map.entry("x", "a=b"), Map.entry("empty", ""));
        assertThatThrownBy(() -> RunbookOptions.params(List.of("novalue")))
                .hasMessage("--param needs name=value, got 'novalue'");
        assertThatThrownBy(() -> RunbookOptions.params(List.of("a=1", "a=2"))).hasMessage("--param a given twice");
    }
}
