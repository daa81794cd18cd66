package dev.kshell.cli;

import dev.kshell.cli.commands.GroupCommand;
import dev.kshell.cli.commands.GroupsCommand;
import dev.kshell.cli.commands.TransactionsCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;
import dev.kshell.render.Json;
import dev.kshell.rules.Snapshots;
import dev.kshell.testsupport.FakeClientGroups;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** groups, group GROUP and transactions over a fake gateway: what the operator reads, the JSON, the exit code. */
@Timeout(30)
class GroupCommandsTest {

    /**
     * The group id Kafka's own tool accepted (docs/kafka-behaviour.md, "Groups"): clears the screen and retitles the
     * window.
     */
    static final String HOSTILE = "h2\u001b[2J\u001b]0;pwned\u0007grp";
    private static final PartitionSpec ORDERS_0 = new PartitionSpec("orders", 0);
    private static final PartitionSpec ORDERS_1 = new PartitionSpec("orders", 1);
    private static final PartitionSpec ORDERS_2 = new PartitionSpec("orders", 2);

    private FakeGateway gateway = new FakeGateway(Snapshots.healthy());
    private FakeClientGroups groups = gateway.clientGroups;
    private final ShellSession session = new ShellSession(t -> gateway);
    private final List<KshellCommand> commands = List.of(new GroupsCommand(session), new GroupCommand(session),
            new TransactionsCommand(session), new dev.kshell.cli.commands.TriageCommand(session,
                    new dev.kshell.workflow.check.TriageService(DiagnosisCommandsTest.ANSWERING, java.time.Duration.ZERO)));
    private final CommandLineParser parser = CommandLineParser.forCommands(commands);
    private final CommandLineExecutor executor = new CommandLineExecutor(parser, session);
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void connect() {
        session.connect(FakeGateway.TARGET, "fake", null);
        groups.group("billing", ClientGroup.CLASSIC, "Stable").group("kip848", ClientGroup.CONSUMER, "Reconciling");
        groups.details.put("billing", new GroupDetail("billing", ClientGroup.CLASSIC, "Stable", 4, null, null, "range",
                List.of(new GroupDetail.Member("m-1", null, "billing-app", "/10.0.0.7", List.of("orders-0", "orders-1"),
                        null, null)), null));
        groups.details.put("kip848", new GroupDetail("kip848", ClientGroup.CONSUMER, "Reconciling", 5, 7, 7, "uniform",
                List.of(new GroupDetail.Member("m-2", null, "fast", "/10.0.0.8", List.of("orders-2"), List.of("orders-2"),
                                7),
                        new GroupDetail.Member("m-3", null, "slow", "/10.0.0.9", List.of(), List.of("orders-0"), 6)),
                null));
        groups.committed.put("billing", Map.of(ORDERS_0, 100L, ORDERS_1, 50L));
        groups.committed.put("kip848", Map.of(ORDERS_2, 40L));
        groups.ranges.put(ORDERS_0, new LogOffsets.Range(0, 220, 220L));
        groups.ranges.put(ORDERS_1, new LogOffsets.Range(80, 200, 200L));
        groups.ranges.put(ORDERS_2, new LogOffsets.Range(0, 40, 30L));
    }

