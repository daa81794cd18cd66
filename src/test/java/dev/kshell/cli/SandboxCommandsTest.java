package dev.kshell.cli;

import dev.kshell.cli.commands.SandboxLoadCommand;
import dev.kshell.cli.commands.SandboxNodeCommand;
import dev.kshell.cli.commands.SandboxResetCommand;
import dev.kshell.cli.commands.SandboxScenarioCommand;
import dev.kshell.cli.commands.SandboxStatusCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.sandbox.Scenario;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.ShellHarness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.cli.commands.SandboxPauseCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.grammar.Trait;
import dev.kshell.render.Json;
import dev.kshell.util.FileLockWithDeadline;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The sandbox commands without a sandbox: refusals, the scenario list, dry runs, and who may use sandbox/. */
@Timeout(30)
class SandboxCommandsTest {

    private final Sandbox sandbox = new Sandbox(target -> {
        throw new AssertionError("no cluster in this test");
    });
    private final ShellHarness shell = new ShellHarness(session -> {
        List<KshellCommand> list = new ArrayList<>(List.of(new SandboxStatusCommand(sandbox),
                new SandboxScenarioCommand(sandbox), new SandboxResetCommand(sandbox), new SandboxLoadCommand(sandbox)));
        Arrays.stream(Sandbox.NodeAction.values()).forEach(a -> list.add(new SandboxNodeCommand(sandbox, a)));
        list.add(new SandboxPauseCommand(sandbox, session));
        return list;
    });

    @AfterEach
    void close() {
        shell.close();
    }

