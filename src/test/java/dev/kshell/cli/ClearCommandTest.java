package dev.kshell.cli;

import dev.kshell.cli.commands.ClearCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code clear} clears a terminal's screen through kshell's own writer, and leaves a pipe's output alone. */
@Timeout(30)
class ClearCommandTest {

    private final CommandLineExecutor executor = new CommandLineExecutor(
            CommandLineParser.forCommands(List.of(new ClearCommand())), new ShellSession(t -> null));

    private String run(boolean terminal) {
        StringWriter out = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(new StringWriter()), false, false, 80,
                terminal);
        assertThat(executor.execute("clear", output, Prompter.NONE, ExecutionMode.INTERACTIVE).code())
                .isEqualTo(ExitCode.OK);
        return out.toString();
    }

    @Test
    void should_clear_the_screen_at_a_terminal() {
        assertThat(run(true)).isEqualTo("\u001b[H\u001b[2J");
    }

    @Test
    void should_print_nothing_into_a_pipe() {
        assertThat(run(false)).isEmpty();
    }
}
