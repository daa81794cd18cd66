package dev.kshell.cli;

import dev.kshell.cli.commands.GroupsResetOffsetsCommand;
import dev.kshell.cli.commands.TransactionsAbortCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.Snapshots;
import dev.kshell.testsupport.FakeClientGroups;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** groups reset-offsets and transactions abort through the gate, over a fake gateway. */
@Timeout(30)
class GroupMutationsTest {

    private static final PartitionSpec ORDERS_0 = new PartitionSpec("orders", 0);
    private static final PartitionSpec ORDERS_1 = new PartitionSpec("orders", 1);

    @TempDir
    Path home;
    private final FakeGateway gateway = new FakeGateway(Snapshots.healthy());
    private final FakeClientGroups groups = gateway.clientGroups;
    private CommandLineExecutor executor;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
                new GroupsResetOffsetsCommand(session), new TransactionsAbortCommand(session))), session);
        groups.group("billing", ClientGroup.CLASSIC, "Empty");
        groups.committed.put("billing", Map.of(ORDERS_0, 100L, ORDERS_1, 50L));
        groups.ranges.put(ORDERS_0, new LogOffsets.Range(20, 220, 220L));
        groups.ranges.put(ORDERS_1, new LogOffsets.Range(80, 200, 200L));
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    private CommandLineExecutor.LineResult run(String line, Prompter prompter) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, prompter, ExecutionMode.INTERACTIVE);
    }

    private String audit() throws Exception {
        Path log = home.resolve("audit.jsonl");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    @Test
    void should_reset_to_earliest_with_yes_and_audit_it() throws Exception {
        CommandLineExecutor.LineResult r = run("groups reset-offsets billing --to-earliest --all-topics --yes",
                Prompter.NONE);
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("""
                plan: reset group billing to-earliest on 2 partitions: 0 unread records skipped, 80 records read again
                PARTITION  COMMITTED  NEW  LOG START  LOG END  SKIPPED  READ AGAIN  NOTE
                orders-0   100        20   20         220      0        80          -
                orders-1   50         80   80         200      0        0           -""")
                .contains("group billing: committed the new offsets on 2 partitions");
        assertThat(groups.changes).containsExactly("billing orders-0 20", "billing orders-1 80");
        assertThat(audit()).contains("\"action\":\"groups-reset-offsets\"").contains("\"decision\":\"confirmed\"")
                .contains("\"decision\":\"succeeded\"");
    }

    @Test
    void should_refuse_a_reset_that_skips_unread_records_with_yes_alone_and_change_nothing() throws Exception {
        CommandLineExecutor.LineResult r = run("groups reset-offsets billing --to-latest --all-topics --yes",
                Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(groups.changes).isEmpty();
        assertThat(out.toString()).contains("240 unread records skipped");
        assertThat(audit()).contains("\"decision\":\"refused\"").doesNotContain("\"decision\":\"confirmed\"");
    }

    @Test
    void should_carry_out_a_skip_only_after_the_typed_phrase_at_a_terminal() {
        CommandLineExecutor.LineResult r = run("groups reset-offsets billing --to-latest --topic orders:0",
                ReassignCommandsTest.answering("skip 120 records of billing"));
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(groups.changes).containsExactly("billing orders-0 220");
    }

    @Test
    void should_refuse_while_the_group_has_members_naming_them() {
        groups.details.put("billing", new GroupDetail("billing", ClientGroup.CLASSIC, "Stable", 4, null, null, null,
                List.of(new GroupDetail.Member("m-1", null, "billing-app", "/10.0.0.7", List.of("orders-0"), null,
                        null)), null));
        CommandLineExecutor.LineResult r = run("groups reset-offsets billing --to-earliest --all-topics --yes",
                Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("group billing has 1 active member: m-1 (client billing-app, host "
                + "/10.0.0.7)");
        assertThat(groups.changes).isEmpty();
    }

    @Test
    void should_export_the_plan_as_kafkas_from_file_reads_it_on_a_dry_run() throws Exception {
        Path csv = home.resolve("reset.csv");
        CommandLineExecutor.LineResult r = run("groups reset-offsets billing --shift-by -10 --topic orders:0,1 "
                + "--dry-run --export " + csv, Prompter.NONE);
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(csv)).isEqualTo("orders,0,90\norders,1,80\n");
        assertThat(out.toString()).contains("dry run: nothing was changed").contains("40 is below the log start 80");
        assertThat(groups.changes).isEmpty();
    }

    @Test
    void should_refuse_bad_input_in_one_line_with_exit_2() {
        assertThat(run("groups reset-offsets billing --to-offset x --all-topics --yes", Prompter.NONE).code())
                .isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: --to-offset x: not a whole number\n");
        assertThat(run("groups reset-offsets billing --to-earliest --topic nope --yes", Prompter.NONE).code())
                .isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no topic 'nope' on this cluster");
    }

    @Test
    void should_abort_an_open_transaction_only_after_the_typed_phrase() throws Exception {
        groups.open.put(ORDERS_0, new OpenTransactions(ORDERS_0, List.of(new OpenTransactions.Open(4001, 2, 150,
                1_200_000L, null, null, true, 7)), null));
        assertThat(run("transactions abort orders-0 --start-offset 150 --yes", Prompter.NONE).code())
                .isEqualTo(ExitCode.REFUSED);
        assertThat(groups.changes).isEmpty();
        CommandLineExecutor.LineResult r = run("transactions abort orders-0 --start-offset 150",
                ReassignCommandsTest.answering("abort orders-0"));
        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(groups.changes).containsExactly("abort orders-0 4001");
        assertThat(out.toString()).contains("unknown to its coordinator").contains("it HANGS")
                .contains("aborted: the partition no longer holds it");
        assertThat(run("transactions abort orders-0 --start-offset 99 --yes", Prompter.NONE).code())
                .isEqualTo(ExitCode.USAGE);
        assertThat(audit()).contains("\"action\":\"transactions-abort\"");
    }
}
