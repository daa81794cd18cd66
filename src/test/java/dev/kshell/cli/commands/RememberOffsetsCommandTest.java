package dev.kshell.cli.commands;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.Json;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.StateStore;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code remember offsets}: what it asks Kafka for in each scope, what it writes, what it says, its exit code. */
@Timeout(30)
class RememberOffsetsCommandTest {

    @TempDir
    Path home;
    private String savedHome;

    /** Answers listOffsets with 100 + partition and keeps what it was asked. */
    static final class Gateway extends FakeGateway {
        final List<PartitionSpec> asked = new ArrayList<>();

        Gateway(ClusterSnapshot s) {
            super(s);
        }

        @Override
        public Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
            asked.addAll(partitions);
            Map<PartitionSpec, Long> out = new HashMap<>();
            partitions.forEach(p -> out.put(p, 100L + p.partition()));
            return out;
        }
    }

    private final Gateway gateway = new Gateway(Snapshots.seedIncident());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final CommandLineExecutor executor = new CommandLineExecutor(
            CommandLineParser.forCommands(List.of(new RememberOffsetsCommand(session))), session);

    @BeforeEach
    void useTempHome() {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", home.toString());
        session.connect(FakeGateway.TARGET, "fake", null);
    }

    @AfterEach
    void restoreHome() {
        if (savedHome == null) {
            System.clearProperty("kshell.home");
        } else {
            System.setProperty("kshell.home", savedHome);
        }
    }

    private record Run(ExitCode code, String out, String err) {
        JsonNode json() {
            return Json.mapper().readTree(out);
        }
    }

    private Run run(String line) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), line.contains("--output json"), false, 0,
                false);
        ExitCode code = executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE).code();
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void should_remember_the_partitions_at_risk_by_default_and_say_why_they_are() {
        Run r = run("remember offsets");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(gateway.asked).extracting(PartitionSpec::name)
                .contains("orders-0", "payments-0", "__consumer_offsets-0")
                .doesNotContain("rf1-1", "rf1-0", "__consumer_offsets-1");
        assertThat(r.out()).startsWith("remembered the high watermarks of " + gateway.asked.size() + " of "
                + gateway.asked.size() + " partitions at risk (" + gateway.asked.size() + " one replica from leaderless)");
        StateStore store = new StateStore(OffsetMemory.defaultDir());
        assertThat(store.lookup("seed", "orders-2")).get().extracting(o -> o.highWatermark()).isEqualTo(102L);
        assertThat(store.lookup("seed", "rf1-1")).isEmpty();
    }

    @Test
    void should_remember_every_led_partition_of_the_named_topics_and_name_the_leaderless_ones_left_out() {
        Run r = run("remember offsets --topic rf1 --topic orders --output json");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(gateway.asked).extracting(PartitionSpec::name)
                .containsExactlyInAnyOrder("orders-0", "orders-1", "orders-2", "rf1-1");
        JsonNode json = r.json();
        assertThat(json.get("scope").asString()).isEqualTo("topics");
        assertThat(json.get("outcome").asString()).isEqualTo("recorded");
        assertThat(json.get("answered").asInt()).isEqualTo(4);
        assertThat(json.get("leaderlessSkipped").asInt()).isEqualTo(1);
    }

    @Test
    void should_refuse_all_and_topic_together() {
        assertThat(run("remember offsets --all --topic orders").code()).isEqualTo(ExitCode.USAGE);
        assertThat(gateway.asked).isEmpty();
    }
}
