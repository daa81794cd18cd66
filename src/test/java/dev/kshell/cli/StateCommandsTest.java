package dev.kshell.cli;

import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.StatusCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Commands over a fake gateway: what the operator reads, and the exit code. */
@Timeout(20)
class StateCommandsTest {

    static final TopicConfig MIN_ISR_2 = new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", false, "DEFAULT_CONFIG");

    /** The seed incident: broker 5 died; payments (RF 1) lived only on 5. */
    static FakeGateway seed() {
        QuorumState quorum = new QuorumState(1, 7, 420,
                List.of(new QuorumReplica(1, 420, 0L, 0L, 0L), new QuorumReplica(2, 420, 0L, 120L, 120L),
                        new QuorumReplica(3, 380, 40L, 45_000L, 60_000L)),
                List.of(new QuorumReplica(4, 420, 0L, 300L, 300L)));
        List<BrokerState> brokers = List.of(new BrokerState(4, "localhost", 9092, null, false),
                new BrokerState(5, "localhost", 9093, null, true), new BrokerState(6, "localhost", 9094, null, false));
        TopicState orders = new TopicState("orders", false, List.of(
                new PartitionState("orders", 0, 4, List.of(4, 5, 6), List.of(4, 6), List.of(), List.of()),
                new PartitionState("orders", 1, 6, List.of(5, 6, 4), List.of(6, 4), List.of(), List.of())), MIN_ISR_2);
        TopicState payments = new TopicState("payments", false, List.of(
                new PartitionState("payments", 0, null, List.of(5), List.of(), List.of(5), List.of(5))),
                new TopicConfig(1, "DEFAULT_CONFIG", false, "DEFAULT_CONFIG"));
        return new FakeGateway(FakeGateway.snapshot(quorum, brokers, List.of(orders, payments)));
    }

    private final ShellSession session = new ShellSession(t -> seed());
    private final CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
            new QuorumCommand(session), new BrokersCommand(session), new TopicsCommand(session),
            new DescribeCommand(session), new StatusCommand(session))), session);
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLineExecutor.LineResult run(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private void connect() {
        session.connect(FakeGateway.TARGET, "seed", null);
    }

    @Test
    void should_refuse_cluster_commands_before_connect_with_exit_2() {
        CommandLineExecutor.LineResult outcome = run("quorum");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("error: quorum needs a cluster: connect --bootstrap-server");
        assertThat(err.toString().lines()).hasSize(1);
    }

    @Test
    void should_show_the_quorum_with_a_verdict_and_the_lagging_voter() {
        connect();
        CommandLineExecutor.LineResult outcome = run("quorum");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("DEGRADED: leader 1 (epoch 7), 2/3 voters caught up\n")
                .contains("3     follower  not-fetching  380             40   45.0s ago");
    }

    @Test
    void should_print_the_quorum_as_json_from_the_same_record() {
        connect();
        run("quorum --output json");
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("leaderId").asInt()).isEqualTo(1);
        assertThat(json.get("voters")).hasSize(3);
        assertThat(json.get("voters").get(2).get("status").asString()).isEqualTo("not-fetching");
    }

    @Test
    void should_list_fenced_brokers_with_leader_counts() {
        connect();
        CommandLineExecutor.LineResult outcome = run("brokers");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).isEqualTo("""
                ID  ENDPOINT        RACK  STATE   LEADER OF  PREFERRED OF  REPLICAS
                4   localhost:9092  -     live    1          1             2
                5   localhost:9093  -     FENCED  0          2             3
                6   localhost:9094  -     live    1          0             2
                3 registered, 1 fenced
                """);
    }

    @Test
    void should_mark_dead_replicas_and_leaderless_partitions_in_describe() {
        connect();
        CommandLineExecutor.LineResult outcome = run("describe payments");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("0          none    5(dead)   -    5    5")
                .contains("1 of 1 partitions have no leader");
    }

    @Test
    void should_exit_2_naming_a_missing_topic_with_a_suggestion() {
        connect();
        run("topics");
        CommandLineExecutor.LineResult outcome = run("describe order");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).isEqualTo("error: no topic 'order' in this cluster (did you mean 'orders'?)\n");
    }

    @Test
    void should_summarise_topics_with_sick_partition_counts() {
        connect();
        run("topics");
        assertThat(out.toString()).contains("orders    2           3   2        0           2")
                .contains("payments  1           1   1        1           1");
    }

    @Test
    void should_report_status_from_memory_without_calling_the_cluster() {
        connect();
        run("brokers");
        FakeGateway gateway = (FakeGateway) session.connection().orElseThrow().gateway();
        int calls = gateway.calls;
        run("status");
        assertThat(gateway.calls).isEqualTo(calls);
        assertThat(out.toString()).contains("connected to seed via fake:9092").contains("2/3 brokers live, quorum leader 1");
    }

    @Test
    void should_show_help_for_a_command_and_exit_0() {
        CommandLineExecutor.LineResult outcome = run("describe --help");
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("describe - ").contains("Usage: describe TOPIC");
    }
}
