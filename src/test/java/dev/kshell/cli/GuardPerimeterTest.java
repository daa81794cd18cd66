package dev.kshell.cli;

import dev.kshell.cli.commands.ConnectCommand;
import dev.kshell.cli.commands.ElectPreferredCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.RunbookHarness;
import dev.kshell.testsupport.ShellHarness.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.Json;
import dev.kshell.testsupport.FakeGateway;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The cluster-id pin and runbook params through the real {@code connect}, {@code run} and {@code elect} commands
 * (issue 23): a runbook cannot change which cluster it acts on unseen, and a param never becomes an option.
 */
@Timeout(30)
class GuardPerimeterTest {

    @TempDir
    Path home;
    private final List<ElectCommandsTest.ElectingGateway> made = new ArrayList<>();
    private RunbookHarness shell;

    /** prod:9092 is cluster prod-id, other:9092 is other-id, dead:9092 never answers. */
    private ElectCommandsTest.ElectingGateway gateway(ClusterTarget target) {
        String endpoint = target.endpoints();
        ClusterSnapshot s = ElectCommandsTest.incident();
        String id = endpoint.startsWith("prod") ? "prod-id" : "other-id";
        ElectCommandsTest.ElectingGateway g = new ElectCommandsTest.ElectingGateway(new ClusterSnapshot(id,
                s.takenAt(), s.brokers(), s.quorum(), s.quorumError(), s.topics())) {
            @Override
            public String clusterId() {
                if (endpoint.startsWith("dead")) {
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE, "dead:9092 did not answer");
                }
                return current.clusterId();
            }
        };
        made.add(g);
        return g;
    }

    private List<String> mutations() {
        return made.stream().flatMap(g -> g.mutations.stream()).toList();
    }

    @BeforeEach
    void setUp() throws IOException {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        Files.writeString(home.resolve("profiles.yaml"), """
                prod:
                  bootstrap-servers: prod:9092
                  expected-cluster-id: prod-id
                other:
                  bootstrap-servers: other:9092
                  expected-cluster-id: other-id
                """);
        ShellSession session = new ShellSession(this::gateway);
        shell = new RunbookHarness(session, s -> List.of(new ConnectCommand(s, new DefaultConnectionResolver(home)),
                new ElectPreferredCommand(s), new ElectUncleanCommand(s)));
    }

    @AfterEach
    void tearDown() {
        shell.close();
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    private Path runbook(String text) throws IOException {
        Path f = home.resolve("fix.ksh");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void should_refuse_connect_unpin_in_a_runbook_before_step_1() throws IOException {
        assertThat(shell.run("connect prod").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("connect --unpin --bootstrap-server other:9092\nelect preferred --all\n");

        Result r = shell.run("run " + rb + " --yes");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains(rb + ":1: connect --unpin is refused in a runbook");
        assertThat(r.out()).doesNotContain("[1]");
        assertThat(mutations()).isEmpty();
    }

    @Test
    void should_refuse_a_runbook_connect_to_a_profile_pinned_to_another_cluster() throws IOException {
        assertThat(shell.run("connect prod").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("connect other\nelect preferred --all\n");

        // the profile's own expected-cluster-id replaced the session's pin: the election ran on other-id
        Result r = shell.run("run " + rb + " --yes");

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.out() + r.err()).contains("connect other is refused in a runbook: its profile pins cluster id "
                + "other-id and this session is pinned to prod-id").contains("runbook stopped at " + rb + ":1 (exit 3)");
        assertThat(mutations()).isEmpty();
        assertThat(shell.run("connect other").code()).isEqualTo(ExitCode.OK); // at the prompt, the operator may
    }

    @Test
    void should_keep_the_pin_through_a_connect_in_a_runbook_and_refuse_the_mutation_after_it() throws IOException {
        assertThat(shell.run("connect prod").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("connect --bootstrap-server other:9092\nelect preferred --all\n");

        Result r = shell.run("run " + rb + " --yes");

        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.out()).contains("runbook stopped at " + rb + ":2 (exit 3)");
        assertThat(mutations()).isEmpty();
    }

    @Test
    void should_lift_the_pin_in_the_repl_only_once_the_new_connection_answered() {
        assertThat(shell.run("connect prod").code()).isEqualTo(ExitCode.OK);
        // the unpinning connect fails: the pin must still hold for the next connection
        assertThat(shell.run("connect --unpin --bootstrap-server dead:9092").code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        Result refused = shell.run("elect preferred --all --yes");
        assertThat(refused.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(refused.err()).contains("pins cluster id prod-id");
        assertThat(mutations()).isEmpty();

        assertThat(shell.run("connect --unpin --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        assertThat(shell.run("elect preferred orders-0 --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(mutations()).containsExactly("PREFERRED orders-0");
    }

    @Test
    void should_refuse_a_param_that_becomes_an_option_before_step_1() throws IOException {
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("param p = orders-0\nelect preferred ${p}\n");

        Result r = shell.run("run " + rb + " --param p=--all --yes");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains(rb + ":2: '${p}' is '--all', which would be read as an option");
        assertThat(mutations()).isEmpty();
        assertThat(shell.run("run " + rb + " --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(mutations()).containsExactly("PREFERRED orders-0");
    }

    @Test
    void should_ask_the_typed_confirmation_when_an_allowed_unclean_step_comes_at_a_terminal() throws IOException {
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("allow unclean\nelect unclean orders-1\n");

        RunCommandTest.ScriptedPrompter person = new RunCommandTest.ScriptedPrompter("orders-1");
        Result r = shell.run("run " + rb, person, ExecutionMode.INTERACTIVE);

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(person.asked).singleElement().asString().contains("Type 'orders-1'");
        assertThat(mutations()).contains("UNCLEAN orders-1");
    }

    @Test
    void should_never_let_step_and_yes_turn_an_unclean_step_into_a_single_y() throws IOException {
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        Path rb = runbook("allow unclean\nelect unclean orders-1\n");

        RunCommandTest.ScriptedPrompter yy = new RunCommandTest.ScriptedPrompter("y", "y");
        Result r = shell.run("run " + rb + " --step --yes", yy, ExecutionMode.INTERACTIVE);
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(yy.asked).hasSize(2);
        assertThat(yy.asked.get(1)).contains("Type 'orders-1'");
        assertThat(mutations()).isEmpty();

        RunCommandTest.ScriptedPrompter typed = new RunCommandTest.ScriptedPrompter("y", "orders-1");
        assertThat(shell.run("run " + rb + " --step --yes", typed, ExecutionMode.INTERACTIVE).code())
                .isEqualTo(ExitCode.OK);
        assertThat(mutations()).contains("UNCLEAN orders-1");
    }

    private List<JsonNode> audit() throws IOException {
        Path file = home.resolve("audit.jsonl");
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList();
    }

    private static List<String> decisions(List<JsonNode> lines) {
        return lines.stream().map(l -> l.get("action").asString() + " " + l.get("decision").asString()).toList();
    }

    @Test
    void should_audit_attempts_that_end_in_an_input_error_or_a_refusal_before_anything_is_planned() throws IOException {
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);

        Result nosuch = shell.run("elect unclean nosuch-0");
        assertThat(nosuch.code()).isEqualTo(ExitCode.USAGE);
        assertThat(shell.run("elect preferred --topic nosuch --yes").code()).isEqualTo(ExitCode.USAGE);
        assertThat(shell.run("elect preferred --all orders-0").code()).isEqualTo(ExitCode.USAGE);
        List<JsonNode> lines = audit();
        assertThat(decisions(lines)).containsExactly("elect-unclean invalid", "elect-preferred refused",
                "elect-preferred invalid");
        assertThat(lines.get(0).get("reason").asString()).contains("nosuch");
        assertThat(lines.get(0).get("commandLine").asString()).isEqualTo("elect unclean nosuch-0");
        assertThat(mutations()).isEmpty();
    }

    @Test
    void should_audit_runbooks_refused_by_their_check_or_before_step_1() throws IOException {
        assertThat(shell.run("connect --bootstrap-server other:9092").code()).isEqualTo(ExitCode.OK);
        Path selfAnswering = runbook("elect preferred orders-0 --yes\n");
        assertThat(shell.run("run " + selfAnswering + " --yes").code()).isEqualTo(ExitCode.USAGE);
        Path notAllowed = home.resolve("unclean.ksh");
        Files.writeString(notAllowed, "elect unclean orders-1\n");
        assertThat(shell.run("run " + notAllowed + " --yes").code()).isEqualTo(ExitCode.REFUSED);

        List<JsonNode> lines = audit();
        assertThat(decisions(lines)).containsExactly("run invalid", "run refused");
        assertThat(lines.get(0).get("reason").asString()).contains("a step cannot answer its own confirmation");
        assertThat(lines.get(0).get("plan").get(0).asString()).isEqualTo(selfAnswering + ":1: elect preferred orders-0 --yes");
        assertThat(lines.get(1).get("reason").asString()).startsWith(notAllowed + ":1: refused before any step ran");
        assertThat(mutations()).isEmpty();
    }

    @Test
    void should_fail_an_election_whose_closing_line_is_lost_and_say_the_outcome_is_not_recorded() throws IOException {
        Path dir = home.resolve("audit-dir");
        Files.createDirectories(dir);
        System.setProperty("kshell.audit.file", dir.resolve("audit.jsonl").toString());
        ShellSession session = new ShellSession(target -> new ElectCommandsTest.ElectingGateway(ElectCommandsTest.incident()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(
                    ElectionType type, Collection<PartitionSpec> partitions) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                try {
                    // the log's directory goes away once the confirmed line is on disk
                    Files.delete(dir.resolve("audit.jsonl"));
                    Files.deleteIfExists(dir.resolve("audit.jsonl.lock"));
                    Files.delete(dir);
                    Files.writeString(dir, "not a directory");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return super.electLeaders(type, partitions);
            }
        });
        try (RunbookHarness lost = new RunbookHarness(session, s -> List.of(new ElectPreferredCommand(s)))) {
            session.connect(FakeGateway.TARGET, "fake", null);
            Result r = lost.run("elect preferred orders-0 --yes");
            assertThat(r.code()).isEqualTo(ExitCode.ACTION_FAILED);
            assertThat(r.err()).containsOnlyOnce("NOT recorded in the audit log");
        }
    }
}
