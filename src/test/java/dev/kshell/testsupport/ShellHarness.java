package dev.kshell.testsupport;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The real command path (parser, executor, commands, Admin gateway) without Spring, for integration tests: run a
 * line, get the exit code, the text and the JSON model.
 */
public final class ShellHarness implements AutoCloseable {

    public final ShellSession session = new ShellSession(AdminClientGateway::new);
    private final CommandLineExecutor executor;

    public record Result(ExitCode code, String out, String err, Object model) {
        public JsonNode json() {
            return Json.tree(model);
        }
    }

    public ShellHarness(Function<ShellSession, List<KshellCommand>> commands) {
        this.executor = new CommandLineExecutor(CommandLineParser.forCommands(commands.apply(session)), session);
    }

    public ShellHarness connectBrokers(String bootstrap) {
        session.connect(new ClusterTarget(bootstrap, null, Map.of(), Duration.ofSeconds(10)), "test", null);
        return this;
    }

    public ShellHarness connectControllers(String bootstrap) {
        session.connect(new ClusterTarget(null, bootstrap, Map.of(), Duration.ofSeconds(10)), "test-controllers", null);
        return this;
    }

    public Result run(String line) {
        return run(line, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    public Result run(String line, Prompter prompter, ExecutionMode options) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLineExecutor.LineResult outcome = executor.execute(line,
                new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false), prompter, options);
        return new Result(outcome.code(), out.toString(), err.toString(), outcome.model());
    }

    @Override
    public void close() {
        session.close();
    }
}
