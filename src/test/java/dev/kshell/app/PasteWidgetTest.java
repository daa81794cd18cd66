package dev.kshell.app;

import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Widget;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A paste the terminal does not bracket arrives as keys, and JLine draws the whole line after each key it handles:
 * for a pasted megabyte that is a million redraws of a growing line. The REPL's self-insert takes every plain
 * character already waiting into one insert, so a burst is one key handled and one redraw; control keys (Enter, DEL)
 * keep their own bindings.
 */
@Timeout(60)
class PasteWidgetTest {

    @Test
    void should_insert_a_burst_of_pasted_characters_as_one_key_and_keep_enter_and_delete() throws Exception {
        String pasted = "x".repeat(100_000) + " élan 日本";
        String typed = pasted + "\r" + "ab\u007fc\r";
        try (Terminal terminal = new ExternalTerminal("paste-test", "xterm",
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)), new ByteArrayOutputStream(),
                StandardCharsets.UTF_8)) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).build();
            Repl.installPasteWidget(reader);
            AtomicInteger inserts = new AtomicInteger();
            Widget paste = reader.getWidgets().get(LineReader.SELF_INSERT);
            reader.getWidgets().put(LineReader.SELF_INSERT, () -> {
                inserts.incrementAndGet();
                return paste.apply();
            });

            assertThat(reader.readLine("> ")).isEqualTo(pasted);
            assertThat(inserts.get()).as("keys handled for %,d pasted characters", pasted.length())
                    .isLessThan(pasted.length() / 100);
            assertThat(reader.readLine("> ")).as("DEL still deletes, Enter still ends the line").isEqualTo("ac");
        }
    }
}
