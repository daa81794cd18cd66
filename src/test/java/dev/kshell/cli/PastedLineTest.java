package dev.kshell.cli;

import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.util.Suggest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pasted line at the prompt (a log, a file: megabytes on one line) is an unknown command said in one short line.
 * The closest-command suggestion measured it against every name at full length (40-45 s for 2 MB); it now suggests
 * nothing for a word longer than a typo can be, and the message does not echo the word whole.
 */
@Timeout(60)
class PastedLineTest {

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

    @Test
    void should_call_a_two_megabyte_line_unknown_in_one_short_line_without_a_suggestion() {
        // every name is inside this word: the "one contains the other" rule would suggest one if it measured it
        String pasted = "describe".repeat(250_000) + " --topic orders";
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);

        CommandLineExecutor.LineResult result = executor.execute(pasted, output, Prompter.NONE, ExecutionMode.INTERACTIVE);

        assertThat(result.code()).isEqualTo(ExitCode.USAGE);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("error: unknown command '" + "describe".repeat(7) + "desc"
                + "... (2,000,000 characters)'; type 'help' for the list\n");
    }

    @Test
    void should_still_suggest_for_a_word_as_long_as_a_typo_can_be() {
        List<String> names = registered.commands.stream().map(c -> c.spec().name()).toList();
        String longest = "x".repeat(Suggest.LONGEST_TYPO - "describe".length()) + "describe";
        assertThat(Suggest.closest(longest, names)).contains("describe");
        assertThat(Suggest.closest("x" + longest, names)).isEmpty();
        assertThat(Suggest.closest("descibe", names)).contains("describe");
    }
}
