package dev.kshell.cli;

import dev.kshell.cli.commands.AtMinIsrCommand;
import dev.kshell.cli.commands.CoordinatorsCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.UnderMinIsrCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.model.ProbeResult;
import dev.kshell.workflow.check.TriageService;

/** The diagnosis commands over fake gateways: what the operator reads, and the exit code. */
@Timeout(30)
class DiagnosisCommandsTest {

    /** Every probed node answers: the fixtures' brokers have no real endpoint to ask. */
    static final TriageService.Prober ANSWERING = (connection, targets) -> targets.stream()
            .map(t -> new ProbeResult(t.nodeId(), t.role(), t.endpoint(), true, 1, null)).toList();

    /** A fake that also lists groups and transactional ids, or fails to, and can hand out snapshots in turn. */
    static final class Gateway extends FakeGateway {
        final Deque<ClusterSnapshot> next = new ArrayDeque<>();
        CoordinatorClients clients;
        RuntimeException clientsFailure;

        Gateway(ClusterSnapshot snapshot) {
            super(snapshot);
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            return topics == null && !next.isEmpty() ? next.poll() : super.snapshot(topics, withConfigs);
        }

        @Override
        public CoordinatorClients coordinatorClients() {
            if (clientsFailure != null) {
                throw clientsFailure;
            }
            return clients == null ? super.coordinatorClients() : clients;
        }
    }

