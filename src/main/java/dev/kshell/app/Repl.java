package dev.kshell.app;

import dev.kshell.cli.Colors;
import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.KshellCompleter;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.cli.Output;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.ShellControl;
import dev.kshell.cli.SnapshotRefresher;
import dev.kshell.model.ExitCode;
import dev.kshell.cli.PromptText;
import dev.kshell.session.KshellHome;
import dev.kshell.session.OffsetMemory;
import dev.kshell.session.ShellSession;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Duration;
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
    private final ExecutionMode run;

    Repl(CommandLineExecutor executor, ShellSession session, ShellControl control, LaunchOptions options, ExecutionMode run) {
        this.executor = executor;
        this.session = session;
        this.control = control;
        this.options = options;
        this.run = run;
    }

    /** How often the background refresher checks whether the cached snapshot went stale. */
    private static final Duration REFRESH_CHECK = Duration.ofSeconds(2);

    private volatile String shownPrompt;

    /** Called on the refresh thread; JLine lets another thread redraw while readLine waits for a key. */
    private void redrawPrompt(LineReader reader, SnapshotRefresher refresher, boolean color) {
        try {
            if (reader.isReading() && reader instanceof LineReaderImpl impl) {
                String prompt = PromptText.prompt(session, refresher, color);
                if (!prompt.equals(shownPrompt)) {
                    shownPrompt = prompt;
                    impl.setPrompt(prompt);
                    reader.callWidget(LineReader.REDRAW_LINE);
                    reader.callWidget(LineReader.REDISPLAY);
                }
            }
        } catch (RuntimeException e) {
            // a prompt that stays old until the next line is no failure
        }
    }

    int run() {
        try {
            Files.createDirectories(KshellHome.dir());
        } catch (IOException e) {
            System.err.println("warning: cannot create " + KshellHome.dir() + ": " + e.getMessage());
        }
        // dumb(true): without a TTY JLine falls back quietly instead of warning (docs/kafka-behaviour.md).
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
             SnapshotRefresher refresher = new SnapshotRefresher(session, OffsetMemory.atDefaultDir(OffsetMemory.THROTTLE))) {
            boolean dumb = Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("kshell")
                    // the one tokenizer's rules: the words completion sees are the words the executor runs
                    .parser(Tokenizer.lineEditorParser())
                    // Completion reads the cached snapshot and only nudges a background refresh: no cluster call on
                    // the key-press thread.
                    .completer(new KshellCompleter(executor.parser(), session, KshellHome::dir, refresher::beforeCompletion))
                    .variable(LineReader.HISTORY_FILE, KshellHome.history())
                    .build();
            reader.unsetOpt(LineReader.Option.INSERT_TAB);
            KshellCompleter.configure(reader);
            TerminalPrompter prompter = new TerminalPrompter(reader, null);
            ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "kshell-command");
                t.setDaemon(true);
                return t;
            });
            boolean color = Colors.allowed(!dumb, options.noColor());
            // The prompt's health mark follows the background refresh, even while the operator sits at the prompt.
            refresher.onRefresh(() -> redrawPrompt(reader, refresher, color));
            refresher.start(REFRESH_CHECK);
            PrintWriter out = terminal.writer();
            ExitCode worst = ExitCode.OK;
            try {
                while (!control.exitRequested()) {
                    String line;
                    try {
                        shownPrompt = PromptText.prompt(session, refresher, color);
                        line = reader.readLine(shownPrompt);
                    } catch (UserInterruptException e) {
                        continue; // Ctrl-C at the prompt: abandon the line, keep the shell
                    } catch (EndOfFileException e) {
                        break;
                    }
                    if (line.isBlank() || line.strip().startsWith("#")) {
                        continue;
                    }
                    Output output = new Output(out, out, options.json(), color, terminal.getWidth(), !dumb);
                    java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);
                    Future<CommandLineExecutor.LineResult> running = worker.submit(() -> {
                        try {
                            return executor.execute(line, output, prompter, run);
                        } finally {
                            finished.countDown();
                        }
                    });
                    // Ctrl-C while a command runs interrupts that command only; the shell stays.
                    Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> running.cancel(true));
                    try {
                        CommandLineExecutor.LineResult outcome = running.get();
                        if (dumb) {
                            worst = worst.worst(outcome.code()); // piped input: report the worst result
                        }
                    } catch (java.util.concurrent.CancellationException e) {
                        // The command sees the interrupt and reports "cancelled" itself; give it a moment so that
                        // its last words come before the next prompt, not after.
                        if (!awaitQuietly(finished)) {
                            out.println("cancelled (the command is still winding down in the background)");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    } catch (ExecutionException e) {
                        out.println("error: internal error: " + e.getCause());
                    } finally {
                        terminal.handle(Terminal.Signal.INT, previous);
                        out.flush();
                        refresher.afterCommand();
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

    /** Waits up to 3 s for a cancelled command to finish; false when it did not. */
    private static boolean awaitQuietly(java.util.concurrent.CountDownLatch finished) {
        try {
            return finished.await(3, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
