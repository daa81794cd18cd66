package dev.kshell.connection;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.function.UnaryOperator;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A writer that masks secrets ({@link Secrets#maskText}, or a runbook's {@link Secrets#masker}) in what passes
 * through it, line by line: a line (ended by {@code \n} or {@code \r}) is masked and passed on when it is complete.
 * An open PEM block ({@code -----BEGIN} with no {@code -----END} yet) is held until its end marker, so that a key
 * printed over several lines is masked whole.
 *
 * <p>{@link #flush()} passes on a partial line too (a prompt, a progress line), unless it might be the start of a
 * secret: a key and its separator with the value still to come, or an open PEM block. Those wait for the rest of the
 * line, or for {@link #close()}.
 */
public final class MaskingWriter extends Writer {

    /** A PEM block held longer than this is let through masked (an unclosed block masks to its end). */
    private static final int MAX_HELD = 1 << 16;

    private final Writer target;
    private final UnaryOperator<String> mask;
    private final StringBuilder pending = new StringBuilder();

    public MaskingWriter(Writer target, UnaryOperator<String> mask) {
        this.target = target;
        this.mask = mask;
    }

    /** A {@link PrintWriter} over {@code target} that masks with {@code mask}. */
    public static PrintWriter printWriter(Writer target, UnaryOperator<String> mask) {
        return new PrintWriter(new MaskingWriter(target, mask));
    }

    @Override
    public synchronized void write(char[] buf, int off, int len) {
        pending.append(buf, off, len);
        passCompleteLines();
    }

    private void passCompleteLines() {
        int end = lastLineEnd();
        if (end < 0) {
            return;
        }
        String lines = pending.substring(0, end + 1);
        if (openPem(lines) && pending.length() < MAX_HELD) {
            return; // wait for the block's end marker
        }
        pending.delete(0, end + 1);
        emit(mask.apply(lines));
    }

    private int lastLineEnd() {
        for (int i = pending.length() - 1; i >= 0; i--) {
            char c = pending.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return -1;
    }

    private static boolean openPem(String text) {
        int begin = text.lastIndexOf("-----BEGIN");
        return begin >= 0 && text.indexOf("-----END", begin) < 0;
    }

    /** True when the text might continue into a secret that masking it now would cut in two. */
    private boolean mightContinueIntoASecret(String partial) {
        if (openPem(partial)) {
            return true;
        }
        String probe = partial + "x"; // "password=" + x, "token=ab" + x: a value may still be coming
        return !mask.apply(probe).equals(probe);
    }

    private void emit(String text) {
        try {
            target.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void flush() {
        passCompleteLines();
        passPending(!pending.isEmpty() && !mightContinueIntoASecret(pending.toString()));
    }

    /** Passes on everything held, masked; the stream under it stays open. */
    @Override
    public synchronized void close() {
        passPending(!pending.isEmpty());
    }

    private void passPending(boolean pass) {
        if (pass) {
            emit(mask.apply(pending.toString()));
            pending.setLength(0);
        }
        try {
            target.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