    private Gateway gateway = new Gateway(Snapshots.seedIncident());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
            new LeaderlessCommand(session), new UnderMinIsrCommand(session), new AtMinIsrCommand(session),
            new UnderReplicatedCommand(session), new CoordinatorsCommand(session), new TriageCommand(session,
                    new TriageService(ANSWERING)))),
            session);
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    private CommandLineExecutor.LineResult run(String line) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private void connect(Gateway g) {
        gateway = g;
        session.connect(FakeGateway.TARGET, "fake", null);
    }

    @Test
    void should_count_the_partitions_of_a_leader_that_does_not_answer_as_leaderless_as_triage_does() {
        Gateway g = new Gateway(Snapshots.healthy());
        g.silentBrokers.add(4);
        connect(g);
        long ledByFour = Snapshots.healthy().topics().stream().flatMap(t -> t.partitions().stream())
                .filter(p -> Integer.valueOf(4).equals(p.leader())).count();

        CommandLineExecutor.LineResult outcome = run("leaderless --output json");

        assertThat(ledByFour).isPositive();
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(Json.mapper().readTree(out.toString()).get("total").asLong()).isEqualTo(ledByFour);
        assertThat(err.toString()).contains("note: broker 4 is registered but does not answer on its own endpoint");
    }

    @Test
    void should_list_leaderless_partitions_grouped_by_topic_internal_first_and_exit_1() {
        connect(new Gateway(Snapshots.seedIncident()));
        CommandLineExecutor.LineResult outcome = run("leaderless");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1)

                __consumer_offsets (internal): 2 partitions, min.insync.replicas 1
                  PARTITION  LEADER  REPLICAS         ISR  ELR  LAST KNOWN ELR  RECOVERY
                  1          none    5(dead),6(dead)  -    6    6               no-live-replica
                  4          none    5(dead),6(dead)  -    6    6               no-live-replica

                rf1: 1 partition, min.insync.replicas 1
                  PARTITION  LEADER  REPLICAS  ISR  ELR  LAST KNOWN ELR  RECOVERY
                  0          none    5(dead)   -    5    5               no-live-replica

                what to do:
                  __consumer_offsets-1, __consumer_offsets-4: no replica alive: start broker 6 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 6` says before the start; safer: `reassign evacuate 6` first)
                  rf1-0: no replica alive: start broker 5 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 5` says before the start; safer: `reassign evacuate 5` first)
                """);
        assertThat(err.toString()).isEmpty();
        assertThat(session.lastSnapshot()).isPresent();
    }

    @Test
    void should_exit_0_with_one_line_when_the_topic_is_healthy() {
        connect(new Gateway(Snapshots.seedIncident()));
        CommandLineExecutor.LineResult outcome = run("leaderless --topic payments");
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).isEqualTo("no leaderless partitions in topic payments\n");
    }

    @Test
    void should_select_topics_by_pattern_and_say_when_none_match() {
        connect(new Gateway(Snapshots.seedIncident()));
        assertThat(run("leaderless --pattern 'rf.*'").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("1 leaderless partition in 1 topic matching rf.* (rf1 1)\n");
        assertThat(run("under-replicated --pattern 'pay.*'").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(run("leaderless --pattern 'zzz.*'").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: no topic matches --pattern zzz.*\n");
    }

    @Test
    void should_exit_2_with_one_line_for_an_unknown_topic_naming_the_closest() {
        connect(new Gateway(Snapshots.seedIncident()));
        CommandLineExecutor.LineResult outcome = run("under-min-isr --topic order");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: no topic 'order' in this cluster (did you mean 'orders'?)\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void should_exit_2_for_a_bad_pattern_or_both_options_before_asking_the_cluster() {
        connect(new Gateway(Snapshots.seedIncident()));
        int calls = gateway.calls;
        assertThat(run("leaderless --pattern '['").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("error: invalid --pattern '[': ").hasLineCount(1);
        assertThat(run("leaderless --topic a --pattern b").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: use --topic or --pattern, not both\n");
        assertThat(gateway.calls).isEqualTo(calls);
    }

    @Test
    void should_list_under_min_isr_partitions_with_the_leaderless_ones() {
        connect(new Gateway(Snapshots.seedIncident()));
        CommandLineExecutor.LineResult outcome = run("under-min-isr");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith(
                        "6 partitions under min ISR in 3 topics (__consumer_offsets 2, orders 3, rf1 1)\n")
                .contains("""
                        orders: 3 partitions, min.insync.replicas 2
                          PARTITION  LEADER  REPLICAS           ISR  ELR  LAST KNOWN ELR  RECOVERY
                          0          4       4,5(dead),6(dead)  4    5    -               -
                          1          4       5(dead),6(dead),4  4    5    -               -
                          2          4       6(dead),4,5(dead)  4    6    -               -
                        """);
    }

    @Test
    void should_print_the_report_as_json_for_scripts() {
        connect(new Gateway(Snapshots.seedIncident()));
        run("at-min-isr --topic orders --output json");
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("kind").asString()).isEqualTo("at-min-isr");
        assertThat(json.get("total").asInt()).isZero();
        run("leaderless --output json");
        json = Json.mapper().readTree(out.toString());
        assertThat(json.get("total").asInt()).isEqualTo(3);
        assertThat(json.get("topics").get(0).get("topic").asString()).isEqualTo("__consumer_offsets");
        assertThat(json.get("topics").get(0).get("partitions").get(0).get("recovery").asString())
                .isEqualTo("no-live-replica");
    }

    @Test
    void should_list_groups_and_transactional_ids_on_sick_coordinator_partitions() {
        Gateway g = new Gateway(Snapshots.seedIncident());
        // Coordinator partitions out of 6: g1 -> 2 (healthy), g3 -> 4 (leaderless).
        g.clients = new CoordinatorClients(List.of(new GroupInfo("g1", "Stable", 3), new GroupInfo("g3", "Empty", 0)),
                List.of(new TransactionInfo("tx-1", "Ongoing")), List.of());
        connect(g);
        CommandLineExecutor.LineResult outcome = run("coordinators");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                2 coordinator partitions sick: 1 group and 0 transactional ids cannot commit, rebalance or \
                complete transactions (2 groups and 1 transactional id checked)

                PARTITION             LEADER  REPLICAS         ISR  MIN ISR  PROBLEM     RECOVERY         GROUPS  TXN IDS
                __consumer_offsets-1  none    5(dead),6(dead)  -    1        leaderless  no-live-replica  0       0
                __consumer_offsets-4  none    5(dead),6(dead)  -    1        leaderless  no-live-replica  1       0

                KIND   ID  STATE  MEMBERS  COORDINATOR PARTITION  PROBLEM
                group  g3  Empty  0        __consumer_offsets-4   leaderless

                note: __transaction_state is not in the snapshot: coordinators for transactional ids cannot be judged
                """);
    }

    @Test
    void should_still_judge_coordinator_partitions_when_groups_cannot_be_read() {
        Gateway g = new Gateway(Snapshots.seedIncident());
        g.clientsFailure = new ClusterException(ClusterException.Kind.UNREACHABLE, "timed out after 1 s listing groups");
        connect(g);
        CommandLineExecutor.LineResult outcome = run("coordinators");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("2 coordinator partitions sick: 0 groups and 0 transactional ids")
                .contains("__consumer_offsets-1").contains("__consumer_offsets-4")
                .contains("note: groups and transactional ids could not be read: timed out after 1 s listing groups");
    }

    @Test
    void should_check_groups_seen_earlier_and_named_ones_that_no_broker_lists_now() {
        // Before: g3 listed (its coordinator partition 4 is sick in the seed, but listing still works here).
        Gateway g = new Gateway(Snapshots.seedIncident());
        g.clients = new CoordinatorClients(List.of(new GroupInfo("g3", "Stable", 2)), List.of(), List.of());
        connect(g);
        run("coordinators");
        // Now no broker lists g3 (nobody coordinates it): it is still checked, by id; g6 is named by the operator.
        Gateway later = new Gateway(Snapshots.seedIncident());
        later.clients = new CoordinatorClients(List.of(), List.of(), List.of());
        gateway = later;
        session.connect(FakeGateway.TARGET, "fake", null);
        assertThat(run("coordinators --group g6 --output json").code()).isEqualTo(ExitCode.FINDINGS);
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("groupsChecked").asInt()).isEqualTo(2);
        assertThat(json.get("groups")).extracting(e -> e.get("id").asString()).containsExactly("g6", "g3");
        assertThat(json.get("groups").get(1).get("state").isNull()).isTrue();
        assertThat(json.get("notes").toString()).contains("1 group listed earlier in this session is not listed now");
    }

    @Test
    void should_say_when_nothing_is_sick() {
        Gateway g = new Gateway(Snapshots.healthy());
        g.clients = new CoordinatorClients(List.of(new GroupInfo("g3", "Stable", 2)),
                List.of(new TransactionInfo("tx-1", "Ongoing")), List.of());
        connect(g);
        assertThat(run("coordinators").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith(
                "no coordinator partition is leaderless or under min ISR (1 group and 1 transactional id checked)\n");
    }

    @Test
    void should_say_unavailable_with_the_next_command_and_exit_1() {
        connect(new Gateway(Snapshots.seedIncident()));
        CommandLineExecutor.LineResult outcome = run("triage");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        String text = out.toString();
        assertThat(text.lines().findFirst().orElseThrow()).startsWith("UNAVAILABLE: ");
        assertThat(text.lines().skip(1).findFirst().orElseThrow()).startsWith("next: ");
        assertThat(text).contains("[ok]      1. Quorum: ").contains("[fail]    3. Leaderless partitions: ");
    }

    @Test
    void should_say_healthy_and_exit_0() {
        connect(new Gateway(Snapshots.healthy()));
        CommandLineExecutor.LineResult outcome = run("triage");
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("HEALTHY\n\n[ok]      1. Quorum: ");
        run("triage --output json");
        assertThat(Json.mapper().readTree(out.toString()).get("verdict").asString()).isEqualTo("HEALTHY");
    }

    @Test
    void should_compare_the_quorum_epoch_with_the_previous_snapshot_of_the_session() {
        Gateway g = new Gateway(Snapshots.healthy());
        g.next.add(Snapshots.cluster().clusterId("healthy").brokers(4, 5, 6).quorum(1, 5)
                .takenAt(Instant.parse("2026-01-01T00:00:00Z")).topic("orders").minIsr(2).spread(3, 3).build());
        g.next.add(Snapshots.cluster().clusterId("healthy").brokers(4, 5, 6).quorum(2, 9)
                .takenAt(Instant.parse("2026-01-01T00:00:30Z")).topic("orders").minIsr(2).spread(3, 3).build());
        connect(g);
        assertThat(run("triage").code()).isEqualTo(ExitCode.OK);
        assertThat(run("triage").code()).isEqualTo(ExitCode.FINDINGS);
        // the session's two reads join the quorum history: epoch 5 -> 9 is four elections, seen moments apart
        assertThat(out.toString()).startsWith("DEGRADED: ")
                .contains("quorum unstable: leader changed 4 times in the last 10 min (epoch 5 -> 9; leaders 1, 2)");
    }

    @Test
    void should_diagnose_twelve_thousand_partitions_without_a_cluster_round_trip_per_topic() {
        Snapshots.Builder b = Snapshots.cluster().brokers(4, 5, 6).fenced(5);
        for (int t = 0; t < 120; t++) {
            b.topic(String.format("t%03d", t)).minIsr(2).spread(100, 3);
        }
        connect(new Gateway(b.build()));
        long t0 = System.nanoTime();
        assertThat(run("leaderless --output json").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(Json.mapper().readTree(out.toString()).get("total").asInt()).isEqualTo(3960);
        assertThat(run("leaderless").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("3960 leaderless partitions in 120 topics (t000 33, t001 33");
        assertThat(run("under-replicated").code()).isEqualTo(ExitCode.OK);
        assertThat(run("triage").code()).isEqualTo(ExitCode.FINDINGS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("4 commands over 12,000 partitions: " + ms + " ms");
        // Generous: the build machine is shared; the point is no per-partition cluster call and no quadratic work.
        assertThat(ms).as("4 commands over 12,000 partitions took %d ms", ms).isLessThan(20_000);
    }
}
