package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.KshellCompleter;
import dev.kshell.cli.Output;
import dev.kshell.cli.RunOptions;
import dev.kshell.cli.ShellControl;
import dev.kshell.model.ExitCode;
import dev.kshell.cli.PromptText;
import dev.kshell.session.KshellHome;
import dev.kshell.session.ShellSession;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The interactive loop. It never dies of a command: Ctrl-C at the prompt abandons the line, Ctrl-C during a command
 * interrupts that command and returns to the prompt, Ctrl-D (end of input) or {@code exit} leaves.
 */
final class Repl {

    private final CommandLineExecutor executor;
    private final ShellSession session;
    private final ShellControl control;
    private final LaunchOptions options;
    private final RunOptions run;

    Repl(CommandLineExecutor executor, ShellSession session, ShellControl control, LaunchOptions options, RunOptions run) {
        this.executor = executor;
        this.session = session;
        this.control = control;
        this.options = options;
        this.run = run;
    }

    int run() {
        try {
            Files.createDirectories(KshellHome.dir());
        } catch (IOException e) {
            System.err.println("warning: cannot create " + KshellHome.dir() + ": " + e.getMessage());
        }
        // dumb(true): without a TTY JLine falls back quietly instead of warning (FACTS.md).
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
            boolean dumb = Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
            DefaultParser parser = new DefaultParser();
            parser.setEofOnUnclosedQuote(true);
            parser.setEofOnEscapedNewLine(true);
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("kshell")
                    .parser(parser)
                    .completer(new KshellCompleter(executor.parser(), session))
                    .variable(LineReader.HISTORY_FILE, KshellHome.history())
                    .build();
            reader.unsetOpt(LineReader.Option.INSERT_TAB);
            TerminalPrompter prompter = new TerminalPrompter(reader, null);
            ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "kshell-command");
                t.setDaemon(true);
                return t;
            });
            boolean color = !dumb && !options.noColor() && System.getenv("NO_COLOR") == null;
            PrintWriter out = terminal.writer();
            ExitCode worst = ExitCode.OK;
            try {
                while (!control.exitRequested()) {
                    String line;
                    try {
                        line = reader.readLine(PromptText.prompt(session, color));
                    } catch (UserInterruptException e) {
                        continue; // Ctrl-C at the prompt: abandon the line, keep the shell
                    } catch (EndOfFileException e) {
                        break;
                    }
                    if (line.isBlank() || line.strip().startsWith("#")) {
                        continue;
                    }
                    Output output = new Output(out, out, options.json(), color, terminal.getWidth(), !dumb);
                    Future<CommandLineExecutor.Outcome> running = worker.submit(() -> executor.execute(line, output, prompter, run));
                    Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> running.cancel(true));
                    try {
                        CommandLineExecutor.Outcome outcome = running.get();
                        if (dumb) {
                            worst = worst.worst(outcome.code()); // piped input: report the worst result
                        }
                    } catch (java.util.concurrent.CancellationException e) {
                        out.println("cancelled");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    } catch (ExecutionException e) {
                        out.println("error: internal error: " + e.getCause());
                    } finally {
                        terminal.handle(Terminal.Signal.INT, previous);
                        out.flush();
                    }
                }
            } finally {
                worker.shutdownNow();
                try {
                    reader.getHistory().save();
                } catch (IOException e) {
                    // history is a convenience; losing it must not fail the exit
                }
            }
            return worst.code();
        } catch (IOException e) {
            System.err.println("error: cannot open the terminal: " + e.getMessage());
            return ExitCode.INTERNAL.code();
        }
    }
}
