package dev.kshell.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.kshell.cli.commands.SandboxCandidates;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Positional;
import dev.kshell.model.ExitCode;
import dev.kshell.model.ReplicaOrderChange;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.Scenario;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.StateStore;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.util.Durations;
import org.jline.reader.Candidate;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Trait;
import java.util.function.Predicate;

/**
 * Completion derived from the declarations: every registered command, every declared option value and positional
 * argument, completed as the line editor does it (JLine's parser in COMPLETE mode, then the completer) against a
 * fake snapshot, a state store with a reorder record, profiles, files and sandbox node states; each answer must
 * be exactly what that argument's kind stands for. Then the cases seen by hand (issue 18), each once.
 */
@Timeout(60)
class KshellCompleterTest {

    @TempDir
    Path home;

    private FakeGateway gateway;
    private ShellSession session;
    private RegisteredCommands registered;
    private Path files;
    private KshellCompleter completer;
    private KshellCompleter sandboxCompleter;
    private int nudges;

    /** The sandbox's nodes as the launcher knows them: controller 2 stopped, broker 5 killed. */
    private static final List<NodeInfo> NODES = List.of(node(1, Role.CONTROLLER, State.RUNNING),
            node(2, Role.CONTROLLER, State.STOPPED), node(3, Role.CONTROLLER, State.RUNNING),
            node(4, Role.BROKER, State.RUNNING), node(5, Role.BROKER, State.KILLED), node(6, Role.BROKER, State.RUNNING));

    private static NodeInfo node(int id, Role role, State state) {
        return new NodeInfo(id, role, 9000 + id, state, Path.of("/tmp/n" + id), -1, Path.of("/tmp/n" + id + "/kafka.log"));
    }

