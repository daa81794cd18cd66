package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.commands.CompletionCommand;
import dev.kshell.grammar.CompletionScripts;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kshell completion bash|zsh} prints exactly the files in completions/ (they are its output, kept in the
 * repository for installing without starting kshell). When a launcher option changes, regenerate them:
 * {@code scripts/kshell completion bash > completions/kshell.bash; scripts/kshell completion zsh > completions/_kshell}.
 */
@Timeout(30)
class CompletionCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLineExecutor.LineResult run(String line) {
        CompletionCommand command = new CompletionCommand();
        CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(command)),
                new ShellSession(target -> {
                    throw new AssertionError("completion needs no cluster");
                }));
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @ParameterizedTest
    @CsvSource({"bash, completions/kshell.bash", "zsh, completions/_kshell"})
    void should_print_exactly_the_file_in_completions(String shell, String file) throws Exception {
        assertThat(run("completion " + shell).code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString())
                .as("%s is `kshell completion %s`'s output: regenerate it with scripts/kshell completion %s > %s",
                        file, shell, shell, file)
                .isEqualTo(Files.readString(Path.of(file)));
    }

    @Test
    void should_step_over_the_value_of_every_launcher_option_that_takes_one() {
        String bash = CompletionScripts.bash(CompletionScripts.KSHELL);
        String zsh = CompletionScripts.zsh(CompletionScripts.KSHELL);
        LaunchOptions.OPTIONS.stream().filter(o -> o.takesValue()).forEach(o -> {
            assertThat(armOf(bash, "--" + o.name())).as("bash, --%s", o.name()).contains("i += 2");
            assertThat(armOf(zsh, "--" + o.name())).as("zsh, --%s", o.name()).contains("i += 2");
        });
        LaunchOptions.OPTIONS.stream().filter(o -> !o.takesValue()).forEach(o ->
                assertThat(armOf(bash, "--" + o.name())).as("bash, --%s", o.name()).isEqualTo("-*) (( i += 1 )) ;;"));
    }

    /** The walk's case arm (its pattern line and the next) that first names {@code word}, or the catch-all. */
    private static String armOf(String script, String word) {
        List<String> lines = script.lines().toList();
        int start = lines.indexOf(lines.stream().filter(l -> l.contains("while (( i <")).findFirst().orElseThrow());
        for (int i = start; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("-*)")) {
                return line;
            }
            String pattern = line.substring(0, Math.max(0, line.indexOf(')')));
            if (List.of(pattern.split("\\|")).contains(word)) {
                return line + "\n" + lines.get(i + 1);
            }
        }
        throw new AssertionError("no walk in the script");
    }

    @Test
    void should_refuse_a_shell_it_has_no_script_for() {
        CommandLineExecutor.LineResult result = run("completion fish");
        assertThat(result.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("fish").contains("bash");
        assertThat(out.toString()).isEmpty();
    }
}
