package dev.kshell.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;

import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.impl.history.DefaultHistory;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A confirmation reads one fresh line: the shell's history is not there to recall or expand. */
@Timeout(20)
class AnswerReaderTest {

    @Test
    void should_read_bang_dollar_as_typed_not_as_the_last_word_of_the_previous_command() throws Exception {
        // a pipe kept open (a ByteArrayInputStream's end closes JLine's reader before it reads the line)
        PipedOutputStream keys = new PipedOutputStream();
        PipedInputStream typed = new PipedInputStream(keys);
        keys.write("!$\r!!\r".getBytes(StandardCharsets.UTF_8));
        keys.flush();
        try (Terminal terminal = TerminalBuilder.builder().system(false).type("xterm").streams(typed,
                new ByteArrayOutputStream()).build()) {
            LineReader shell = LineReaderBuilder.builder().terminal(terminal).history(new DefaultHistory()).build();
            shell.getHistory().add("elect unclean orders-0");
            TerminalPrompter prompter = new TerminalPrompter(shell, null);

            // on the shell's reader '!$' became 'orders-0': the phrase, typed without typing it
            assertThat(prompter.readAnswer("Type orders-0 to confirm: ")).isEqualTo("!$");
            assertThat(prompter.readAnswer("Proceed? ")).isEqualTo("!!");
            assertThat(shell.getHistory().size()).isEqualTo(1);
        }
    }
}
