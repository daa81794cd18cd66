package dev.kshell.app;

import dev.kshell.cli.Prompter;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Asks through JLine, with history switched off so that answers never land in the command history. */
final class TerminalPrompter implements Prompter, AutoCloseable {

    private final LineReader reader;
    private final Terminal ownedTerminal;

    TerminalPrompter(LineReader reader, Terminal ownedTerminal) {
        this.reader = reader;
        this.ownedTerminal = ownedTerminal;
    }

    /** A prompter with its own terminal, for one-shot mode. */
    static TerminalPrompter open() {
        try {
            Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
            return new TerminalPrompter(LineReaderBuilder.builder().terminal(terminal).build(), terminal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean interactive() {
        return true;
    }

    @Override
    public String ask(String question) {
        Object previous = reader.getVariable(LineReader.DISABLE_HISTORY);
        reader.setVariable(LineReader.DISABLE_HISTORY, true);
        try {
            return reader.readLine(question);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        } finally {
            reader.setVariable(LineReader.DISABLE_HISTORY, previous == null ? false : previous);
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
        java.util.concurrent.atomic.AtomicBoolean pressed = new java.util.concurrent.atomic.AtomicBoolean();
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
