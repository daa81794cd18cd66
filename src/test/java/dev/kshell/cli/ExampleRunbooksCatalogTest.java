package dev.kshell.cli;

import dev.kshell.app.Assembly;
import dev.kshell.runbook.CommandCatalog;
import dev.kshell.runbook.ParseResult;
import dev.kshell.runbook.RunbookError;
import dev.kshell.runbook.RunbookParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shipped runbooks against the REAL command catalog: every command of the application, made by its composition
 * root ({@link Assembly}, without the runner), through the real parser.
 */
@Timeout(60)
class ExampleRunbooksCatalogTest {

    private static Assembly assembly;
    private static CommandLineParser parser;

    @BeforeAll
    static void assembleTheApplication() {
        assembly = Assembly.forLaunch();
        parser = assembly.parser();
    }

    @AfterAll
    static void close() {
        if (assembly != null) {
            assembly.close();
        }
    }

    static Stream<Path> examples() throws IOException {
        return Files.list(Path.of("scripts/runbooks")).filter(p -> p.toString().endsWith(".ksh")).sorted();
    }

    private static boolean present(String command) {
        return parser.find(List.of(command.split(" "))).isPresent();
    }

    @Test
    void should_have_run_and_the_state_commands_in_the_application() {
        assertThat(present("run")).isTrue();
        assertThat(Stream.of("quorum", "brokers", "describe", "topics", "help", "triage", "leaderless", "under-min-isr",
                "elect preferred")).allMatch(c -> present(c));
        CommandCatalog catalog = RunbookBridge.catalog(parser);
        assertThat(catalog.isCommand(List.of("run", "other.ksh"))).as("no nested runbooks").isFalse();
        assertThat(catalog.isCommand(List.of("quorum"))).isTrue();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void should_parse_against_the_real_commands(Path file) throws IOException {
        ParseResult result = new RunbookParser().parse(file.toString(), Files.readString(file), Map.of(),
                RunbookBridge.catalog(parser));
        assertThat(result.errors()).as("errors in " + file).extracting(RunbookError::render).isEmpty();
        assertThat(result.runbook().steps()).isNotEmpty();
    }
}
