package dev.kshell.app;

import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.testsupport.Await;
import java.time.Duration;

/**
 * The prompt redrawn from another thread while {@code readLine} waits, on a real JLine line editor over byte
 * streams; what the bytes draw is replayed on a one-line screen. A shorter prompt must leave nothing of the longer
 * one behind. The replay itself is shown to catch the defect once seen in tmux (a shorter prompt drawn over a
 * longer one without erasing), so the check can fail; it does not depend on how a JLine release redraws.
 */
@Timeout(30)
class PromptRedrawTest {

    private static final String LONG = "kshell[sandbox] !2 leaderless> ";
    private static final String SHORT = "kshell[sandbox] ok> ";

    @Test
    void should_erase_what_a_longer_prompt_left_when_redrawn_through_the_widget() throws Exception {
        String line = redraw((reader, prompt) -> {
            Repl.installPromptWidgets(reader, prompt::get, () -> true);
            return () -> Repl.redrawPrompt(reader);
        });
        assertThat(line).isEqualTo(SHORT.strip());
    }

    @Test
    void should_show_a_stale_tail_when_a_shorter_prompt_is_drawn_over_a_longer_one_without_erasing() {
        // the defect the REPL once had in tmux (a redraw that returns to column 0 and writes the shorter prompt
        // without erasing): the replay must see it, so that the check above can fail
        assertThat(lastLine(LONG + "\r" + SHORT).stripTrailing()).isEqualTo("kshell[sandbox] ok> eaderless>");
        assertThat(lastLine(LONG + "\r" + SHORT + "\u001b[K").stripTrailing()).isEqualTo(SHORT.strip());
    }

    interface Redraw {
        Runnable install(LineReader reader, AtomicReference<String> prompt);
    }

    /** Shows LONG, switches to SHORT and redraws from another thread; the screen's line after that. */
    private static String redraw(Redraw how) throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        PipedOutputStream keys = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keys);
        try (Terminal terminal = new ExternalTerminal("test", "xterm", in, screen, StandardCharsets.UTF_8)) {
            terminal.setSize(new Size(120, 40));
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).build();
            AtomicReference<String> prompt = new AtomicReference<>(LONG);
            Runnable redraw = how.install(reader, prompt);
            CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> reader.readLine(LONG));
            Await.until("readLine drew its prompt", Duration.ofSeconds(10),
                    () -> reader.isReading() && screen.toString(StandardCharsets.UTF_8).contains("leaderless>"),
                    drawnYet -> drawnYet);
            prompt.set(SHORT);
            redraw.run();
            String drawn;
            synchronized (screen) {
                drawn = screen.toString(StandardCharsets.UTF_8);
            }
            keys.write('\r');
            keys.flush();
            read.get(10, TimeUnit.SECONDS);
            return lastLine(drawn).stripTrailing();
        }
    }

    /**
     * Replays the bytes on a screen: text, CR, BS, cursor left/right/column, erase to end of line, delete and insert
     * characters (JLine's redisplay shortens a line with DCH, ESC[nP); other escapes are ignored.
     */
    static String lastLine(String bytes) {
        StringBuilder row = new StringBuilder();
        int col = 0;
        for (int i = 0; i < bytes.length(); i++) {
            char c = bytes.charAt(i);
            if (c == '\r') {
                col = 0;
            } else if (c == '\n') {
                row.setLength(0);
                col = 0;
            } else if (c == '\b') {
                col = Math.max(0, col - 1);
            } else if (c == 27 && i + 1 < bytes.length() && bytes.charAt(i + 1) == '[') {
                int j = i + 2;
                while (j < bytes.length() && (Character.isDigit(bytes.charAt(j)) || bytes.charAt(j) == ';'
                        || bytes.charAt(j) == '?')) {
                    j++;
                }
                String arg = bytes.substring(i + 2, j).replace("?", "");
                char op = j < bytes.length() ? bytes.charAt(j) : ' ';
                int n = arg.isEmpty() || arg.contains(";") ? 1 : Integer.parseInt(arg);
                switch (op) {
                    case 'C' -> col += n;
                    case 'D' -> col = Math.max(0, col - n);
                    case 'K' -> row.setLength(Math.min(row.length(), col));
                    case 'P' -> row.delete(Math.min(row.length(), col), Math.min(row.length(), col + n)); // delete chars
                    case '@' -> row.insert(Math.min(row.length(), col), " ".repeat(n)); // insert blanks
                    case 'G' -> col = n - 1;
                    default -> { }
                }
                i = j;
            } else if (c == 27) {
                i++; // a two-character escape (keypad mode and the like)
            } else if (c >= ' ') {
                while (row.length() < col) {
                    row.append(' ');
                }
                if (col < row.length()) {
                    row.setCharAt(col, c);
                } else {
                    row.append(c);
                }
                col++;
            }
        }
        return row.toString();
    }
}
