package dev.kshell.app;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import java.net.InetAddress;
import java.net.ServerSocket;

/** The process exit codes of one-shot mode, through the real runner and the application's assembly. */
@Timeout(120)
class RunnerExitCodeTest {

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
    void should_exit_2_with_one_line_for_an_unknown_command() {
        assertThat(KshellApplication.run(new String[]{"frobnicate"})).isEqualTo(2);
        assertThat(err()).isEqualTo("error: unknown command 'frobnicate'; type 'help' for the list\n");
    }

    @Test
    void should_exit_2_for_a_bad_launcher_option_before_starting() {
        assertThat(KshellApplication.run(new String[]{"--bootstrap-servers", "x:1", "quorum"})).isEqualTo(2);
        assertThat(err()).isEqualTo("error: unknown option --bootstrap-servers; see kshell --help\n");
    }

    @Test
    void should_exit_2_for_a_bad_option_of_a_two_word_free_command() {
        assertThat(KshellApplication.run(new String[]{"describe", "--bogus"})).isEqualTo(2);
        assertThat(err()).contains("describe: unknown option --bogus").doesNotContain("Exception");
    }

    @Test
    void should_say_refused_in_one_line_when_nothing_listens_at_the_bootstrap_address() {
        // a deadline this long would show as a hang if the refusal waited for it (the class's @Timeout is shorter)
        int code = KshellApplication.run(new String[]{"--bootstrap-server", "127.0.0.1:1", "--timeout", "10m", "brokers"});
        assertThat(code).isEqualTo(4);
        assertThat(err()).isEqualTo("error: connection refused by 127.0.0.1:1: nothing listens there (is the address "
                + "right, is the process up?)\n");
    }

    @Test
    void should_say_no_answer_in_one_line_when_the_address_accepts_and_never_answers() throws Exception {
        // a black hole: the connection is accepted (the backlog holds it), no byte ever comes back
        try (ServerSocket hole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String address = "127.0.0.1:" + hole.getLocalPort();
            int code = KshellApplication.run(new String[]{"--bootstrap-server", address, "--timeout", "3s", "brokers"});
            assertThat(code).isEqualTo(4);
            assertThat(err()).startsWith("error: no answer from " + address + " within 3s").doesNotContain("Exception");
            assertThat(err().lines()).hasSize(1);
        }
    }

    @Test
    void should_exit_0_for_help_and_print_the_catalogue() {
        assertThat(KshellApplication.run(new String[]{"help"})).isEqualTo(0);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("quorum").contains("describe");
    }
}
