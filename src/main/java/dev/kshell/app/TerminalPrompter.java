package dev.kshell.app;

import dev.kshell.cli.Prompter;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.UncheckedIOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.reader.impl.history.DefaultHistory;
import org.jline.terminal.Attributes;
import org.jline.utils.NonBlockingReader;

/**
 * Asks through JLine, with history switched off so that answers never land in the command history.
 *
 * <p>It asks only a person: {@link #interactive()} is true only when stdin AND stdout are a real terminal and JLine
 * runs a real (not its dumb fallback) terminal. A pipe, a redirected stdin or stdout, cron, {@code TERM=dumb} never
 * confirm anything: the guard then refuses with exit 3. {@code System.console()} is not asked: it is non-null for a
 * redirected stdin on Java 22-24 (docs/kafka-behaviour.md).
 */
final class TerminalPrompter implements Prompter, AutoCloseable {

    private final LineReader reader;
    private final Terminal ownedTerminal;

    /**
     * @param shell the shell's line reader: only its terminal is used. Answers are read by a reader of their own,
     *              with no history and no history expansion: on the shell's reader, answering {@code !$} typed the
     *              last word of the previous command line, which for {@code elect unclean P} is the phrase to type.
     */
    TerminalPrompter(LineReader shell, Terminal ownedTerminal) {
        this.reader = answerReader(shell.getTerminal());
        this.ownedTerminal = ownedTerminal;
    }

    /** A reader for answers on {@code terminal}: an empty history that keeps nothing, no {@code !} expansion. */
    static LineReader answerReader(Terminal terminal) {
        return LineReaderBuilder.builder().terminal(terminal)
                .history(new DefaultHistory())
                .variable(LineReader.DISABLE_HISTORY, true)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
    }

    /** A prompter with its own terminal, for one-shot mode. */
    static TerminalPrompter open() {
        try {
            Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
            return new TerminalPrompter(answerReader(terminal), terminal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The terminal's columns (0 when it does not know them): one-shot output wraps its prose there. */
    int width() {
        return Math.max(0, reader.getTerminal().getWidth());
    }

    /**
     * The columns of the terminal kshell runs in, before the shell has one of its own (the sandbox's start-up lines);
     * 0 when standard error is not a terminal, so that a log or a pipe gets whole lines.
     */
    static int columnsOfStandardError() {
        if (System.console() == null) {
            return 0;
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
            return Math.max(0, terminal.getWidth());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    @Override
    public boolean interactive() {
        return personAt(reader.getTerminal());
    }

    /** A real terminal on both ends: the only place a confirmation can come from. */
    static boolean personAt(Terminal terminal) {
        String type = terminal.getType();
        if (type == null || Terminal.TYPE_DUMB.equals(type) || Terminal.TYPE_DUMB_COLOR.equals(type)) {
            return false;
        }
        return standardStreamsAreTerminals();
    }

    /** stdin (fd 0) and stdout (fd 1) are both terminals, as far as this platform lets us tell. */
    static boolean standardStreamsAreTerminals() {
        Boolean in = isTerminal(0);
        Boolean out = isTerminal(1);
        if (in != null && out != null) {
            return in && out;
        }
        // No /proc (macOS, Windows): JLine built a non-dumb system terminal, which it does only on a terminal.
        return true;
    }

    /** Whether file descriptor {@code fd} of this process is a terminal; null when the platform cannot tell. */
    static Boolean isTerminal(int fd) {
        Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return null;
        }
        try {
            String target = Files.readSymbolicLink(fds.resolve(String.valueOf(fd))).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public String ask(String question) {
        if (!interactive()) {
            return null; // never read an answer from a pipe
        }
        return readAnswer(question);
    }

    /** One fresh line, as typed: no history to recall, nothing expanded. Null on Ctrl-C or the end of input. */
    String readAnswer(String question) {
        try {
            return reader.readLine(question);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
    }

    @Override
    public String awaitStopKey(Duration timeout) throws InterruptedException {
        if (!interactive()) {
            return Prompter.super.awaitStopKey(timeout);
        }
        return readStopKey(reader.getTerminal(), timeout);
    }

    /**
     * Reads keys in raw mode for up to {@code timeout}: {@code q} or Ctrl-D (or the end of the input) ends a view.
     * Raw mode keeps ISIG, so Ctrl-C still reaches the shell's handler, which interrupts this thread; reading in
     * short slices lets the interrupt through at once.
     */
    static String readStopKey(Terminal terminal, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Attributes saved = terminal.enterRawMode();
        try {
            while (true) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("stopped");
                }
                long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (leftMs <= 0) {
                    return null;
                }
                int c = terminal.reader().read(Math.min(leftMs, 100));
                if (c == 'q' || c == 'Q') {
                    return "q";
                }
                if (c == 4 || c == NonBlockingReader.EOF) {
                    return "end of input";
                }
            }
        } catch (InterruptedIOException e) {
            throw new InterruptedException("stopped");
        } catch (IOException e) {
            // The terminal cannot be read: wait out the interval as a pipe would.
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            return null;
        } finally {
            terminal.setAttributes(saved);
        }
    }

    /**
     * One-shot mode: Ctrl-C on the terminal runs {@code onFirst} (interrupt the command, so a runbook stops cleanly
     * and says where); a second Ctrl-C ends the process as usual (exit 130).
     */
    void onInterrupt(Runnable onFirst) {
        if (ownedTerminal == null) {
            return;
        }
        AtomicBoolean pressed = new AtomicBoolean();
        ownedTerminal.handle(Terminal.Signal.INT, signal -> {
            if (pressed.getAndSet(true)) {
                System.exit(130);
            }
            onFirst.run();
        });
    }

    @Override
    public void close() throws IOException {
        if (ownedTerminal != null) {
            ownedTerminal.close();
        }
    }
}
