package dev.kshell.cli;

import dev.kshell.cli.commands.LintCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.regex.Pattern;

/** {@code lint} through the real command path, without a cluster, on the seed's two configurations. */
@Timeout(60)
class LintCommandTest {

    private static final String NODES = "controller-1 controller-2 controller-3 broker-4 broker-5 broker-6";

    private final ShellSession session = new ShellSession(t -> {
        throw new AssertionError("lint must not connect");
    });
    private final CommandLineExecutor executor = new CommandLineExecutor(
            CommandLineParser.forCommands(List.of(new LintCommand())), session);
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLineExecutor.LineResult run(String line, int width, boolean color) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, color, width, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private CommandLineExecutor.LineResult run(String line) {
        return run(line, 0, false);
    }

    static Path dir(String set) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(LintCommandTest.class.getResource("/lint/" + set + "/broker-4.properties"))
                .toURI()).getParent();
    }

    private static String files(Path dir) {
        StringBuilder line = new StringBuilder();
        for (String node : NODES.split(" ")) {
            line.append(' ').append(dir.resolve(node + ".properties"));
        }
        return line.toString();
    }

    @Test
    void should_flag_the_broken_seed_with_a_table_fix_lines_and_exit_1() throws URISyntaxException {
        Path dir = dir("seed-broken");
        CommandLineExecutor.LineResult outcome = run("lint" + files(dir));
        String text = out.toString();
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(text.lines().findFirst().orElseThrow()).matches("SEVERITY +RULE +WHERE +MESSAGE");
        assertThat(text).containsPattern("ERROR +controller-port-mismatch +" + Pattern.quote(
                        dir.resolve("controller-1.properties") + ":10"))
                .contains("\nFIX\n")
                .contains(dir.resolve("controller-1.properties") + ":10 (controller-port-mismatch): "
                        + "set listeners=CONTROLLER://:9193 to match controller.quorum.voters 1@localhost:9193")
                .endsWith("6 of 6 files read: 8 errors, 12 warnings, 0 info\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void should_pass_the_fixed_seed_with_exit_0() throws URISyntaxException {
        CommandLineExecutor.LineResult outcome = run("lint" + files(dir("seed-fixed")));
        assertThat(outcome.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).doesNotContain("ERROR").doesNotContain("WARNING")
                .endsWith("6 of 6 files read: 0 errors, 0 warnings, 0 info\n");
    }

    @Test
    void should_take_a_directory_for_its_properties_files() throws URISyntaxException {
        CommandLineExecutor.LineResult outcome = run("lint " + dir("seed-broken"));
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).endsWith("6 of 6 files read: 8 errors, 12 warnings, 0 info\n");
    }

    @Test
    void should_print_the_report_as_json() throws URISyntaxException {
        CommandLineExecutor.LineResult outcome = run("lint" + files(dir("seed-broken")) + " --output json");
        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(json.get("files")).hasSize(6);
        assertThat(json.get("counts").get("ERROR").asInt()).isEqualTo(8);
        assertThat(json.get("exitCode").asInt()).isEqualTo(1);
        JsonNode first = json.get("findings").get(0);
        assertThat(first.get("severity").asString()).isEqualTo("ERROR");
        assertThat(first.get("rule").asString()).isEqualTo("controller-port-mismatch");
        assertThat(first.get("where").asString()).endsWith("controller-1.properties:10");
        assertThat(first.get("fix").asString()).startsWith("set listeners=CONTROLLER://:9193");
    }

    @Test
    void should_exit_2_with_a_finding_for_an_unreadable_file(@TempDir Path tmp) throws Exception {
        Path missing = tmp.resolve("nope.properties");
        Path good = tmp.resolve("broker.properties");
        Files.writeString(good, Files.readString(dir("seed-fixed").resolve("broker-4.properties")));
        CommandLineExecutor.LineResult outcome = run("lint " + good + " " + missing);
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(out.toString()).contains("unreadable-file").contains(missing.toString())
                .endsWith("1 of 2 files read: 1 error, 0 warnings, 0 info\n");
    }

    @Test
    void should_ask_for_files_when_given_none() {
        CommandLineExecutor.LineResult outcome = run("lint");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("error: lint: give the server.properties files");
    }

    @Test
    void should_wrap_messages_to_the_terminal_width_instead_of_cutting_them() throws URISyntaxException {
        run("lint " + dir("seed-broken"), 200, false);
        List<String> table = out.toString().lines().takeWhile(l -> !l.isEmpty()).toList();
        // a line may pass the width only by one word longer than the message column (a path is never split)
        assertThat(table).allSatisfy(l -> assertThat(l.length() <= 200
                || !l.substring(0, 200).stripTrailing().contains(" ") || !l.substring(l.lastIndexOf(' ', 200) + 1)
                .contains(" ")).as(l).isTrue());
        assertThat(table).noneMatch(l -> l.endsWith("…"));
        // continuation rows leave SEVERITY, RULE and WHERE blank
        assertThat(table).anyMatch(l -> l.startsWith("          "));
    }

    @Test
    void should_colour_rows_by_severity() throws URISyntaxException {
        run("lint " + dir("seed-broken"), 0, true);
        assertThat(out.toString()).contains("\u001b[");
    }
}
