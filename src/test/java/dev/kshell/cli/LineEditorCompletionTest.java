package dev.kshell.cli;

import dev.kshell.grammar.Tokenizer;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.grammar.OptionSpec;
import java.util.List;

/** The real JLine line editor (a terminal over byte streams) with kshell's parser, completer and options. */
@Timeout(60)
class LineEditorCompletionTest {

    @TempDir
    Path home;

    private ShellSession session;
    private RegisteredCommands registered;

    @BeforeEach
    void setUp() {
        FakeGateway gateway = new FakeGateway(UxFixtures.incident());
        session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "seed", null);
        session.remember(UxFixtures.incident());
        registered = new RegisteredCommands(session, home);
    }

    @AfterEach
    void tearDown() {
        registered.close();
    }

    /** Types {@code keys} into a line editor set up as the REPL sets it up; returns the accepted line and the screen. */
    private String[] type(String keys) throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (Terminal terminal = new ExternalTerminal("test", "xterm",
                new ByteArrayInputStream(keys.getBytes(StandardCharsets.UTF_8)), screen, StandardCharsets.UTF_8)) {
            terminal.setSize(new Size(200, 40));
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).parser(Tokenizer.lineEditorParser())
                    .completer(new KshellCompleter(registered.parser(), session, () -> home, () -> { })).build();
            reader.unsetOpt(LineReader.Option.INSERT_TAB);
            KshellCompleter.configure(reader);
            String line = reader.readLine("> ");
            return new String[] {line, screen.toString(StandardCharsets.UTF_8)};
        }
    }

    @Test
    void should_list_the_choices_of_an_ambiguous_word_and_insert_none_on_a_second_tab() throws Exception {
        String[] result = type("elect \t\t\r");
        assertThat(result[0]).isEqualTo("elect ");
        assertThat(result[1]).contains("preferred", "unclean", "restore-order");
    }

    @Test
    void should_insert_the_only_choice() throws Exception {
        assertThat(type("elect unc\t\r")[0]).isEqualTo("elect unclean ");
        assertThat(type("sandbox scenario unc\t\r")[0]).isEqualTo("sandbox scenario unclean-only ");
    }

    @Test
    void should_start_descriptions_in_one_column_on_screen() throws Exception {
        String screen = type("topics --\t\r")[1].replaceAll("\u001B\\[[0-9;?]*[A-Za-z]", "");
        List<OptionSpec> options = registered.parser().find(List.of("topics")).orElseThrow().spec().allOptions();
        int width = options.stream().mapToInt(o -> o.name().length() + 2).max().orElseThrow();
        for (OptionSpec o : options) {
            // JLine would right-align each description at the widest entry; ours start two columns after the widest name
            String description = o.description().substring(0, Math.min(12, o.description().length()));
            assertThat(screen).contains("--" + o.name() + " ".repeat(width - o.name().length() - 2 + 2) + description);
        }
    }
}
