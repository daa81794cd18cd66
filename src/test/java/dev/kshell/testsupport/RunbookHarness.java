package dev.kshell.testsupport;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.commands.RunCommand;
import dev.kshell.runbook.Sleeper;
import dev.kshell.connection.ShellSession;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The real command path with {@code run} among the commands (which needs the executor it is part of), without
 * Spring: {@code new RunbookHarness(session, s -> List.of(...)).run("run fix.ksh --yes")}.
 */
public final class RunbookHarness implements AutoCloseable {

    public final ShellSession session;
    public final CommandLineExecutor executor;

    public RunbookHarness(ShellSession session, Function<ShellSession, List<KshellCommand>> commands) {
        this(session, commands, Clock.systemUTC(), Sleeper.SYSTEM);
    }

    public RunbookHarness(ShellSession session, Function<ShellSession, List<KshellCommand>> commands, Clock clock,
                          Sleeper sleeper) {
        this.session = session;
        AtomicReference<CommandLineExecutor> self = new AtomicReference<>();
        List<KshellCommand> all = new ArrayList<>(commands.apply(session));
        all.add(new RunCommand(session, self::get, clock, sleeper));
        this.executor = new CommandLineExecutor(CommandLineParser.forCommands(all), session);
        self.set(executor);
    }

    public ShellHarness.Result run(String line) {
        return run(line, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    public ShellHarness.Result run(String line, Prompter prompter, ExecutionMode options) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLineExecutor.LineResult outcome = executor.execute(line,
                new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false), prompter, options);
        return new ShellHarness.Result(outcome.code(), out.toString(), err.toString(), outcome.model());
    }

    @Override
    public void close() {
        session.close();
    }
}
