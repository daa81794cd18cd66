package dev.kshell.cli;

import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code help GROUP} and unknown sub-commands, over every registered command: a person types the group word first. */
@Timeout(60)
class HelpGroupTest {

    @TempDir
    Path home;

    private RegisteredCommands registered;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() {
        ShellSession session = new ShellSession(t -> new FakeGateway(UxFixtures.incident()));
        registered = new RegisteredCommands(session, home);
        executor = new CommandLineExecutor(registered.parser(), session);
    }

    @AfterEach
    void tearDown() {
        registered.close();
    }

    private CommandLineExecutor.LineResult run(String line) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_list_the_sandbox_commands_with_their_descriptions() {
        assertThat(run("help sandbox").code()).isEqualTo(ExitCode.OK);
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString()).startsWith("sandbox commands:\n")
                .contains("sandbox kill-broker", "sandbox start-broker", "sandbox status", "sandbox scenario")
                .contains("Stage an incident in the sandbox")
                .doesNotContain("elect preferred", "triage");
    }

    @Test
    void should_list_the_elect_commands_and_a_help_group_by_its_name() {
        assertThat(run("help elect").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("elect preferred", "elect unclean", "elect restore-order")
                .contains("Elect each partition's preferred replica").doesNotContain("sandbox");
        assertThat(run("help state").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("state commands:").contains("describe", "quorum", "topics");
    }

    @Test
    void should_give_the_group_as_json() {
        assertThat(run("help sandbox --output json").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("[").contains("\"name\" : \"sandbox kill-broker\"");
    }

    @Test
    void should_still_refuse_a_word_that_is_neither_command_nor_group() {
        assertThat(run("help frobnicate").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("help: unknown command 'frobnicate'");
    }

    @Test
    void should_name_an_unknown_sub_command_as_typed_and_suggest_the_nearest_of_its_group() {
        assertThat(run("sandbox kil-brocker 4").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("unknown command 'sandbox kil-brocker' (did you mean 'sandbox kill-broker'?)")
                .contains("help sandbox");
        run("elect uncleen orders-0");
        assertThat(err.toString()).contains("unknown command 'elect uncleen' (did you mean 'elect unclean'?)");
        run("sandbox frobnicate");
        assertThat(err.toString()).contains("unknown command 'sandbox frobnicate'; try one of: ")
                .contains("sandbox kill-broker");
    }
}
