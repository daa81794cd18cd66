package dev.kshell.app;

import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The REPL's history (a line read by JLine, as typed at the prompt) keeps no secret, in memory or in its file. */
@Timeout(30)
class PrivateHistoryTest {

    @TempDir
    Path dir;

    @Test
    void should_store_lines_with_secrets_masked_in_memory_and_in_a_private_file() throws Exception {
        Path file = dir.resolve("history");
        String typed = """
                run fix.ksh --param token=TOKEN-IN-CLEAR --yes
                password=PASTED IN CLEAR
                connect --bootstrap-server b:9092 --command-config admin.properties
                """;
        List<String> read = new ArrayList<>();
        try (Terminal terminal = new ExternalTerminal("history-test", "xterm",
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)), new ByteArrayOutputStream(),
                StandardCharsets.UTF_8)) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                    .variable(LineReader.HISTORY_FILE, file).history(new PrivateHistory()).build();
            for (int i = 0; i < 3; i++) {
                read.add(reader.readLine("> "));
            }
            History history = reader.getHistory();
            List<String> kept = new ArrayList<>();
            history.forEach(e -> kept.add(e.line()));
            assertThat(kept).containsExactly("run fix.ksh --param token=**** --yes", "password=****",
                    "connect --bootstrap-server b:9092 --command-config admin.properties");
            history.save();
        }
        // the command itself got the line as typed
        assertThat(read.get(0)).contains("TOKEN-IN-CLEAR");
        assertThat(Files.readString(file)).doesNotContain("TOKEN-IN-CLEAR", "PASTED", "CLEAR")
                .contains("--param token=**** --yes");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void should_keep_no_line_longer_than_the_limit_in_memory_or_in_the_file() throws Exception {
        Path file = dir.resolve("history");
        String pasted = "x".repeat(PrivateHistory.LONGEST_LINE + 1);
        String longest = "y".repeat(PrivateHistory.LONGEST_LINE);
        // a file written before the limit existed: its long line is not read back either
        Files.writeString(file, "1700000000000:" + "z".repeat(3 * PrivateHistory.LONGEST_LINE) + "\n"
                + "1700000000001:status\n");
        String typed = "quorum\n" + pasted + "\n" + longest + "\n" + "brokers\n";
        try (Terminal terminal = new ExternalTerminal("history-test", "xterm",
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)), new ByteArrayOutputStream(),
                StandardCharsets.UTF_8)) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                    .variable(LineReader.HISTORY_FILE, file).history(new PrivateHistory()).build();
            List<String> read = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                read.add(reader.readLine("> "));
            }
            assertThat(read.get(1)).as("the command still gets the long line").isEqualTo(pasted);
            List<String> kept = new ArrayList<>();
            reader.getHistory().forEach(e -> kept.add(e.line()));
            assertThat(kept).containsExactly("status", "quorum", longest, "brokers");
            reader.getHistory().save();
        }
        assertThat(Files.readString(file)).doesNotContain("x".repeat(100)).doesNotContain("z".repeat(100))
                .contains(longest, ":status\n");
    }
}
