package dev.kshell.app;

import dev.kshell.testsupport.Integration;

import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.kshell.testsupport.Required;
import dev.kshell.testsupport.Tmux;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Only a person at a real terminal confirms: JLine's dumb fallback (what a pipe gets) never does. */
@Integration
@Timeout(30)
class TerminalPrompterTest {

    @Test
    void should_not_ask_through_a_dumb_terminal_even_when_the_pipe_holds_the_answer() throws Exception {
        ByteArrayInputStream piped = new ByteArrayInputStream("orders-1\n".getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Terminal dumb = TerminalBuilder.builder().system(false).dumb(true).type(Terminal.TYPE_DUMB)
                .streams(piped, out).build()) {
            TerminalPrompter prompter = new TerminalPrompter(LineReaderBuilder.builder().terminal(dumb).build(), null);
            assertThat(prompter.interactive()).isFalse();
            assertThat(prompter.ask("Type orders-1 to confirm: ")).isNull();
        }
    }

    @Test
    void should_see_a_real_pty_as_a_terminal() throws Exception {
        // the other half of the check below: a check that always said "no" would pass that one
        Required.tool("script", Files.isExecutable(Path.of("/usr/bin/script")),
                "the pty half of the terminal check (util-linux's script(1) gives the child a pty)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = Tmux.shellLine(List.of(java, "-cp", System.getProperty("java.class.path"),
                TerminalProbeMain.class.getName()));
        Process p = new ProcessBuilder("/usr/bin/script", "-qec", command, "/dev/null").redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(out).as("in a pty").contains("stdin=true stdout=true both=true");
    }

    @Test
    void should_see_that_this_test_jvms_stdin_is_no_terminal() {
        // surefire feeds the forked JVM through a pipe: a terminal check that said yes here would let a pipe confirm
        assertThat(TerminalPrompter.isTerminal(0)).isNotEqualTo(Boolean.TRUE);
        assertThat(TerminalPrompter.standardStreamsAreTerminals()).isFalse();
    }
}
