package dev.kshell.cli;

import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumState;
import dev.kshell.render.Json;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.ManualClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.model.ZooKeeperState;
import java.io.IOException;
import java.nio.file.Files;

/**
 * The quorum history through the commands, over a fake gateway whose quorum leader changes: {@code quorum
 * --history}, triage step 1 and the unclean guard judge the same history, in this session and in a new one that
 * only has the state file; 15 minutes later by the injected clock the same history is forgiven.
 */
@Timeout(30)
class QuorumStabilityCommandsTest {

    private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    @TempDir
    Path home;
    private final ManualClock clock = new ManualClock(T0);
    private ElectCommandsTest.ElectingGateway electing;

    private ClusterGateway gateway;
    private StringWriter out;
    private StringWriter err;

    /**
     * The election fake, except that its quorum read follows its current snapshot (the leader changes). A proxy, so
     * that it keeps every other answer of the election fake as that fake evolves.
     */
    static ClusterGateway flapping(ElectCommandsTest.ElectingGateway inner) {
        return (ClusterGateway) Proxy.newProxyInstance(ClusterGateway.class.getClassLoader(),
                new Class<?>[]{ClusterGateway.class}, (proxy, method, args) -> {
                    if (method.getName().equals("quorum") && method.getParameterCount() == 0) {
                        return inner.current.quorum();
                    }
                    try {
                        return method.invoke(inner, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        electing = new ElectCommandsTest.ElectingGateway(ElectCommandsTest.incident());
        gateway = flapping(electing);
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    /** A session as the shell wires it: the quorum memory backed by the state dir, on the test's clock. */
    private CommandLineExecutor shell() {
        ShellSession session = new ShellSession(t -> gateway);
        session.useQuorumMemory(QuorumMemory.withFile(home.resolve("state"), clock));
        session.connect(FakeGateway.TARGET, "fake", null);
        return new CommandLineExecutor(CommandLineParser.forCommands(List.of(new QuorumCommand(session),
                new TriageCommand(session), new ElectUncleanCommand(session))), session);
    }

    private CommandLineExecutor.LineResult run(CommandLineExecutor shell, String line, Prompter prompter) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return shell.execute(line, output, prompter, ExecutionMode.INTERACTIVE);
    }

    private void leader(int id, long epoch) {
        ClusterSnapshot s = electing.current;
        electing.current = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(),
                new QuorumState(id, epoch, 420, List.of(), List.of()), null, s.topics());
    }

    /** Leader 1 (epoch 7), then 2 (epoch 8), then 3 (epoch 10), each seen by a {@code quorum} 20 s apart. */
    private CommandLineExecutor flap() {
        CommandLineExecutor shell = shell();
        run(shell, "quorum", Prompter.NONE);
        for (int[] next : new int[][]{{2, 8}, {3, 10}}) {
            clock.advance(Duration.ofSeconds(20));
            leader(next[0], next[1]);
            run(shell, "quorum", Prompter.NONE);
        }
        return shell;
    }

    @Test
    void should_show_each_leader_change_with_times_in_quorum_history_as_table_and_json() {
        CommandLineExecutor shell = flap();
        assertThat(run(shell, "quorum", Prompter.NONE).code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("quorum unstable: leader changed 3 times in the last 10 min (epoch 7 -> 10; leaders 1, 2, 3)")
                .contains("next: quorum --history, watch quorum");

        assertThat(run(shell, "quorum --history", Prompter.NONE).code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                quorum history of cluster fake-cluster (this session and earlier runs, last 24 h, up to 200 changes)
                FIRST SEEN (UTC)     LAST SEEN (UTC)      LEADER  EPOCH  MODE   CHANGE
                2026-12-01 03:00:00  2026-12-01 03:00:00  1       7      kraft  -
                2026-12-01 03:00:20  2026-12-01 03:00:20  2       8      kraft  leader 1 -> 2
                2026-12-01 03:00:40  2026-12-01 03:00:40  3       10     kraft  leader 2 -> 3 (epoch +2: elections kshell did not see)
                quorum unstable: leader changed 3 times in the last 10 min (epoch 7 -> 10; leaders 1, 2, 3); leader 3 has held 0 s as far as kshell watched
                next: watch quorum
                """);

        run(shell, "quorum --history --output json", Prompter.NONE);
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("clusterId").asString()).isEqualTo("fake-cluster");
        assertThat(json.get("persistent").asBoolean()).isTrue();
        assertThat(json.get("terms")).extracting(t -> t.get("leaderId").asInt()).containsExactly(1, 2, 3);
        assertThat(json.get("terms").get(1).get("firstSeenAt").asString()).isEqualTo("2026-12-01T03:00:20Z");
        assertThat(json.get("terms").get(2).get("mode").asString()).isEqualTo("kraft");
        assertThat(json.get("stability").get("changes").asInt()).isEqualTo(3);
        assertThat(json.get("stability").get("stable").asBoolean()).isFalse();
    }

    @Test
    void should_judge_the_flapping_in_a_new_session_from_the_state_file_alone_and_forgive_it_15_minutes_later()
            throws IOException {
        flap();
        CommandLineExecutor fresh = shell(); // a new session: nothing in memory, only the state file

        CommandLineExecutor.LineResult triage = run(fresh, "triage", Prompter.NONE);
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        // the fixture's brokers have no endpoint that answers a probe: no broker serves, the verdict is UNAVAILABLE
        // (the quorum's instability, an ERROR, leads the next command)
        assertThat(out.toString()).startsWith("UNAVAILABLE: ")
                .contains("next: watch quorum\n")
                .contains("1. Quorum: quorum unstable: leader changed 3 times in the last 10 min (epoch 7 -> 10; leaders 1, 2, 3); "
                        + "leader 3 has held 0 s as far as kshell watched; now leader 3")
                .contains("do:   find why the controller keeps changing: long GC pauses on the active controller")
                .contains("do not touch unclean election now");

        CommandLineExecutor.LineResult refused = run(fresh, "elect unclean orders-1", ElectCommandsTest.answering("orders-1"));
        assertThat(refused.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("the override phrase did not match 'override unstable quorum'")
                .contains("quorum unstable: leader changed 3 times");
        assertThat(electing.mutations).isEmpty();
        assertThat(run(fresh, "elect unclean orders-1", Prompter.NONE).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("quorum unstable: leader changed 3 times").contains("watch quorum");

        // a person at the terminal may go ahead with the explicit override phrase; the audit log says so and why
        ClusterSnapshot before = electing.current;
        RunCommandTest.ScriptedPrompter person = new RunCommandTest.ScriptedPrompter("override unstable quorum",
                "orders-1");
        assertThat(run(fresh, "elect unclean orders-1 --keep-order", person).code()).isEqualTo(ExitCode.OK);
        assertThat(person.asked.get(0)).contains("REFUSED unless you override it: quorum unstable");
        assertThat(electing.mutations).contains("UNCLEAN orders-1");
        List<String> audit = Files.readAllLines(home.resolve("audit.jsonl"));
        JsonNode confirmed = Json.mapper().readTree(audit.get(audit.size() - 2));
        assertThat(confirmed.get("decision").asString()).isEqualTo("confirmed");
        assertThat(confirmed.get("approvedBy").asString())
                .isEqualTo("typed override 'override unstable quorum' + typed confirmation");
        assertThat(confirmed.get("reason").asString()).startsWith("overridden at the terminal: quorum unstable");
        electing.mutations.clear();
        electing.current = before; // orders-1 leaderless again for the rest of the story

        clock.advance(Duration.ofMinutes(15));
        run(fresh, "triage", Prompter.NONE);
        assertThat(out.toString()).doesNotContain("quorum unstable").contains("[ok]      1. Quorum: leader 3, epoch 10");
        CommandLineExecutor.LineResult allowed = run(fresh, "elect unclean orders-1", ElectCommandsTest.answering("orders-1"));
        assertThat(err.toString()).doesNotContain("unstable");
        assertThat(allowed.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(electing.mutations).contains("UNCLEAN orders-1");
    }

    /** ZooKeeper mode: {@code quorum} records the controller id and {@code /controller_epoch} (read with --zookeeper). */
    @Test
    void should_record_zookeeper_mode_controller_changes_with_their_controller_epoch() {
        CommandLineExecutor shell = shell();
        controller(4, 12);
        assertThat(run(shell, "quorum", Prompter.NONE).code()).isEqualTo(ExitCode.OK);
        clock.advance(Duration.ofSeconds(20));
        controller(5, 13);
        assertThat(run(shell, "quorum", Prompter.NONE).code()).as("one controller change is a failover, not flapping")
                .isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("/controller 5, /controller_epoch 13").doesNotContain("unstable");
        run(shell, "quorum --history", Prompter.NONE);
        assertThat(out.toString()).contains("one failover 0 s ago (controller 4 -> 5, epoch 12 -> 13");

        CommandLineExecutor fresh = shell(); // only the state file
        run(fresh, "quorum --history --output json", Prompter.NONE);
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("terms")).extracting(t -> t.get("leaderId").asInt() + "@" + t.get("epoch").asLong() + " "
                + t.get("mode").asString() + " " + t.get("source").asString())
                .containsExactly("4@12 zookeeper zookeeper /controller", "5@13 zookeeper zookeeper /controller");
    }

    private void controller(int id, long epoch) {
        ClusterSnapshot s = electing.current;
        electing.current = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(),
                QuorumState.zooKeeperController(id, epoch, new ZooKeeperState("zk:2181", id, epoch,
                        null, List.of(4, 5, 6), List.of(), null)), null, s.topics());
    }

    @Test
    void should_see_this_sessions_own_reads_even_when_the_state_file_cannot_be_written() throws Exception {
        Files.writeString(home.resolve("state"), "a file where the state directory should be");
        CommandLineExecutor shell = flap();
        CommandLineExecutor.LineResult triage = run(shell, "triage", Prompter.NONE);
        assertThat(triage.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("quorum unstable: leader changed 3 times");
        assertThat(err.toString()).contains("warning: quorum history not written:");
    }
}
