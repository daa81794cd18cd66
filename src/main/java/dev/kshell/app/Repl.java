package dev.kshell.app;

import dev.kshell.cli.Colors;
import dev.kshell.cli.ErrorMapper;
import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.KshellCompleter;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.cli.Output;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.ShellControl;
import dev.kshell.cli.SnapshotRefresher;
import dev.kshell.model.ExitCode;
import dev.kshell.cli.PromptText;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.DaemonThreads;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.Widget;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.AttributedString;
import org.springframework.shell.core.command.ExitStatus;
import org.springframework.shell.jline.JLineInputProvider;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import dev.kshell.connection.Secrets;
import dev.kshell.util.PrivateFiles;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The interactive loop, a Spring Shell {@code ShellRunner} reading its lines through Spring Shell's
 * {@link JLineInputProvider} (kshell's line reader: its completer, history and prompt). It never dies of a command:
 * Ctrl-C at the prompt abandons the line, Ctrl-C during a command interrupts that command and returns to the prompt,
 * Ctrl-D (end of input) or {@code exit} leaves.
 *
 * <p>The loop is kshell's, not Spring Shell's {@code JLineShellRunner}: that one ends the shell on Ctrl-C at the
 * prompt (its loop breaks on any exception from the input), runs a command on the reading thread (so Ctrl-C during a
 * command kills the JVM), takes {@code exit} and {@code quit} before any parser, reports an unknown command through
 * its {@code Utils} (which start Hibernate Validator) and a failure as "Error while executing command", and its loop
 * cannot be entered from a subclass.
 */
final class Repl implements ExitingShellRunner {

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

    /** The first prompt waits this long for the first snapshot, so that it is drawn once, with its mark. */
    private static final Duration FIRST_PROMPT_WAIT = Duration.ofSeconds(3);

    /** kshell's widget: recompute the prompt and redraw it in place. */
    static final String PROMPT_WIDGET = "kshell-redraw-prompt";

    /**
     * Puts the prompt into JLine's own redraw cycle. The widget runs under the line reader's lock (JLine's
     * {@code callWidget} takes it and refuses when no {@code readLine} is running), sets the new prompt and calls
     * {@code redisplay}, which diffs the new line against what the display last drew and erases what is left over.
     * The earlier way, {@code REDRAW_LINE} first, made the display forget the old line: a shorter prompt was then
     * drawn over a longer one without erasing its tail ({@code kshell[sandbox] ok> eaderless>}).
     * {@code CALLBACK_INIT} runs inside {@code readLine} before the first draw: the prompt drawn is the newest one
     * even when a refresh landed between computing it and reading.
     */
    static void installPromptWidgets(LineReader reader, Supplier<String> prompt,
                                     BooleanSupplier atShellPrompt) {
        if (!(reader instanceof LineReaderImpl impl)) {
            return;
        }
        // what is on screen now; an unchanged prompt is not redrawn (a completion list below it stays)
        AtomicReference<String> shown = new AtomicReference<>();
        // a confirmation question (TerminalPrompter) reads on the same reader: its prompt is not ours to replace
        reader.getWidgets().put(PROMPT_WIDGET, () -> {
            if (atShellPrompt.getAsBoolean()) {
                String now = prompt.get();
                if (!now.equals(shown.getAndSet(now))) {
                    impl.setPrompt(now);
                    impl.redisplay();
                }
            }
            return true;
        });
        reader.getWidgets().put(LineReader.CALLBACK_INIT, () -> {
            if (atShellPrompt.getAsBoolean()) {
                String now = prompt.get();
                shown.set(now);
                impl.setPrompt(now);
            }
            return true;
        });
    }

    /**
     * How long the line editor looks for a further character already on its way: a paste arrives in bursts far closer
     * together, a person's keys far apart.
     */
    private static final long PASTE_GAP_MS = 10;

    /**
     * The line editor's self-insert, taking every plain character that already waits into one insert. A paste the
     * terminal does not bracket (no bracketed-paste mode, or a tmux {@code paste-buffer}) arrives as keys, and JLine
     * draws the whole line again after each key: a 1 MB paste was still being drawn after ten minutes (a bracketed one
     * is inserted at once). Characters below a space (Enter, Tab, escape sequences) and DEL keep their own bindings.
     */
    static void installPasteWidget(LineReader reader) {
        if (!(reader instanceof LineReaderImpl impl)) {
            return;
        }
        Widget selfInsert = reader.getWidgets().get(LineReader.SELF_INSERT);
        reader.getWidgets().put(LineReader.SELF_INSERT, () -> {
            boolean inserted = selfInsert.apply();
            StringBuilder waiting = new StringBuilder();
            for (int c = impl.peekCharacter(PASTE_GAP_MS); c >= ' ' && c != 127; c = impl.peekCharacter(PASTE_GAP_MS)) {
                waiting.appendCodePoint(impl.readCharacter());
            }
            if (!waiting.isEmpty()) {
                impl.getBuffer().write(waiting.toString());
            }
            return inserted;
        });
    }

    /** True while the loop's own readLine runs (not a confirmation question's). */
    private volatile boolean atShellPrompt;

    /** Called on the refresh thread: redraws the prompt through JLine while it waits for a key; else nothing. */
    static void redrawPrompt(LineReader reader) {
        try {
            if (reader.isReading()) {
                reader.callWidget(PROMPT_WIDGET);
            }
        } catch (IllegalStateException e) {
            // readLine returned between the check and the call: the next prompt is computed afresh anyway
        } catch (RuntimeException e) {
            // a prompt that stays old until the next line is no failure
        }
    }

    private ExitStatus status = ErrorMapper.status(ExitCode.OK);

    @Override
    public ExitStatus exitStatus() {
        return status;
    }

    /** @param args none: the shell reads its lines from the terminal (a one-shot command is {@link OneShotRunner}'s) */
    @Override
    public void run(String[] args) {
        status = ErrorMapper.status(loop());
    }

    private ExitCode loop() {
        try {
            PrivateFiles.createDirectories(KshellHome.records());
        } catch (IOException e) {
            System.err.println("warning: cannot create " + KshellHome.records() + ": " + e.getMessage());
        }
        // dumb(true): without a TTY JLine falls back quietly instead of warning (docs/kafka-behaviour.md).
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
             SnapshotRefresher refresher = new SnapshotRefresher(session, OffsetMemory.atDefaultDir(OffsetMemory.THROTTLE))) {
            boolean dumb = Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
            LineReader reader = lineReader(terminal, refresher);
            reader.unsetOpt(LineReader.Option.INSERT_TAB);
            KshellCompleter.configure(reader);
            installPasteWidget(reader);
            TerminalPrompter prompter = new TerminalPrompter(reader, null);
            ExecutorService worker = Executors.newSingleThreadExecutor(DaemonThreads.named("kshell-command"));
            boolean color = Colors.allowed(!dumb, options.noColor());
            // Piped input (no terminal): no prompt, so that stdout holds only what the commands print.
            Supplier<String> prompt = dumb ? () -> "" : () -> PromptText.prompt(session, refresher, color);
            // The prompt's health mark follows the background refresh, even while the operator sits at the prompt.
            installPromptWidgets(reader, prompt, () -> atShellPrompt);
            // Spring Shell's JLine input provider reads each line on kshell's reader, with kshell's prompt
            JLineInputProvider input = new JLineInputProvider(reader);
            input.setPromptProvider(() -> AttributedString.fromAnsi(prompt.get()));
            refresher.onRefresh(() -> redrawPrompt(reader));
            refresher.start(REFRESH_CHECK);
            if (!dumb) {
                refresher.awaitFirstMark(FIRST_PROMPT_WAIT);
            }
            PrintWriter out = terminal.writer();
            ExitCode worst = ExitCode.OK;
            try {
                while (!control.exitRequested()) {
                    String line;
                    try {
                        atShellPrompt = true;
                        try {
                            line = input.readInput();
                        } finally {
                            atShellPrompt = false;
                        }
                    } catch (UserInterruptException e) {
                        continue; // Ctrl-C at the prompt: abandon the line, keep the shell
                    } catch (EndOfFileException e) {
                        break;
                    }
                    if (line.isBlank() || line.strip().startsWith("#")) {
                        continue;
                    }
                    Output output = new Output(out, out, options.json(), color, terminal.getWidth(), !dumb,
                            terminal.getHeight());
                    try {
                        CommandLineExecutor.LineResult outcome = runLine(line, output, prompter, terminal, worker);
                        if (dumb && outcome != null) {
                            worst = worst.worst(outcome.code()); // piped input: report the worst result
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    } finally {
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
            return worst;
        } catch (IOException e) {
            System.err.println("error: cannot open the terminal: " + e.getMessage());
            return ExitCode.INTERNAL;
        }
    }

    /** kshell's line reader: the one tokenizer, kshell's completer over the cached snapshot, the private history. */
    private LineReader lineReader(Terminal terminal, SnapshotRefresher refresher) {
        return LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("kshell")
                // the one tokenizer's rules: the words completion sees are the words the executor runs
                .parser(Tokenizer.lineEditorParser())
                // Completion reads the cached snapshot and only nudges a background refresh: no cluster call on
                // the key-press thread.
                .completer(new KshellCompleter(executor.parser(), session, KshellHome::dir, KshellHome::state,
                        refresher::beforeCompletion))
                .variable(LineReader.HISTORY_FILE, KshellHome.history())
                // stores no secret (lines masked) and creates the file 0600
                .history(new PrivateHistory())
                .build();
    }

    /**
     * Runs one line on the worker thread, so that Ctrl-C while it runs interrupts that command only; the shell stays.
     * The line's result, or null when it was cancelled or failed inside kshell (said on the terminal).
     *
     * @throws InterruptedException the shell's own thread was interrupted: the loop ends
     */
    private CommandLineExecutor.LineResult runLine(String line, Output output, TerminalPrompter prompter,
                                                   Terminal terminal, ExecutorService worker)
            throws InterruptedException {
        PrintWriter out = output.out();
        CountDownLatch finished = new CountDownLatch(1);
        Future<CommandLineExecutor.LineResult> running = worker.submit(() -> {
            try {
                return executor.execute(line, output, prompter, run);
            } finally {
                finished.countDown();
            }
        });
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> running.cancel(true));
        try {
            return running.get();
        } catch (CancellationException e) {
            // The command sees the interrupt and reports "cancelled" itself; give it a moment so that its last
            // words come before the next prompt, not after.
            if (!awaitQuietly(finished)) {
                out.println("cancelled (the command is still winding down in the background)");
            }
            return null;
        } catch (ExecutionException e) {
            out.println("error: internal error: " + Secrets.maskText(String.valueOf(e.getCause())));
            return null;
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            out.flush();
        }
    }

    /** Waits up to 3 s for a cancelled command to finish; false when it did not. */
    private static boolean awaitQuietly(CountDownLatch finished) {
        try {
            return finished.await(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