    private CommandLineExecutor.LineResult run(String line, boolean json) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), json, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_list_every_group_with_type_state_coordinator_and_lag_and_exit_1_for_one_out_of_range() {
        CommandLineExecutor.LineResult r = run("groups", false);
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                2 groups, total lag 270 records; 1 hurt (offsets out of range or a sick coordinator partition)
                GROUP    TYPE      PROTOCOL  STATE        MEMBERS  COORDINATOR  LAG  OUT OF RANGE  TREND
                billing  classic   consumer  Stable       1        4 ok         270  1             -
                kip848   consumer  consumer  Reconciling  2        5 ok         0    -             -
                """);
        JsonNode json = Json.tree(r.model());
        assertThat(json.get("groups").get(1).get("type").asString()).isEqualTo("consumer");
        assertThat(json.get("groups").get(1).get("state").asString()).isEqualTo("Reconciling");
    }

    @Test
    void should_print_a_hostile_group_id_escaped_in_tables_and_exact_in_json() {
        groups.group(HOSTILE, ClientGroup.CLASSIC, "Empty");
        groups.committed.put(HOSTILE, Map.of(ORDERS_0, 220L));
        run("groups", false);
        assertThat(out.toString()).doesNotContain("\u001b").doesNotContain("\u0007")
                .contains("h2\\x1b[2J\\x1b]0;pwned\\x07grp  classic");
        CommandLineExecutor.LineResult json = run("groups", true);
        assertThat(Json.tree(json.model()).get("groups").get(1).get("groupId").asString()).isEqualTo(HOSTILE);
        assertThat(out.toString()).contains("h2\\u001B[2J\\u001B]0;pwned\\u0007grp");
        run("group '" + HOSTILE + "'", false);
        assertThat(out.toString()).doesNotContain("\u001b").startsWith("group h2\\x1b[2J\\x1b]0;pwned\\x07grp: classic, Empty");
    }

    @Test
    void should_show_members_partitions_and_what_each_reset_does_for_an_out_of_range_partition() {
        CommandLineExecutor.LineResult r = run("group billing", false);
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                group billing: classic, Stable, 1 member, coordinator 4 ok (__consumer_offsets-1); lag 270 records on 2 partitions, 1 OUT OF RANGE

                MEMBER  CLIENT ID    HOST       ASSIGNED           EPOCH  RECONCILING
                m-1     billing-app  /10.0.0.7  orders-0,orders-1  -      -

                PARTITION  COMMITTED  LOG START  LOG END  LAST STABLE  LAG  LAG TIME  RANGE
                orders-0   100        0          220      -            120  ?         ok
                orders-1   50         80         200      -            150  -         BELOW LOG START

                Out of range: the consumer's next fetch of these resets by its auto.offset.reset, which the cluster does not tell; both cases:
                  orders-1: committed 50 is below the log start 80 (records deleted by retention or delete-records, or an empty replica took over)
                    earliest: resumes at 80; the 30 records from 50 were deleted before the group read them
                    latest: resumes at 200; skips 120 unread records besides the 30 deleted
                    none: the consumer fails (OffsetOutOfRangeException) until the offset is reset
                a classic group's generation and leader are not reported by Kafka's Admin API
                """ + dev.kshell.rules.clients.LagTime.HOW + "\n");
    }

    @Test
    void should_name_a_member_still_reconciling_and_the_transaction_holding_read_committed_readers() {
        groups.open.put(ORDERS_2, new OpenTransactions(ORDERS_2, List.of(new OpenTransactions.Open(4001, 0, 30,
                5_000L, "payments-tx", "Ongoing", false)), null));
        CommandLineExecutor.LineResult r = run("group kip848", false);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString())
                .contains("group epoch 7, target assignment epoch 7, assignor uniform")
                .contains("m-3     slow       /10.0.0.9  -         6      epoch 6, target 7")
                .contains("orders-2   40         0          40       30           0    0s        ok")
                .contains("orders-2: producer 4001 (transactional id payments-tx), from offset 30, last write 5s ago: "
                        + "10 records held back");
        JsonNode json = Json.tree(run("group kip848", true).model());
        assertThat(json.get("members").get(1).get("reconciling").asString()).isEqualTo("epoch 6, target 7");
        assertThat(json.get("holders").get(0).get("transaction").get("transactionalId").asString())
                .isEqualTo("payments-tx");
    }

    @Test
    void should_refuse_an_unknown_group_in_one_line_with_exit_2() {
        groups.details.put("nope", new GroupDetail("nope", ClientGroup.CLASSIC, "Dead", null, null, null, null,
                List.of(), null));
        CommandLineExecutor.LineResult r = run("group nope", false);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: no group 'nope' on this cluster (`groups` lists them)\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void should_never_ask_the_log_offsets_of_a_leaderless_partition() {
        gateway = new FakeGateway(Snapshots.seedIncident());
        groups = gateway.clientGroups;
        session.connect(FakeGateway.TARGET, "fake", null);
        groups.group("audit", ClientGroup.CLASSIC, "Empty");
        groups.committed.put("audit", Map.of(new PartitionSpec("rf1", 0), 5L, new PartitionSpec("rf1", 1), 5L));
        groups.ranges.put(new PartitionSpec("rf1", 1), new LogOffsets.Range(0, 9, 9L));
        run("group audit", false);
        assertThat(groups.offsetsAsked).containsExactly(new PartitionSpec("rf1", 1));
        assertThat(out.toString()).contains("rf1-0: leaderless: its log offsets are not read");
    }

    @Test
    void should_draw_the_lag_trend_over_this_sessions_reads() {
        for (long end : new long[] {100, 150, 300}) {
            groups.ranges.put(ORDERS_2, new LogOffsets.Range(0, end, end));
            groups.nowMs += 10_000;
            run("groups", false);
        }
        assertThat(out.toString()).contains("kip848   consumer  consumer  Reconciling  2        5 ok         260  -"
                + "             ▁▃█ growing");
        run("group kip848", false);
        // the end had passed 40 before the first read, 20 s before the third (and this one, read at the same moment)
        assertThat(out.toString()).contains("orders-2   40         0          300      -            260  >=20s");
    }

    @Test
    void should_list_hanging_transactions_first_and_exit_1() {
        long now = groups.nowMs;
        groups.transactions = new TransactionsRead(List.of(new TransactionsRead.Transaction("young", 11, 0, "Ongoing",
                4, now - 2_000, 60_000, List.of(ORDERS_0)), new TransactionsRead.Transaction("old", 12, 3, "Ongoing", 5,
                now - 1_200_000, 60_000, List.of(ORDERS_1))), 5, List.of(), null);
        groups.ranges.put(ORDERS_1, new LogOffsets.Range(80, 200, 150L));
        groups.open.put(ORDERS_1, new OpenTransactions(ORDERS_1, List.of(new OpenTransactions.Open(12, 3, 150,
                1_000L, "old", "Ongoing", false)), null));
        CommandLineExecutor.LineResult r = run("transactions", false);
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("""
                2 open transactions (5 transactional ids listed); 1 HANGING
                TRANSACTIONAL ID  PRODUCER  STATE    AGE  PARTITIONS  HELD BACK          HANGING
                old               12/3      Ongoing  20m  orders-1    50 (1 partitions)  yes
                young             11/0      Ongoing  2s   orders-0    -                  -
                old: open 20 min, longer than transaction.max.timeout.ms (15 min by default)""");
    }

    @Test
    void should_complete_group_names_listed_by_the_last_read() {
        run("groups", false);
        KshellCompleter completer = new KshellCompleter(parser, session, () -> java.nio.file.Path.of("."), () -> { });
        assertThat(completer.values(List.of("group", "b"), 1)).containsExactly("billing");
        assertThat(completer.values(List.of("group", ""), 1)).containsExactly("billing", "kip848");
    }

    @Test
    void should_have_triage_name_the_group_whose_offsets_are_out_of_range_in_step_5() {
        CommandLineExecutor.LineResult r = run("triage", true);
        JsonNode step5 = Json.tree(r.model()).get("steps").get(4);
        assertThat(step5.get("number").asInt()).isEqualTo(5);
        assertThat(step5.toString()).contains("group-offsets-out-of-range").contains("group billing has 1 partition "
                + "whose committed offset lies outside the log");
        assertThat(step5.get("status").asString()).isEqualTo("fail");
    }

    @Test
    void should_keep_its_own_colours_when_a_long_line_is_wrapped_at_the_terminal() {
        out = new StringWriter();
        err = new StringWriter();
        Output coloured = new Output(new PrintWriter(out), new PrintWriter(err), false, true, 100, false);
        executor.execute("group billing", coloured, Prompter.NONE, ExecutionMode.INTERACTIVE);
        // the lag-in-time line is longer than 100 columns and is wrapped; the red header and rows stay red
        assertThat(out.toString()).contains("\u001b[").doesNotContain("\\x1b[")
                .contains("\n  ");
    }
}
