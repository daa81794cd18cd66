package dev.kshell.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.QuorumChangeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.VoterChange;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.FakeQuorumChanges;
import dev.kshell.workflow.quorum.VoterChanges;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.workflow.quorum.QuorumReadout;
import java.time.Duration;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * {@code quorum} and {@code quorum replace|remove|add-controller} over a fake dynamic quorum in which controller 2
 * came back with a new disk: what the operator reads, what is sent, the exit code, and the audit log.
 */
@Timeout(30)
class QuorumChangeCommandTest {

    static final String OLD = "AAAAAAAAAAAAAAAAAAAAAA";
    static final String NEW = "BBBBBBBBBBBBBBBBBBBBBB";
    static final String DIR1 = "CCCCCCCCCCCCCCCCCCCCCC";
    static final String DIR3 = "DDDDDDDDDDDDDDDDDDDDDD";

    @TempDir
    Path home;

    /** Voter ids whose own endpoint does not answer. */
    private final List<Integer> dead = new ArrayList<>();
    /** Endpoints given with --endpoint that do not answer, with why. */
    private final Map<String, String> silentEndpoints = new java.util.HashMap<>();
    private FakeQuorumChanges changes;
    private FakeGateway gateway;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    static QuorumMember voter(int id, String dir, long lag, long fetchAgeMs) {
        return new QuorumMember(id, dir, List.of("CONTROLLER://127.0.0.1:910" + id), 600 - lag, lag, fetchAgeMs,
                lag == 0 ? fetchAgeMs : 30_000L);
    }

