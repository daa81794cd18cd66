package dev.kshell.cli;

import dev.kshell.cli.commands.LogDirsCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.Json;
import dev.kshell.rules.Snapshots;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code under-replicated} with causes and {@code logdirs} over a fake gateway: what the operator reads. */
@Timeout(30)
class ReplicationCommandsTest {

    private static final PartitionSpec BIG = new PartitionSpec("big", 0);

    private FakeGateway gateway = new FakeGateway(Snapshots.cluster().brokers(4, 5, 6)
            .topic("big").partition(0).replicas(4, 6, 5).leader(4).isr(4, 6)
            .topic("t").partition(0).replicas(4, 5, 6).leader(4).isr(4, 5).build());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
            new UnderReplicatedCommand(session), new LogDirsCommand(session))), session);
    private StringWriter out = new StringWriter();

    private CommandLineExecutor.LineResult run(String line) {
        out = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(new StringWriter()), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private static LogDirState dir(int broker, String path, long big, long t) {
        return new LogDirState(broker, path, null, 100_000_000L, 60_000_000L, false, Map.of(
                BIG, new LogDirState.Replica(big, 0, false),
                new PartitionSpec("t", 0), new LogDirState.Replica(t, 0, false)));
    }

    private void staged() {
        gateway.moves.inFlight.put(BIG, new ReplicaMoves.InFlight(List.of(4, 6, 5), List.of(5), List.of()));
        gateway.moves.brokerRates.put(5, Map.of(ReplicaMoves.FOLLOWER_RATE, "10000"));
        gateway.moves.topicLists.put("big", Map.of(ReplicaMoves.FOLLOWER_REPLICAS, "0:5"));
        LogDirState offline = new LogDirState(6, "/data2", "KafkaStorage", null, null, false, Map.of());
        gateway.logDirsRead = new LogDirsRead(1000, Map.of(
                4, List.of(dir(4, "/data", 20_000_000, 500)),
                5, List.of(dir(5, "/data", 2_000_000, 500)),
                6, List.of(new LogDirState(6, "/data", null, 100_000_000L, 5_000_000L, false,
                        Map.of(BIG, new LogDirState.Replica(20_000_000, 0, false))), offline)), Map.of());
        session.connect(FakeGateway.TARGET, "fake", null);
    }

    @Test
    void should_group_the_replicas_out_of_sync_by_cause_with_the_next_command() {
        staged();

        CommandLineExecutor.LineResult r = run("under-replicated");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("why they are out of sync:")
                .contains("log directory /data2 of broker 6 is offline: 1 partition [offline-log-dir]")
                .contains("a reassignment is adding a replica on broker 5: 1 partition [reassignment]")
                .contains("big-0 (replica 5): copied 2.0 MB of 20 MB, 18 MB left")
                .contains("evidence: throttled: follower rate 10 kB/s on broker 5")
                .contains("next: watch reassignments")
                .contains("next: logdirs --broker 6");
    }

    @Test
    void should_keep_the_report_fields_in_json_and_add_the_causes() {
        staged();

        run("under-replicated --output json");

        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("kind").asString()).isEqualTo("under-replicated");
        assertThat(json.get("total").asInt()).isEqualTo(2);
        JsonNode groups = json.get("causes").get("groups");
        assertThat(groups.get(0).get("cause").asString()).isEqualTo("offline-log-dir");
        assertThat(groups.get(1).get("cause").asString()).isEqualTo("reassignment");
        assertThat(groups.get(1).get("replicas").get(0).get("bytesBehind").asLong()).isEqualTo(18_000_000L);
        assertThat(groups.get(1).get("next").asString()).isEqualTo("watch reassignments");
    }

    @Test
    void should_show_every_log_directory_with_its_space_and_exit_1_for_an_offline_one() {
        staged();

        CommandLineExecutor.LineResult r = run("logdirs");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("4 log directories on 3 brokers, 1 offline")
                .contains("OFFLINE").contains("not watched yet")
                .contains("offline: broker 6 /data2: KafkaStorage")
                .contains("warning log directory /data of broker 6 has 5.0 % usable")
                .contains("error log directory /data2 of broker 6 is offline");
        run("logdirs --output json");
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("dirs").get(0).get("usableBytes").asLong()).isEqualTo(60_000_000L);
        assertThat(json.get("dirs").get(0).get("largest").get(0).get("partition").asString()).isEqualTo("big-0");
    }
}
