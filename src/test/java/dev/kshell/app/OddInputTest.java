package dev.kshell.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Odd input through the real one-shot runner: one line on stderr, the documented exit code, never a trace. */
@Timeout(120)
class OddInputTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void should_refuse_an_overflowing_timeout_in_one_line_at_the_launcher_and_at_the_command() {
        assertThat(KshellApplication.run(new String[] {"--timeout", "9999999999999999h", "brokers"})).isEqualTo(2);
        assertThat(err()).isEqualTo("error: --timeout: '9999999999999999h' is too long: at most 576h (24 days)\n");
        err.reset();

        assertThat(KshellApplication.run(new String[] {"--bootstrap-server", "127.0.0.1:1", "brokers", "--timeout",
            "9999999999999999h"})).isEqualTo(2);
        assertThat(err()).hasLineCount(1).contains("is too long: at most 576h").doesNotContain("Exception");
    }
}