    /** Leader 1; voter 2's old directory silent for 24 s; observer 2 with a new directory, caught up; brokers 4-6. */
    static QuorumDescription newDisk(short kraftVersion) {
        return new QuorumDescription(1, 2, 600,
                List.of(voter(1, DIR1, 0, 0), new QuorumMember(2, OLD, List.of("CONTROLLER://127.0.0.1:9102"), 548,
                        52L, 24_000L, 24_500L), voter(3, DIR3, 0, 200)),
                List.of(new QuorumMember(2, NEW, List.of(), 600, 0L, 230L, 230L),
                        new QuorumMember(4, "EEEEEEEEEEEEEEEEEEEEEE", List.of(), 600, 0L, 100L, 100L)),
                kraftVersion);
    }

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        use(newDisk((short) 1));
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
    }

    private void use(QuorumDescription q) {
        changes = new FakeQuorumChanges(q);
        QuorumState state = new QuorumState(q.leaderId(), q.leaderEpoch(), q.highWatermark(),
                q.voters().stream().map(m -> new QuorumReplica(m.id(), m.logEndOffset(), m.lag(), m.lastFetchAgeMs(),
                        m.lastCaughtUpAgeMs())).toList(), List.of());
        gateway = new FakeGateway(FakeGateway.snapshot(state, List.of(), List.of()));
        gateway.quorumChanges = changes;
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober =
                (g, d) -> d.voters().stream().map(v -> {
                    boolean answers = !dead.contains(v.id());
                    return new ProbeResult(v.id(), "controller", "127.0.0.1:910" + v.id(), answers, 1,
                            answers ? null : "connection refused");
                }).toList();
        VoterChanges workflow = new VoterChanges(session, prober, (g, endpoints) -> {
            Map<String, String> silent = new java.util.LinkedHashMap<>(silentEndpoints);
            silent.keySet().retainAll(endpoints);
            return silent;
        });
        List<KshellCommand> commands = new ArrayList<>();
        commands.add(new QuorumCommand(session, new QuorumReadout(session, prober)));
        commands.add(new TriageCommand(session));
        for (VoterChangePlan.Kind kind : VoterChangePlan.Kind.values()) {
            commands.add(new QuorumChangeCommand(session, kind, workflow));
        }
        executor = new CommandLineExecutor(CommandLineParser.forCommands(commands), session);
    }

    private CommandLineExecutor.LineResult run(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    /** Every read of the fake gateway (snapshot, quorum, brokers, ...) counts. */
    private int gatewayCalls() {
        return gateway.calls;
    }

    private String audit() throws Exception {
        Path log = home.resolve("audit.jsonl");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "garbage|--endpoint garbage: not an endpoint; give the listener's name too",
            "127.0.0.1:9093|--endpoint 127.0.0.1:9093: not an endpoint; give the listener's name too, LISTENER://127.0.0.1:9093",
            "CONTROLLER://h:99999|--endpoint CONTROLLER://h:99999: port 99999 is out of range (1-65535)",
            "''|option --endpoint needs a value"})
    void should_refuse_a_malformed_endpoint_before_any_cluster_call(String endpoint, String said) throws Exception {
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --endpoint " + (endpoint.isEmpty() ? "''"
                : endpoint) + " --yes");

        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains(said);
        assertThat(err.toString().lines().count()).isEqualTo(1);
        assertThat(changes.calls).isEmpty();
        assertThat(gatewayCalls()).as("no cluster call").isZero();
        assertThat(audit()).contains("\"decision\":\"invalid\"");
    }

    @Test
    void should_say_the_quorum_is_dynamic_and_that_controller_2_came_back_with_a_new_disk() {
        CommandLineExecutor.LineResult r = run("quorum");
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString())
                .startsWith("DEGRADED: leader 1 (epoch 2), 2/3 voters caught up\n")
                .contains("quorum dynamic (kraft.version 1)")
                .contains("controller 2 came back with a new disk (directory " + NEW + "; the voter set still holds "
                        + OLD + "); `quorum replace-controller 2` replaces it")
                .containsPattern("2 +follower +old-disk .*" + OLD)
                .containsPattern("2 +observer +caught-up .*" + NEW)
                .contains("voter endpoints: 1 CONTROLLER://127.0.0.1:9101, 2 CONTROLLER://127.0.0.1:9102");
    }

    @Test
    void should_name_the_new_disk_in_triages_quorum_step_with_the_command_that_replaces_it() {
        run("triage");
        assertThat(out.toString()).contains("1. Quorum: leader 1, epoch 2, 2 of 3 voters caught up")
                .contains("controller 2 came back with a new disk (directory " + NEW + "; the voter set still holds "
                        + OLD + ")")
                .contains("do:   quorum replace-controller 2").contains("next: quorum replace-controller 2")
                .doesNotContain("down or cut off");
    }

    @Test
    void should_not_read_a_voter_whose_disk_is_gone_as_caught_up_right_after_the_restart() {
        // the leader's last numbers for the old directory still look fresh: 1 s ago, 15 records behind
        QuorumDescription fresh = newDisk((short) 1);
        List<QuorumMember> voters = new ArrayList<>(fresh.voters());
        voters.set(1, new QuorumMember(2, OLD, List.of("CONTROLLER://127.0.0.1:9102"), 585, 15L, 1_000L, 6_600L));
        use(new QuorumDescription(1, 2, 600, voters, fresh.observers(), (short) 1));
        assertThat(run("quorum").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("DEGRADED: leader 1 (epoch 2), 2/3 voters caught up\n");
    }

    @Test
    void should_not_take_a_removed_voters_silent_old_directory_for_a_new_disk() {
        // after the replacement: voter 2 has the new directory; the old one lingers as a silent observer
        use(new QuorumDescription(1, 2, 700, List.of(voter(1, DIR1, 0, 0), voter(2, NEW, 0, 100),
                voter(3, DIR3, 0, 100)), List.of(new QuorumMember(2, OLD, List.of(), 548, 152L, 63_000L, 63_500L)),
                (short) 1));
        assertThat(run("quorum").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("OK: leader 1 (epoch 2), 3/3 voters caught up\n")
                .containsPattern("2 +observer +old-disk .*" + OLD).doesNotContain("came back with a new disk");
    }

    @Test
    void should_ask_again_inside_the_deadline_when_a_broker_answers_at_once_that_it_knows_no_quorum_leader() {
        QuorumDescription q = newDisk((short) 1);
        QuorumState state = new QuorumState(1, 2, 600, List.of(new QuorumReplica(1, 600, 0L, 0L, 0L),
                new QuorumReplica(3, 600, 0L, 10L, 10L)), List.of());
        int[] asked = {0};
        ClusterTarget target = new ClusterTarget("fake:9092", null,
                Map.of(), Duration.ofSeconds(10));
        FakeGateway flaky = new FakeGateway(FakeGateway.snapshot(state, List.of(), List.of()), target) {
            @Override
            public QuorumState quorum() {
                if (asked[0]++ == 0) {
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                            "no quorum leader reachable via fake:9092 within 10s");
                }
                return super.quorum();
            }
        };
        flaky.quorumChanges = new FakeQuorumChanges(q);
        ShellSession session = new ShellSession(t -> flaky);
        session.connect(target, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new QuorumCommand(session,
                new QuorumReadout(session, (g, d) -> List.of())))), session);
        CommandLineExecutor.LineResult r = run("quorum");
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.FINDINGS);
        assertThat(asked[0]).isEqualTo(2);
        assertThat(out.toString()).startsWith("DEGRADED: leader 1 (epoch 2), 2/3 voters caught up");
    }

    @Test
    void should_not_say_ok_while_a_majority_of_the_voters_does_not_answer() {
        // two of three voters dead: the survivor still answers as leader, with its last numbers for the others
        use(new QuorumDescription(1, 2, 600, List.of(voter(1, DIR1, 0, 0), voter(2, OLD, 0, 900),
                voter(3, DIR3, 0, 900)), List.of(), (short) 1));
        dead.addAll(List.of(2, 3));
        assertThat(run("quorum").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("NO QUORUM: 1 of 3 voters answer (2, 3 do not); leader 1's answer is its "
                + "last word before it notices\n").contains("voter 2 does not answer on its own endpoint");
    }

    @Test
    void should_replace_controller_2_remove_then_add_with_the_endpoints_from_the_quorum_and_audit_it() throws Exception {
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(changes.calls).containsExactly("remove 2 " + OLD, "add 2 " + NEW + " [CONTROLLER://127.0.0.1:9102]");
        assertThat(changes.quorum.voter(2).orElseThrow().directoryId()).isEqualTo(NEW);
        assertThat(out.toString()).contains("plan: quorum replace-controller 2")
                .contains("1. remove voter 2 (directory " + OLD + ")")
                .contains("2. add voter 2 (directory " + NEW + ") at CONTROLLER://127.0.0.1:9102")
                .contains("between the two steps the quorum runs on 2 voters (1, 3; 2 needed)")
                .contains("controller 2 is a caught-up voter: 3 voters [1, 2, 3]");
        assertThat(audit()).contains("\"decision\":\"confirmed\"").contains("\"decision\":\"succeeded\"")
                .contains("\"action\":\"replace-controller\"").contains("\"approvedBy\":\"--yes\"");
    }

    @Test
    void should_refuse_a_replacement_that_would_lose_the_majority_and_change_nothing() throws Exception {
        dead.add(3);
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.error()).contains("refused: the quorum would lose its majority: while controller 2 is out the "
                + "quorum runs on 1, 3 (2 of 2 needed) and 3 does not answer; nothing was changed");
        assertThat(changes.calls).isEmpty();
        assertThat(audit()).contains("\"decision\":\"refused\"");
    }

    @Test
    void should_refuse_on_a_static_quorum_in_one_line_and_print_the_procedure_that_works_there() {
        use(newDisk((short) 0));
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.error()).contains("refused: the quorum is static (kraft.version 0, controller.quorum.voters)")
                .doesNotContain("\n");
        assertThat(out.toString()).contains("On a static quorum a controller whose disk is gone comes back as the "
                + "same voter").contains("KAFKA-21426").contains("kraft.version cannot be downgraded");
        assertThat(changes.calls).isEmpty();
    }

    @Test
    void should_say_the_state_and_the_one_command_that_finishes_when_the_add_fails_after_the_remove() {
        changes.addAnswers.add(new VoterChange(VoterChange.Outcome.FAILED, "addRaftVoter: broken"));
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.ACTION_FAILED);
        assertThat(r.error()).contains("removed voter 2 (directory " + OLD + "), then adding voter 2 (directory " + NEW
                + ") failed: addRaftVoter: broken; the quorum now runs on 2 voters [1, 3] and controller 2 fetches as "
                + "an observer; finish with: quorum add-controller 2 --endpoint CONTROLLER://127.0.0.1:9102");
    }

    @Test
    void should_send_the_add_again_while_the_leader_cannot_reach_the_restarted_controller_yet() {
        changes.addAnswers.add(new VoterChange(VoterChange.Outcome.UNREACHED, "addRaftVoter: Aborted add voter "
                + "operation for since API_VERSIONS returned an error BROKER_NOT_AVAILABLE"));
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(changes.calls).containsExactly("remove 2 " + OLD, "add 2 " + NEW + " [CONTROLLER://127.0.0.1:9102]",
                "add 2 " + NEW + " [CONTROLLER://127.0.0.1:9102]");
        assertThat(err.toString()).contains("the leader has not added voter 2 yet (addRaftVoter: Aborted add voter "
                + "operation for since API_VERSIONS returned an error BROKER_NOT_AVAILABLE); trying again for up to "
                + "30 s...").contains("added voter 2 (directory " + NEW + ")");
        assertThat(out.toString()).contains("controller 2 is a caught-up voter: 3 voters [1, 2, 3]");
    }

    @Test
    void should_plan_only_on_a_dry_run_and_refuse_without_a_terminal_or_yes() throws Exception {
        assertThat(run("quorum replace-controller 2 --dry-run").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("dry run: nothing was changed");
        assertThat(run("quorum replace-controller 2").code()).isEqualTo(ExitCode.REFUSED);
        assertThat(changes.calls).isEmpty();
        assertThat(audit()).contains("\"decision\":\"dry-run\"").contains("no terminal to ask on");
    }

    @Test
    void should_add_the_fetching_observer_not_a_silent_directory_left_from_an_earlier_change() {
        QuorumDescription q = newDisk((short) 1);
        List<QuorumMember> observers = new ArrayList<>();
        observers.add(new QuorumMember(2, "SSSSSSSSSSSSSSSSSSSSSS", List.of(), 31, 395L, 195_000L, 195_400L));
        observers.addAll(q.observers());
        use(new QuorumDescription(1, 2, 600, q.voters(), observers, (short) 1));
        assertThat(run("quorum replace-controller 2 --yes").code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(changes.calls).containsExactly("remove 2 " + OLD, "add 2 " + NEW + " [CONTROLLER://127.0.0.1:9102]");
    }

    @Test
    void should_refuse_while_the_new_observer_is_not_caught_up() {
        QuorumDescription q = newDisk((short) 1);
        use(new QuorumDescription(1, 2, 600, q.voters(), List.of(new QuorumMember(2, NEW, List.of(), 560, 40L, 200L,
                30_000L)), (short) 1));
        CommandLineExecutor.LineResult r = run("quorum replace-controller 2 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.error()).contains("observer 2 (directory " + NEW + ") is not caught up (lag 40): wait until it is");
        assertThat(changes.calls).isEmpty();
    }

    @Test
    void should_remove_then_add_a_controller_with_the_same_checks() {
        assertThat(run("quorum add-controller 2 --yes").code()).isEqualTo(ExitCode.REFUSED); // 2 is a voter already
        assertThat(run("quorum remove-controller 2 --yes").code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(changes.quorum.voter(2)).isEmpty();
        assertThat(run("quorum add-controller 2 --endpoint CONTROLLER://127.0.0.1:9102 --yes").code())
                .as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(changes.calls).containsExactly("remove 2 " + OLD, "add 2 " + NEW + " [CONTROLLER://127.0.0.1:9102]");
    }

    @Test
    void should_refuse_to_add_a_voter_at_an_endpoint_that_does_not_answer() {
        assertThat(run("quorum remove-controller 2 --yes").code()).as(err.toString()).isEqualTo(ExitCode.OK);
        silentEndpoints.put("CONTROLLER://127.0.0.1:1", "connection refused");
        CommandLineExecutor.LineResult r = run("quorum add-controller 2 --endpoint CONTROLLER://127.0.0.1:1 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.error()).contains("CONTROLLER://127.0.0.1:1 does not answer from here (connection refused): the "
                + "other controllers could not reach voter 2 there; give controller 2's own controller listener with "
                + "--endpoint").contains("nothing was changed");
        assertThat(changes.calls).containsExactly("remove 2 " + OLD);
    }
}
