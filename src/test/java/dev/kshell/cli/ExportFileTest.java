package dev.kshell.cli;

import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.Json;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Files kshell writes on request ({@code reassign evacuate --export FILE}) are created new, never through a link,
 * never over a file, never over kshell's own, and only once the pin holds (issue 42); every refusal leaves the
 * target as it was and an audit line.
 */
@Timeout(30)
class ExportFileTest {

    @TempDir
    Path home;
    @TempDir
    Path elsewhere;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private ReassignCommandsTest.MovingGateway gateway;

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.clearProperty("kshell.audit.file");
        gateway = new ReassignCommandsTest.MovingGateway(ReassignCommandsTest.brokerSixLost());
        gateway.moves.sizes.put(4, Map.of(new PartitionSpec("orders", 0), 2_000_000L));
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ReassignEvacuateCommand(session))),
                session);
    }

    @AfterEach
    void tearDown() {
        System.setProperty("kshell.home", "target/test-home");
    }

    private CommandLineExecutor.LineResult run(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private List<JsonNode> audit() throws IOException {
        Path file = home.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList()
                : List.of();
    }

    @Test
    void should_write_a_new_file_with_the_plan() throws IOException {
        Path plan = elsewhere.resolve("plan.json");

        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --dry-run --export " + plan);

        assertThat(r.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(Json.mapper().readTree(Files.readString(plan)).get("partitions")).isNotEmpty();
    }

    @Test
    void should_refuse_a_symbolic_link_and_leave_its_target_unchanged() throws IOException {
        Path target = elsewhere.resolve("precious.txt");
        Files.writeString(target, "keep me\n");
        Path link = elsewhere.resolve("plan.json");
        Files.createSymbolicLink(link, target);

        assertRefused("reassign evacuate 6 --dry-run --export " + link, "it is a symbolic link");
        assertThat(Files.readString(target)).isEqualTo("keep me\n");
    }

    @Test
    void should_refuse_a_dangling_link_and_create_nothing() throws IOException {
        Path target = elsewhere.resolve("not-yet.txt");
        Path link = elsewhere.resolve("plan.json");
        Files.createSymbolicLink(link, target);

        assertRefused("reassign evacuate 6 --dry-run --export " + link, "it is a symbolic link");
        assertThat(target).doesNotExist();
    }

    @Test
    void should_refuse_an_existing_file_and_leave_it_unchanged() throws IOException {
        Path plan = elsewhere.resolve("plan.json");
        Files.writeString(plan, "an older plan\n");

        assertRefused("reassign evacuate 6 --yes --export " + plan, "the file exists");
        assertThat(Files.readString(plan)).isEqualTo("an older plan\n");
        assertThat(gateway.moves.altered).as("nothing moved").isEmpty();
    }

    @Test
    void should_refuse_kshells_own_audit_log_even_before_it_exists() throws IOException {
        Path log = home.resolve("audit.jsonl");

        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --dry-run --export " + log);

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("that is kshell's own audit log");
        List<JsonNode> lines = audit();
        assertThat(lines).hasSize(1); // the refusal itself, and nothing else in the log kshell appends to
        assertThat(lines.get(0).get("decision").asString()).isEqualTo("refused");
    }

    @Test
    void should_export_nothing_for_a_cluster_other_than_the_pinned_one() throws IOException {
        ShellSession pinned = new ShellSession(t -> gateway);
        pinned.connect(FakeGateway.TARGET, "prod", "prod-id");
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ReassignEvacuateCommand(pinned))),
                pinned);
        Path plan = elsewhere.resolve("plan.json");

        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --dry-run --export " + plan);

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("pins cluster id prod-id");
        assertThat(plan).doesNotExist();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asString()).isEqualTo("refused"));
    }

    @Test
    void should_refuse_a_directory() throws IOException {
        assertRefused("reassign evacuate 6 --dry-run --export " + elsewhere, "it is a directory");
    }

    private void assertRefused(String line, String why) throws IOException {
        CommandLineExecutor.LineResult r = run(line);

        assertThat(r.code()).as(out + "\n" + err).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("--export").contains(why).contains("nothing was written");
        List<JsonNode> lines = audit();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("decision").asString()).isEqualTo("refused");
        assertThat(lines.get(0).get("reason").asString()).contains(why);
    }
}
