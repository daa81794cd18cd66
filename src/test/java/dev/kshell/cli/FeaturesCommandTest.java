package dev.kshell.cli;

import dev.kshell.cli.commands.FeaturesCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.model.FeatureLevels;
import dev.kshell.model.QuorumState;
import dev.kshell.render.Json;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.FakeQuorumChanges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code features} (issue 47: it had no test at all): the finalized levels with what each means, the same in JSON,
 * and a sentence where the cluster cannot say (a release or mode without describeFeatures' finalized levels).
 */
@Timeout(30)
class FeaturesCommandTest {

    private final StringWriter out = new StringWriter();

    private CommandLineExecutor.LineResult run(FeatureLevels levels, String line) {
        FakeQuorumChanges changes = new FakeQuorumChanges(null);
        changes.features = levels;
        FakeGateway gateway = new FakeGateway(FakeGateway.snapshot(new QuorumState(1, 3, 10, List.of(), List.of()),
                List.of(), List.of()));
        gateway.quorumChanges = changes;
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(
                List.of(new FeaturesCommand(session))), session);
        Output output = new Output(new PrintWriter(out), new PrintWriter(new StringWriter()), line.contains("json"),
                false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_list_each_finalized_level_with_what_it_means() {
        FeatureLevels levels = new FeatureLevels(Map.of("metadata.version", (short) 29, "kraft.version", (short) 1,
                "eligible.leader.replicas.version", (short) 1), Map.of("metadata.version", (short) 29), 7, null);

        CommandLineExecutor.LineResult r = run(levels, "features");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("finalized features epoch 7")
                .containsPattern("(?m)^metadata\\.version +29")
                .containsPattern("(?m)^kraft\\.version +1")
                .containsPattern("(?m)^kraft\\.version 1: .*dynamic")
                .containsPattern("(?m)^eligible\\.leader\\.replicas\\.version 1: ");
    }

    @Test
    void should_give_the_same_levels_in_json() {
        FeatureLevels levels = new FeatureLevels(Map.of("metadata.version", (short) 29, "kraft.version", (short) 0),
                Map.of(), 3, null);

        run(levels, "features --output json");

        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("epoch").asLong()).isEqualTo(3);
        assertThat(json.get("features").findValuesAsString("name")).contains("metadata.version", "kraft.version");
    }

    @Test
    void should_say_in_a_sentence_when_the_cluster_cannot_tell() {
        CommandLineExecutor.LineResult r = run(FeatureLevels.unavailable("finalized features are not described in "
                + "ZooKeeper mode"), "features");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("finalized features are not described in ZooKeeper mode");
    }
}
