package dev.kshell.cli;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumState;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.ShellHarness.Result;
import dev.kshell.testsupport.RunbookHarness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import dev.kshell.render.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every mutating command kshell registers, present and future, against the gate's rules (issue 42): the commands
 * come from the application's own assembly and their lines from their own declared examples, so a command added
 * tomorrow is tried the day it is registered. Against a profile pinned to another cluster each is refused (exit 3)
 * naming the pin and leaves an audit line; against an address that never answers each leaves an audit line of its
 * failed attempt; in a runbook step, {@code -y} is refused before step 1 (exit 2, {@code file:line}). A mutating
 * call that escaped the gate would throw in the fake gateway (it requires the gate's approval, as the real one does)
 * and the command would end in an internal error (70), not in the codes asserted here.
 */
@Timeout(60)
class GatePerimeterTest {

    @TempDir
    Path home;
    private RunbookHarness shell;
    private RegisteredCommands registered;
    /** What the gateway factory gives: the pinned profile reaches another cluster, or nothing answers. */
    private Function<ClusterTarget, ClusterGateway> gateways;

    @BeforeEach
    void setUp() throws IOException {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        Files.writeString(home.resolve("profiles.yaml"), """
                prod:
                  bootstrap-servers: prod:9092
                  expected-cluster-id: prod-id
                """);
        ShellSession session = new ShellSession(t -> gateways.apply(t));
        registered = new RegisteredCommands(session, home);
        // the harness brings its own `run` (over its own executor): the assembly's is left out
        shell = new RunbookHarness(session, s -> registered.commands.stream()
                .filter(c -> !c.spec().name().equals("run")).toList());
    }

    @AfterEach
    void tearDown() {
        shell.close();
        registered.close();
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    /**
     * The cluster mutating commands (the sandbox's own faults act on the sandbox, which no profile pins), with the
     * read commands that an option makes mutate ({@code audit --fix}).
     */
    private List<KshellCommand> clusterMutations() {
        List<KshellCommand> out = registered.commands.stream().filter(c -> c.spec().canMutate())
                .filter(c -> c.spec().group() != Group.SANDBOX).filter(c -> !c.is(Trait.SHELL_ONLY)).toList();
        assertThat(out).as("the cluster mutating commands").hasSizeGreaterThanOrEqualTo(9);
        assertThat(out).extracting(c -> c.spec().name()).as("a command made mutating by an option is tried too")
                .contains("audit", "configs set topic", "configs delete brokers", "configs revert");
        return out;
    }

    /**
     * The command's first example that mutates, with --yes when it takes one: what would act at once if nothing
     * stopped it.
     */
    private static String line(KshellCommand c) {
        String example = c.spec().examples().stream()
                .filter(e -> c.spec().mutatesWords(dev.kshell.grammar.Tokenizer.words(e))).findFirst().orElse(null);
        assertThat(example).as(c.spec().name() + " declares an example that mutates").isNotNull();
        boolean yes = c.spec().declares(GlobalOptions.YES.name()) && !example.contains("--yes");
        return example.replace(" --dry-run", "") + (yes ? " --yes" : "");
    }

    private List<JsonNode> audit() {
        Path log = home.resolve("audit.jsonl");
        try {
            List<JsonNode> out = new ArrayList<>();
            if (Files.exists(log)) {
                for (String l : Files.readAllLines(log)) {
                    out.add(Json.mapper().readTree(l));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void should_refuse_every_mutation_on_a_cluster_other_than_the_pinned_one_and_audit_it() {
        gateways = t -> new ElectCommandsTest.ElectingGateway(withId(ElectCommandsTest.incident(), "other-id"));
        assertThat(shell.run("connect prod").code()).isEqualTo(ExitCode.OK);
        for (KshellCommand c : clusterMutations()) {
            int before = audit().size();
            String line = line(c);

            Result r = shell.run(line);

            assertThat(r.code()).as(line + "\n" + r.out() + r.err()).isEqualTo(ExitCode.REFUSED);
            assertThat(r.out() + r.err()).as(line).contains("pins cluster id prod-id")
                    .contains("cluster's id is other-id");
            List<JsonNode> lines = audit().subList(before, audit().size());
            assertThat(lines).as(line + ": its audit line").isNotEmpty();
            assertThat(lines).as(line).allMatch(a -> a.get("decision").asString().equals("refused"));
            assertThat(lines).as(line).noneMatch(a -> a.get("decision").asString().equals("confirmed"));
        }
    }

    @Test
    void should_audit_every_mutation_attempted_against_an_address_where_nothing_answers() {
        gateways = t -> new Unreachable(ElectCommandsTest.incident());
        assertThat(shell.run("connect --bootstrap-server dead:9092").code()).isNotEqualTo(ExitCode.INTERNAL);
        for (KshellCommand c : clusterMutations()) {
            int before = audit().size();
            String line = line(c);

            Result r = shell.run(line);

            assertThat(r.code()).as(line + "\n" + r.out() + r.err()).isEqualTo(ExitCode.UNREACHABLE);
            List<JsonNode> lines = audit().subList(before, audit().size());
            assertThat(lines).as(line + ": the failed attempt's audit line").hasSize(1);
            assertThat(lines.get(0).get("decision").asString()).as(line).isEqualTo("failed");
            assertThat(lines.get(0).get("reason").asString()).as(line).contains("dead:9092");
        }
    }

    @Test
    void should_refuse_the_short_yes_in_a_runbook_step_before_step_1() throws IOException {
        gateways = t -> new ElectCommandsTest.ElectingGateway(ElectCommandsTest.incident());
        assertThat(shell.run("connect --bootstrap-server fake:9092").code()).isEqualTo(ExitCode.OK);
        for (KshellCommand c : registered.commands.stream().filter(c -> c.spec().canMutate())
                .filter(c -> c.spec().declares(GlobalOptions.YES.name())).toList()) {
            String step = line(c).replace(" --yes", "") + " -y";
            Path rb = home.resolve("fix.ksh");
            Files.writeString(rb, "# one step\n" + step + "\n");

            Result r = shell.run("run " + rb + " --yes");

            assertThat(r.code()).as(step + "\n" + r.out() + r.err()).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).as(step).contains(rb + ":2: a step cannot answer its own confirmation: remove -y");
            assertThat(r.out()).as(step).doesNotContain("[2]");
        }
    }

    private static ClusterSnapshot withId(ClusterSnapshot s, String id) {
        return new ClusterSnapshot(id, s.takenAt(), s.brokers(), s.quorum(), s.quorumError(), s.topics());
    }

    /** A cluster at an address where nothing answers: every read fails as Kafka's client does. */
    static final class Unreachable extends ElectCommandsTest.ElectingGateway {
        Unreachable(ClusterSnapshot s) {
            super(s);
        }

        private static ClusterException dead() {
            return new ClusterException(ClusterException.Kind.UNREACHABLE,
                    "connection refused by dead:9092: nothing listens there");
        }

        @Override
        public String clusterId() {
            throw dead();
        }

        @Override
        public ClusterCapabilities capabilities() {
            throw dead();
        }

        @Override
        public QuorumState quorum() {
            throw dead();
        }

        @Override
        public List<dev.kshell.model.BrokerState> brokers() {
            throw dead();
        }

        @Override
        public List<String> topicNames() {
            throw dead();
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            throw dead();
        }

        @Override
        public ClusterSnapshot read(dev.kshell.model.SnapshotRequest request) {
            throw dead();
        }

        @Override
        public dev.kshell.cluster.ReplicaMoves replicaMoves() {
            throw dead();
        }

        @Override
        public dev.kshell.cluster.QuorumChanges quorumChanges() {
            throw dead();
        }
    }

}