    @Test
    void should_say_no_sandbox_in_this_session_with_exit_2() {
        for (String line : List.of("sandbox status", "sandbox kill-broker 5", "sandbox start-controller 1",
                "sandbox pause 1 --for 6s",
                "sandbox scenario broker-down", "sandbox reset", "sandbox load", "sandbox load --stop")) {
            ShellHarness.Result r = shell.run(line);
            assertThat(r.code()).as(line).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).as(line).isEqualTo("error: no sandbox in this session (start kshell with --sandbox)\n");
        }
    }

    @Test
    void should_list_every_scenario_without_a_sandbox() {
        ShellHarness.Result r = shell.run("sandbox scenario --list");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).startsWith("SCENARIO");
        Arrays.stream(Scenario.values()).forEach(s -> assertThat(r.out()).contains(s.label(), s.summary()));
        assertThat(shell.run("sandbox scenario --list --output json").json().get("scenarios"))
                .hasSize(Scenario.values().length);
    }

    @Test
    void should_refuse_unknown_scenarios_and_bad_node_ids_before_touching_anything() {
        ShellHarness.Result unknown = shell.run("sandbox scenario broker-gone");
        assertThat(unknown.code()).isEqualTo(ExitCode.USAGE);
        assertThat(unknown.err()).contains("no scenario 'broker-gone'", "broker-down", "preferred-imbalance");
        ShellHarness.Result missing = shell.run("sandbox kill-broker");
        assertThat(missing.code()).isEqualTo(ExitCode.USAGE);
        assertThat(missing.err()).contains("missing node id");
        assertThat(shell.run("sandbox kill-broker x").err()).contains("node id must be a number");
    }

    @Test
    void should_only_plan_under_dry_run() {
        ExecutionMode dry = new ExecutionMode(true, true, true, false, false);
        ShellHarness.Result r = shell.run("sandbox kill-broker 5", Prompter.NONE, dry);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).isEqualTo("dry run: would kill broker 5\n");
        assertThat(shell.run("sandbox scenario quorum-loss --load", Prompter.NONE, dry).out())
                .isEqualTo("dry run: would stage scenario quorum-loss\n");
        assertThat(shell.run("sandbox pause 2 --for 6s", Prompter.NONE, dry).out())
                .isEqualTo("dry run: would pause node 2 for 6s\n");
        assertThat(shell.run("sandbox pause 2 --for soon").err()).contains("--for");
    }

    @Test
    void should_keep_sandbox_topic_admin_off_the_shells_gateway_and_throw_from_no_default() {
        // ClusterGateway: every method implemented by the real gateway and the fake; nothing to probe for
        for (Method m : dev.kshell.cluster.ClusterGateway.class.getDeclaredMethods()) {
            assertThat(m.isDefault()).as(m.getName()).isFalse();
        }
        // the shell's gateway type cannot administer sandbox topics; the real gateway can do both
        assertThat(SandboxTopicAdmin.class.isAssignableFrom(dev.kshell.cluster.ClusterGateway.class))
                .isFalse();
        assertThat(SandboxTopicAdmin.class).isAssignableFrom(AdminClientGateway.class);
    }

    @Test
    void should_audit_every_fault_injection_with_the_sandbox_marker(@TempDir Path tmp)
            throws IOException {
        Path audit = tmp.resolve("audit.jsonl");
        System.setProperty("kshell.audit.file", audit.toString());
        try {
            ExecutionMode dry = new ExecutionMode(true, true, true, false, false);
            shell.run("sandbox kill-broker 5", Prompter.NONE, dry);
            shell.run("sandbox kill-broker 5");
            shell.run("sandbox pause 1 --for 6s");
            shell.run("sandbox scenario broker-down");
            shell.run("sandbox reset");
        } finally {
            System.clearProperty("kshell.audit.file");
        }
        List<JsonNode> lines = Files.readAllLines(audit).stream()
                .map(l -> Json.mapper().readTree(l)).toList();
        assertThat(lines).allSatisfy(l -> assertThat(l.get("sandbox").asBoolean()).isTrue());
        assertThat(lines).extracting(l -> l.get("action").asString() + " " + l.get("decision").asString())
                .containsExactly("sandbox kill-broker dry-run", "sandbox kill-broker refused",
                        "sandbox pause refused", "sandbox scenario refused", "sandbox reset refused");
        assertThat(lines.get(1).get("reason").asString()).contains("no sandbox in this session");
    }

    @Test
    void should_treat_starting_or_stopping_the_load_as_a_mutation(@TempDir Path tmp)
            throws IOException {
        // was not MUTATING: not audited, and a runbook ran it without --yes
        assertThat(new SandboxLoadCommand(sandbox).spec().traits())
                .contains(Trait.MUTATING);
        Path audit = tmp.resolve("audit.jsonl");
        System.setProperty("kshell.audit.file", audit.toString());
        try {
            shell.run("sandbox load --topic demo", Prompter.NONE,
                    new ExecutionMode(true, true, true, false, false));
            shell.run("sandbox load --stop");
        } finally {
            System.clearProperty("kshell.audit.file");
        }
        assertThat(Files.readAllLines(audit).stream().map(l -> Json.mapper().readTree(l))
                .map(l -> l.get("action").asString() + " " + l.get("decision").asString()).toList())
                .containsExactly("sandbox load --topic dry-run", "sandbox load --stop refused");
    }

    @Test
    void should_wait_for_a_held_audit_lock_no_longer_than_the_refused_lines_timeout(
            @TempDir Path tmp) throws Exception {
        Path audit = tmp.resolve("audit.jsonl");
        System.setProperty("kshell.audit.file", audit.toString());
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread other = new Thread(() -> {
            try (var lock = FileLockWithDeadline.acquire(tmp.resolve("audit.jsonl.lock"),
                    Duration.ofSeconds(5))) {
                held.countDown();
                release.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        try {
            held.await();
            ShellHarness.Result r = shell.run("sandbox kill-broker x --timeout 1s");
            // was: "within 10s" whatever --timeout said
            assertThat(r.err()).contains("node id must be a number").contains("within 1s");
        } finally {
            release.countDown();
            other.join();
            System.clearProperty("kshell.audit.file");
        }
    }
}