    @BeforeEach
    void setUp() throws IOException {
        gateway = new FakeGateway(UxFixtures.incident());
        session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "seed", null);
        session.remember(UxFixtures.incident());
        registered = new RegisteredCommands(session, home);
        completer = new KshellCompleter(registered.parser(), session, () -> home, () -> nudges++);
        List<KshellCommand> withSandbox = new ArrayList<>();
        withSandbox.add(new RunningSandbox());
        withSandbox.addAll(registered.commands);
        sandboxCompleter = new KshellCompleter(CommandLineParser.forCommands(withSandbox), session, () -> home, () -> { });
        Files.writeString(home.resolve("profiles.yaml"), """
                prod-eu:
                  bootstrap-servers: kafka-1.eu:9092
                prod-us:
                  bootstrap-servers: kafka-1.us:9092
                staging:
                  bootstrap-controllers: ctl-1.stg:9093
                """);
        new StateStore(home.resolve("state")).recordReorder("ux-cluster",
                new ReplicaOrderChange("orders-0", List.of(4, 5, 6), List.of(6, 4, 5), Instant.now()), Instant.now());
        files = Files.createDirectories(home.resolve("books"));
        Files.writeString(files.resolve("fix.ksh"), "quorum\n");
        Files.writeString(files.resolve("server.properties"), "node.id=1\n");
        Files.writeString(files.resolve("notes.txt"), "x\n");
        Files.createDirectories(files.resolve("sub"));
    }

    @AfterEach
    void tearDown() {
        registered.close();
    }

    /** A stand-in for a running sandbox: the real SandboxCandidates over fixed node states. */
    private static final class RunningSandbox extends KshellCommand implements CandidateSource {
        RunningSandbox() {
            super(CommandSpec.named("__sandbox-fixture").description("node states of a running sandbox")
                    .traits(Trait.HIDDEN));
        }

        @Override
        public Optional<List<Candidate>> candidates(ArgKind kind, String word) {
            return SandboxCandidates.candidates(NODES, kind, word);
        }

        @Override
        public ExitCode execute(Invocation invocation) {
            return ExitCode.OK;
        }
    }

    private List<String> complete(KshellCompleter c, String line) {
        ParsedLine parsed = Tokenizer().parse(line, line.length(), Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        c.complete(null, parsed, candidates);
        return candidates.stream().map(Candidate::value).distinct().toList();
    }

    private static DefaultParser Tokenizer() {
        return dev.kshell.grammar.Tokenizer.lineEditorParser();
    }

    private List<String> complete(String line) {
        return complete(completer, line);
    }

    // ---- derived from the declarations ---------------------------------------------------------------------

    /** The word typed before Tab for a kind (files are completed inside the fixture directory). */
    private String word(ArgKind kind) {
        return switch (kind) {
            case FILE, KSH_FILE, PROPERTIES_FILE, DIRECTORY -> files + "/";
            case CONFIG_KEY, TOPIC_CONFIG_KEY, BROKER_CONFIG_KEY, TOPIC_CONFIG_SETTING, BROKER_CONFIG_SETTING -> "min.insync";
            default -> "";
        };
    }

    /** What each kind stands for in the fixtures, written out independently of the completer. */
    private Set<String> expected(ArgKind kind, List<String> choices, boolean sandbox) {
        String dir = files + "/";
        return new TreeSet<>(switch (kind) {
            case TEXT, FLAG, INTEGER, GROUP, WORDS -> List.of();
            case ENDPOINT -> List.of(); // the controller's own listener: nothing to guess from the snapshot
            case CHOICE -> choices;
            case DURATION, CONFIG_KEY, COMMAND, COMMAND_LINE, READ_COMMAND_LINE, TOPIC_CONFIG_KEY, BROKER_CONFIG_KEY,
                 TOPIC_CONFIG_SETTING, BROKER_CONFIG_SETTING -> throw new AssertionError("checked by property");
            case TEMPORARY_CHANGE -> List.of(); // the fixture's state remembers none
            case TOPIC -> List.of("audit-log", "orders", "orders-eu", "payments");
            case UNCLEAN_TOPIC -> List.of("audit-log");
            case OFF_PREFERRED_TOPIC -> List.of("orders");
            case PARTITION -> List.of("audit-log-0", "orders-0", "orders-1", "orders-eu-0", "payments-0");
            case UNCLEAN_PARTITION -> List.of("audit-log-0");
            case OFF_PREFERRED_PARTITION -> List.of("orders-1");
            case REORDERED_PARTITION -> List.of("orders-0");
            case BROKER_ID -> List.of("4", "5", "6");
            case LIVE_BROKER_ID -> List.of("4", "6");
            case STOPPED_BROKER_ID -> List.of("5");
            case CONTROLLER_ID -> List.of("1", "2", "3");
            case LIVE_CONTROLLER_ID -> sandbox ? List.of("1", "3") : List.of("1", "2", "3");
            case STOPPED_CONTROLLER_ID -> sandbox ? List.of("2") : List.of("1", "2", "3");
            case NODE_ID -> List.of("1", "2", "3", "4", "5", "6");
            case LIVE_NODE_ID -> sandbox ? List.of("1", "3", "4", "6") : List.of("1", "2", "3", "4", "6");
            case STOPPED_NODE_ID -> sandbox ? List.of("2", "5") : List.of("1", "2", "3", "5");
            case SCENARIO -> Arrays.stream(Scenario.values()).map(Scenario::label).toList();
            case PROFILE -> List.of("prod-eu", "prod-us", "staging");
            case FILE -> List.of(dir + "fix.ksh", dir + "notes.txt", dir + "server.properties", dir + "sub/");
            case KSH_FILE -> List.of(dir + "fix.ksh", dir + "sub/");
            case PROPERTIES_FILE -> List.of(dir + "server.properties", dir + "sub/");
            case DIRECTORY -> List.of(dir + "sub/");
        });
    }

    private void assertKind(KshellCompleter c, String line, ArgKind kind, List<String> choices, boolean sandbox) {
        List<String> got = complete(c, line);
        switch (kind) {
            case DURATION -> assertThat(got).as(line).isNotEmpty()
                    .allSatisfy(d -> assertThat(Durations.parse(d, "--x").isOk()).as(d).isTrue());
            case CONFIG_KEY, TOPIC_CONFIG_KEY, BROKER_CONFIG_KEY -> assertThat(got).as(line)
                    .contains("min.insync.replicas").allMatch(k -> k.startsWith("min.insync"));
            // a setting is offered as key= (the value is the operator's), no space after it
            case TOPIC_CONFIG_SETTING, BROKER_CONFIG_SETTING -> assertThat(got).as(line)
                    .contains("min.insync.replicas=").allMatch(k -> k.startsWith("min.insync") && k.endsWith("="));
            case COMMAND, COMMAND_LINE -> assertThat(got).as(line).containsExactlyInAnyOrderElementsOf(visibleFirstWords(cmd -> true));
            case READ_COMMAND_LINE -> assertThat(got).as(line).isNotEmpty().containsExactlyInAnyOrderElementsOf(
                    visibleFirstWords(KshellCompleter::readsCluster));
            default -> assertThat(new TreeSet<>(got)).as(line).isEqualTo(expected(kind, choices, sandbox));
        }
    }

    private Set<String> visibleFirstWords(Predicate<KshellCommand> which) {
        Set<String> out = new LinkedHashSet<>();
        for (KshellCommand cmd : registered.commands) {
            if (!cmd.spec().hidden() && which.test(cmd)) {
                cmd.spec().names().forEach(n -> out.add(n.split(" ")[0]));
            }
        }
        return out;
    }

    @Test
    void should_complete_every_declared_option_value_by_its_kind() {
        int checked = 0;
        for (KshellCommand cmd : registered.commands) {
            if (cmd.spec().hidden()) {
                continue;
            }
            for (OptionSpec o : cmd.spec().allOptions()) {
                if (!o.takesValue()) {
                    continue;
                }
                for (boolean sandbox : new boolean[] {false, true}) {
                    assertKind(sandbox ? sandboxCompleter : completer,
                            cmd.spec().name() + " --" + o.name() + " " + word(o.kind()), o.kind(), o.choices(), sandbox);
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(registered.commands.size());
        assertThat(gateway.calls).isZero();
        assertThat(nudges).isPositive();
    }

    @Test
    void should_complete_every_declared_positional_argument_by_its_kind() {
        Set<ArgKind> seen = new TreeSet<>();
        for (KshellCommand cmd : registered.commands) {
            if (cmd.spec().hidden() || cmd.spec().arguments().isEmpty()) {
                continue;
            }
            Positional first = cmd.spec().arguments().get(0);
            seen.add(first.kind());
            for (boolean sandbox : new boolean[] {false, true}) {
                assertKind(sandbox ? sandboxCompleter : completer, cmd.spec().name() + " " + word(first.kind()),
                        first.kind(), first.choices(), sandbox);
            }
        }
        assertThat(seen).contains(ArgKind.TOPIC, ArgKind.SCENARIO, ArgKind.REORDERED_PARTITION,
                ArgKind.STOPPED_CONTROLLER_ID, ArgKind.READ_COMMAND_LINE, ArgKind.KSH_FILE);
    }

    @Test
    void should_not_offer_a_repeated_argument_value_twice() {
        for (KshellCommand cmd : registered.commands) {
            Positional first = !cmd.spec().arguments().isEmpty() ? cmd.spec().arguments().get(0) : null;
            if (cmd.spec().hidden() || first == null || !first.arity().repeats() || first.kind().endsOptions()
                    || expectedOrEmpty(first) .isEmpty()) {
                continue;
            }
            String given = expectedOrEmpty(first).iterator().next();
            assertThat(complete(cmd.spec().name() + " " + given + " ")).as(cmd.spec().name()).doesNotContain(given);
        }
    }

    private Set<String> expectedOrEmpty(Positional p) {
        try {
            return word(p.kind()).isEmpty() ? expected(p.kind(), p.choices(), false) : Set.of();
        } catch (AssertionError e) {
            return Set.of();
        }
    }

    // ---- the cases seen by hand (issue 18) -----------------------------------------------------------------

    @Test
    void should_offer_scenario_names_after_sandbox_scenario() {
        assertThat(complete("sandbox scenario ")).contains("broker-down", "unclean-only").doesNotContain("--list");
        assertThat(complete("sandbox scenario un")).containsExactly("unclean-only");
    }

    @Test
    void should_offer_only_reordered_partitions_to_restore_order() {
        assertThat(complete("elect restore-order ")).containsExactly("orders-0");
        assertThat(complete("elect restore-order orders-0 ")).isEmpty();
    }

    @Test
    void should_offer_only_cluster_read_commands_after_watch_and_complete_the_watched_one_as_itself() {
        assertThat(complete("watch ")).contains("leaderless", "quorum", "brokers", "describe", "topics", "triage")
                .doesNotContain("explain", "lint", "help", "profiles", "elect", "run", "watch", "connect", "sandbox");
        assertThat(complete("watch --interval 2s describe or")).containsExactly("orders", "orders-eu");
        assertThat(complete("watch --count 3 leaderless --topic orders-")).containsExactly("orders-eu");
    }

    @Test
    void should_offer_help_among_the_options() {
        assertThat(complete("topics --")).contains("--pattern", "--no-internal", "--output", "--timeout", "--help");
        assertThat(complete("topics --pattern x --")).doesNotContain("--pattern");
        assertThat(complete("elect preferred --topic=or")).containsExactly("--topic=orders");
        assertThat(complete("describe --topic=or")).isEmpty(); // describe has no --topic
    }

    @Test
    void should_offer_stopped_controllers_to_start_controller_from_the_sandbox_node_states() {
        assertThat(complete(sandboxCompleter, "sandbox start-controller ")).containsExactly("2");
        assertThat(complete(sandboxCompleter, "sandbox stop-controller ")).containsExactly("1", "3");
        assertThat(complete(sandboxCompleter, "sandbox start-broker ")).containsExactly("5");
        assertThat(complete(sandboxCompleter, "sandbox kill-broker ")).containsExactly("4", "6");
    }

    @Test
    void should_start_every_description_in_one_column() {
        ParsedLine parsed = Tokenizer().parse("sandbox kill-broker ", 20, Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        sandboxCompleter.complete(null, parsed, candidates);
        assertThat(candidates).hasSize(2).allSatisfy(c -> assertThat(c.descr()).isNull());
        assertThat(candidates).extracting(c -> c.displ().indexOf("broker, ")).containsOnly(3);
        assertThat(candidates).extracting(Candidate::displ).containsExactly("4  broker, running", "6  broker, running");
    }

    @Test
    void should_complete_command_names_and_two_word_names() {
        assertThat(complete("")).contains("describe", "elect", "sandbox", "watch", "explain", "run", "lint")
                .doesNotContain("__complete");
        assertThat(complete("el")).containsExactly("elect");
        assertThat(complete("elect ")).containsExactlyInAnyOrder("unclean", "preferred", "restore-order");
        assertThat(complete("help elect p")).containsExactly("preferred");
    }

    @Test
    void should_complete_large_partition_lists_topic_first() {
        session.remember(UxFixtures.snapshot(List.of(UxFixtures.big("big", 300), UxFixtures.big("bigger", 300))));
        assertThat(complete("elect preferred --topic b")).isEmpty(); // every partition is on its preferred leader
        assertThat(complete("describe b")).containsExactly("big", "bigger");
    }

    @Test
    void should_offer_nothing_from_the_cluster_before_a_snapshot_and_log_a_failure_instead_of_throwing() {
        session.disconnect();
        assertThat(complete("describe ")).isEmpty();
        Logger log = (Logger) LoggerFactory.getLogger(KshellCompleter.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        log.addAppender(events);
        try {
            KshellCompleter broken = new KshellCompleter(new CommandLineParser(new KshellCommandRegistry(List.of()) {
                @Override
                public List<KshellCommand> commands() {
                    throw new IllegalStateException("registry not ready");
                }
            }), session, () -> home, () -> {
                throw new IllegalStateException("refresher gone");
            });
            List<Candidate> candidates = new ArrayList<>();
            broken.complete(null, Tokenizer().parse("desc", 4, Parser.ParseContext.COMPLETE), candidates);
            assertThat(candidates).isEmpty();
            assertThat(events.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.WARN);
            assertThat(events.list.get(1).getFormattedMessage()).contains("completion failed for 'desc'");
        } finally {
            log.detachAppender(events);
        }
    }

    @Test
    void should_list_candidates_for_the_one_shot_scripts() {
        assertThat(completer.values(List.of("describe", "pay"), 1)).containsExactly("payments");
        assertThat(completer.values(List.of(""), 0)).contains("describe").doesNotContain("__complete");
    }
}
