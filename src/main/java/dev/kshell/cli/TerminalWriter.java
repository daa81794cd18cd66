package dev.kshell.cli;

import dev.kshell.render.Safe;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * The writer in front of a real terminal (the REPL's, the one-shot runner's standard streams): kshell's own control
 * sequences take effect ({@link Safe#terminal}: their mark is removed), anything else that would control the
 * terminal is shown escaped. Commands' output reaches it already escaped by their writers; this is the last step.
 */
public final class TerminalWriter extends FilterWriter {

    private TerminalWriter(Writer target) {
        super(target);
    }

    /** A print writer over {@code target} (auto-flushing like the standard streams' own). */
    public static PrintWriter over(Writer target) {
        return new PrintWriter(new TerminalWriter(target), true);
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        out.write(Safe.terminal(str.substring(off, off + len)));
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        out.write(Safe.terminal(new String(buf, off, len)));
    }

    @Override
    public void write(int c) throws IOException {
        write(String.valueOf((char) c), 0, 1);
    }
}
