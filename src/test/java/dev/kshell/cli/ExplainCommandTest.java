package dev.kshell.cli;

import dev.kshell.cli.commands.ExplainCommand;
import dev.kshell.rules.explain.ExplainInSessionFixtures;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** explain in a session: the address named by the error resolved from the cluster, sandbox advice only in the sandbox. */
@Timeout(30)
class ExplainCommandTest {

    private static final String REFUSED = "explain 'Connection error: connect ECONNREFUSED 127.0.0.1:9492'";

    private final FakeGateway gateway = new FakeGateway(ExplainInSessionFixtures.sandboxLike());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final CommandLineExecutor executor = new CommandLineExecutor(
            CommandLineParser.forCommands(List.of(new ExplainCommand(session))), session);
    private StringWriter out;

    private CommandLineExecutor.LineResult run(String line) {
        out = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(new StringWriter()), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_explain_the_text_alone_when_not_connected() {
        assertThat(run(REFUSED).code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("ECONNREFUSED\n").doesNotContain("broker 4", "sandbox");
        assertThat(gateway.calls).isZero();
    }

    @Test
    void should_say_which_broker_the_address_is_on_a_real_cluster_and_suggest_no_sandbox_command() {
        session.connect(FakeGateway.TARGET, "prod", null);
        CommandLineExecutor.LineResult result = run(REFUSED);
        assertThat(result.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("127.0.0.1:9492 is broker 4, fenced: registered but not serving;")
                .contains("\nECONNREFUSED\n").doesNotContain("sandbox");
        assertThat(Json.tree(result.model()).path("nodes").get(0).asString()).startsWith("127.0.0.1:9492 is broker 4, fenced");
    }

    @Test
    void should_read_the_brokers_afresh_rather_than_trust_a_cached_snapshot_seconds_old() {
        session.connect(FakeGateway.TARGET, "prod", null);
        // the cache, taken just before broker 4 went down, still lists it live
        ClusterSnapshot cached = ExplainInSessionFixtures.sandboxLike();
        session.remember(new ClusterSnapshot(cached.clusterId(), cached.takenAt(), List.of(
                new BrokerState(4, "localhost", 9492, null, false)), cached.quorum(), null, List.of()));
        run(REFUSED);
        assertThat(out.toString()).startsWith("127.0.0.1:9492 is broker 4, fenced");
    }

    @Test
    void should_suggest_sandbox_commands_in_the_sandbox() {
        session.markSandbox(FakeGateway.TARGET.bootstrapServers(), null, Map.of());
        session.connect(FakeGateway.TARGET, "sandbox", null);
        run(REFUSED);
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("start it with `sandbox start-broker 4`", "sandbox status");
    }
}
