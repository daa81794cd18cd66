package dev.kshell.cli;

import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 37's "prose wraps everywhere": whatever a command prints as text and every note breaks on word boundaries at
 * the terminal's width, under its own indentation; piped output (width 0) keeps each line whole for grep.
 */
@Timeout(20)
class ProseAtTheTerminalTest {

    private static final String STORY = "'ledger' stopped taking writes and reads. One of its brokers came back after a "
            + "restart; the other one crashed and the team says it will not be back today.";
    private static final String NOTE = "  the leader crashes, the other replica comes back, and the team says it will not be "
            + "back today";

    private static KshellCommand storyteller() {
        return new KshellCommand(CommandSpec.named("story").description("prints prose")) {
            @Override
            public ExitCode execute(Invocation inv) {
                inv.note(NOTE);
                inv.emit(List.of(STORY), () -> "PARTITION  LEADER\nledger-0   -\n\n" + STORY + "\n");
                return ExitCode.OK;
            }
        };
    }

    private static String[] run(int width) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Output output = new Output(new PrintWriter(out, true), new PrintWriter(err, true), false, false, width, width > 0);
        new CommandLineExecutor(CommandLineParser.forCommands(List.of(storyteller())),
                new ShellSession(t -> new FakeGateway(UxFixtures.snapshot(List.of()))))
                .execute("story", output, Prompter.NONE, ExecutionMode.INTERACTIVE);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void should_break_prose_and_notes_on_word_boundaries_at_the_terminal_width() {
        String[] screen = run(60);
        List<String> out = screen[0].lines().toList();
        assertThat(out).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60));
        assertThat(out.subList(0, 3)).containsExactly("PARTITION  LEADER", "ledger-0   -", "");
        assertThat(String.join(" ", out.subList(3, out.size())).replaceAll(" +", " ")).isEqualTo(STORY);
        assertThat(out.subList(3, out.size())).allSatisfy(l -> assertThat(l).doesNotEndWith("-"));
        assertThat(screen[0]).endsWith("\n");
        List<String> err = screen[1].lines().toList();
        assertThat(err).hasSizeGreaterThan(1).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60));
        assertThat(err.subList(1, err.size())).allSatisfy(l -> assertThat(l).startsWith("    "));
        assertThat(String.join(" ", err).replaceAll(" +", " ").strip()).isEqualTo(NOTE.strip());
    }

    @Test
    void should_keep_every_line_whole_when_piped() {
        String[] piped = run(0);
        assertThat(piped[0]).isEqualTo("PARTITION  LEADER\nledger-0   -\n\n" + STORY + "\n");
        assertThat(piped[1]).isEqualTo(NOTE + System.lineSeparator());
    }
}
