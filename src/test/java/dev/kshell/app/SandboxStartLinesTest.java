package dev.kshell.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class SandboxStartLinesTest {

    private static final String LINE = "sandbox: starting 3 controllers (1-3) and 3 brokers (4-6), Kafka 4.4.0, dynamic "
            + "quorum, in /tmp/kshell-sandbox-1234567890/data (kept); Ctrl-C aborts";

    @Test
    void should_break_a_start_line_on_word_boundaries_at_the_terminal_width_under_its_label() {
        StringWriter text = new StringWriter();
        PrintWriter progress = SandboxLauncher.wrapping(new PrintWriter(text), 60);
        progress.println(LINE);
        progress.println("sandbox: ready in 9.1 s");
        var lines = text.toString().lines().toList();
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60));
        assertThat(lines.get(0)).startsWith("sandbox: starting 3 controllers");
        assertThat(lines.subList(1, lines.size() - 1)).allSatisfy(l -> assertThat(l).startsWith("         ").doesNotStartWith("          "));
        assertThat(String.join(" ", lines).replaceAll(" +", " ")).isEqualTo(LINE + " sandbox: ready in 9.1 s");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("sandbox: ready in 9.1 s");
    }

    @Test
    void should_keep_each_line_whole_when_the_width_is_unknown() {
        StringWriter text = new StringWriter();
        PrintWriter progress = SandboxLauncher.wrapping(new PrintWriter(text), 0);
        progress.println(LINE);
        progress.flush();
        assertThat(text.toString()).isEqualTo(LINE + System.lineSeparator());
    }
}
