package dev.kshell.cli;

import dev.kshell.cli.commands.ElectPreferredCommand;
import dev.kshell.cli.commands.ElectRestoreOrderCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.function.UnaryOperator;

/** The elect commands over a fake gateway: guard, prompts, audit lines and exit codes, without a cluster. */
@Timeout(30)
class ElectCommandsTest {

    static final TopicConfig MIN_ISR_2 = new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", false, "DEFAULT_CONFIG");
    static final List<BrokerState> BROKERS = List.of(new BrokerState(4, "h", 9092, null, false),
            new BrokerState(5, "h", 9093, null, false), new BrokerState(6, "h", 9094, null, false));
    static final QuorumState QUORUM = new QuorumState(1, 7, 420, List.of(), List.of());

    /** A fake whose elections change its snapshot, and which records every mutation. */
    static class ElectingGateway extends FakeGateway {
        ClusterSnapshot current;
        final List<String> mutations = new ArrayList<>();

        ElectingGateway(ClusterSnapshot s) {
            super(s);
            current = s;
        }

        @Override
        public List<String> topicNames() {
            return current.topics().stream().map(TopicState::name).toList();
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            return new ClusterSnapshot(current.clusterId(), current.takenAt(), current.brokers(), current.quorum(),
                    current.quorumError(), current.topics().stream()
                    .filter(t -> topics == null || topics.contains(t.name())).toList());
        }

        @Override
        public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> partitions) {
            dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
            Map<PartitionSpec, ElectionAnswer> out = new LinkedHashMap<>();
            for (PartitionSpec p : partitions) {
                mutations.add(type + " " + p.name());
                out.put(p, ElectionAnswer.ELECTED);
                current = withPartition(current, p, type == ElectionType.PREFERRED ? null : "unclean");
            }
            return out;
        }

        @Override
        public ReplicaSizes replicaSizes(Collection<Integer> brokerIds) {
            return new ReplicaSizes(Map.of(5, Map.of(new PartitionSpec("orders", 1), 2797L),
                    6, Map.of(new PartitionSpec("orders", 1), 5627L)), Map.of());
        }

        @Override
        public Map<PartitionSpec, Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders) {
            dev.kshell.audit.Approval.require("fake reassignSameSet"); // as the real gateway: only behind the gate
            Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
            newOrders.forEach((p, order) -> {
                mutations.add("reorder " + p.name() + " " + order);
                out.put(p, Optional.empty());
                current = reorder(current, p, order);
            });
            return out;
        }
    }

    /** Preferred: the first replica leads; unclean: the first live replica leads alone. */
    static ClusterSnapshot withPartition(ClusterSnapshot s, PartitionSpec spec, String how) {
        return map(s, spec, p -> {
            int leader = how == null ? p.replicas().get(0)
                    : p.replicas().stream().filter(s.liveBrokerIds()::contains).findFirst().orElseThrow();
            return new PartitionState(p.topic(), p.partition(), leader, p.replicas(),
                    how == null ? p.isr() : List.of(leader), List.of(), List.of());
        });
    }

    static ClusterSnapshot reorder(ClusterSnapshot s, PartitionSpec spec, List<Integer> order) {
        return map(s, spec, p -> new PartitionState(p.topic(), p.partition(), p.leader(), order, p.isr(), p.elr(),
                p.lastKnownElr()));
    }

    static ClusterSnapshot map(ClusterSnapshot s, PartitionSpec spec,
                               UnaryOperator<PartitionState> f) {
        List<TopicState> topics = s.topics().stream().map(t -> new TopicState(t.name(), t.internal(),
                t.partitions().stream().map(p -> p.name().equals(spec.name()) ? f.apply(p) : p).toList(),
                t.config())).toList();
        return new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), s.quorum(), s.quorumError(), topics);
    }

    /** orders-0: led by 6, preferred 4 in ISR. orders-1: leaderless, 4 dead in ELR, 6 and 5 live out of sync. */
    static ClusterSnapshot incident() {
        List<BrokerState> brokers = List.of(new BrokerState(4, "h", 9092, null, true),
                new BrokerState(5, "h", 9093, null, false), new BrokerState(6, "h", 9094, null, false));
        TopicState orders = new TopicState("orders", false, List.of(
                new PartitionState("orders", 0, 6, List.of(5, 6, 4), List.of(5, 6), List.of(), List.of()),
                new PartitionState("orders", 1, null, List.of(4, 5, 6), List.of(), List.of(4), List.of(4))),
                MIN_ISR_2);
        return FakeGateway.snapshot(QUORUM, brokers, List.of(orders));
    }

    @TempDir
    Path home;
    private ElectingGateway gateway;
    private ShellSession session;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        gateway = new ElectingGateway(incident());
        session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ElectPreferredCommand(session),
                new ElectUncleanCommand(session), new ElectRestoreOrderCommand(session))), session);
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    private CommandLineExecutor.LineResult run(String line, Prompter prompter) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, prompter, ExecutionMode.INTERACTIVE);
    }

    static Prompter answering(String answer) {
        return new Prompter() {
            @Override
            public boolean interactive() {
                return true;
            }

            @Override
            public String ask(String question) {
                return answer;
            }
        };
    }

    private List<JsonNode> audit() throws IOException {
        Path file = home.resolve("audit.jsonl");
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList();
    }

    @Test
    void should_refuse_a_preferred_election_without_terminal_or_yes_and_audit_it() throws IOException {
        CommandLineExecutor.LineResult o = run("elect preferred --topic orders", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("refused: confirmation needed and there is no terminal", "instead: add --yes");
        assertThat(gateway.mutations).isEmpty();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asString()).isEqualTo("refused"));
    }

    @Test
    void should_elect_preferred_with_yes_and_write_confirmed_then_succeeded() throws IOException {
        CommandLineExecutor.LineResult o = run("elect preferred --topic orders --yes", Prompter.NONE);
        assertThat(o.code()).as(err.toString()).isEqualTo(ExitCode.ACTION_FAILED);
        // orders-0 elected; orders-1's preferred replica 4 is dead: failed, not sent.
        assertThat(gateway.mutations).containsExactly("PREFERRED orders-0");
        assertThat(out.toString()).contains("orders-0", "succeeded", "orders-1", "failed", "1 succeeded, 0 not needed, 1 failed");
        List<JsonNode> lines = audit();
        assertThat(lines).extracting(a -> a.get("decision").asString()).containsExactly("confirmed", "failed");
        assertThat(lines.get(0).get("attemptId").asString()).isEqualTo(lines.get(1).get("attemptId").asString());
    }

    @Test
    void should_ask_y_n_and_abort_on_no() throws IOException {
        CommandLineExecutor.LineResult o = run("elect preferred orders-0", answering("n"));
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.mutations).isEmpty();
        assertThat(audit()).extracting(a -> a.get("decision").asString()).containsExactly("aborted");
    }

    @Test
    void should_reject_a_bad_partition_with_exit_2() {
        CommandLineExecutor.LineResult o = run("elect unclean orders-9 nosuch:1", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("topic 'orders' has 2 partitions", "no topic named 'nosuch'");
    }

    @Test
    void should_refuse_unclean_when_a_partition_has_a_leader() {
        CommandLineExecutor.LineResult o = run("elect unclean orders-0", answering("orders-0"));
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("has a leader");
        assertThat(gateway.mutations).isEmpty();
    }

    @Test
    void should_refuse_unclean_with_a_wrong_phrase_and_elect_with_the_right_one_keeping_the_larger_log()
            throws IOException {
        assertThat(run("elect unclean orders-1", answering("yes")).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(run("elect unclean orders-1 --yes", Prompter.NONE).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.mutations).isEmpty();
        assertThat(out.toString()).contains("Kafka would pick : broker 5", "reassign [4,5,6] -> [6,4,5]");

        CommandLineExecutor.LineResult o = run("elect unclean orders-1", answering("orders-1"));
        assertThat(o.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(gateway.mutations).containsExactly("reorder orders-1 [6, 4, 5]", "UNCLEAN orders-1");
        assertThat(out.toString()).contains("orders-1: leader is now broker 6",
                "writes with acks=all still fail until ISR >= min.isr (2)", "elect restore-order orders-1");
        assertThat(audit()).extracting(a -> a.get("decision").asString())
                .containsExactly("aborted", "refused", "confirmed", "succeeded");

        // the order is remembered, and restored once healthy
        gateway.current = map(gateway.current, new PartitionSpec("orders", 1), p -> new PartitionState("orders", 1,
                6, p.replicas(), List.of(6, 4, 5), List.of(), List.of()));
        gateway.current = new ClusterSnapshot(gateway.current.clusterId(), gateway.current.takenAt(), BROKERS,
                QUORUM, null, gateway.current.topics());
        CommandLineExecutor.LineResult restore = run("elect restore-order orders-1 --yes", Prompter.NONE);
        assertThat(restore.code()).as(err.toString()).isEqualTo(ExitCode.OK);
        assertThat(gateway.mutations).last().isEqualTo("reorder orders-1 [4, 5, 6]");
        assertThat(run("elect restore-order orders-1 --yes", Prompter.NONE).code()).isEqualTo(ExitCode.ACTION_FAILED);
        assertThat(err.toString() + out.toString()).contains("kshell has no record of reordering orders-1");
    }

    @Test
    void should_keep_kafkas_order_with_keep_order() {
        CommandLineExecutor.LineResult o = run("elect unclean orders-1 --keep-order", answering("orders-1"));
        assertThat(o.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.mutations).containsExactly("UNCLEAN orders-1");
        assertThat(out.toString()).contains("leader is now broker 5");
    }

    @Test
    void should_not_elect_when_the_audit_log_cannot_be_written() throws IOException {
        Path dir = Files.createDirectories(home.resolve("not-a-file"));
        System.setProperty("kshell.audit.file", dir.toString());
        CommandLineExecutor.LineResult o = run("elect preferred orders-0 --yes", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString().lines()).singleElement().asString().startsWith("error: cannot write the audit log " + dir);
        assertThat(gateway.mutations).isEmpty();
    }

    @Test
    void should_refuse_every_mutation_on_another_cluster_id() {
        session.connect(FakeGateway.TARGET, "prod", "another-cluster");
        CommandLineExecutor.LineResult o = run("elect preferred orders-0 --yes --dry-run", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("pins cluster id another-cluster");
    }

    @Test
    void should_print_the_plan_and_change_nothing_on_dry_run() throws IOException {
        CommandLineExecutor.LineResult o = run("elect unclean orders-1 --dry-run", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("Data at risk", "dry run: nothing was changed");
        assertThat(gateway.mutations).isEmpty();
        assertThat(audit()).extracting(a -> a.get("decision").asString()).containsExactly("dry-run");
    }

    @Test
    void should_wrap_the_plans_prose_at_the_terminals_width_on_word_boundaries() {
        Output narrow = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 60, true);
        assertThat(executor.execute("elect unclean orders-1 --dry-run", narrow, Prompter.NONE, ExecutionMode.INTERACTIVE)
                .code()).isEqualTo(ExitCode.OK);
        List<String> rows = out.toString().lines().filter(l -> l.startsWith("  Data at risk") || l.startsWith("  Remembered")
                || l.startsWith("                     ")).toList();
        assertThat(rows).isNotEmpty();
        // each line fits, or is one word too long to break (a command or a path stays whole to be pasted)
        assertThat(out.toString().lines().filter(l -> l.length() > 60 && l.strip().contains(" ")
                && !l.startsWith("  PARTITION") && !l.contains("  "))).isEmpty();
        assertThat(out.toString().lines().filter(l -> l.startsWith("  Data at risk")).findFirst().orElseThrow())
                .hasSizeLessThanOrEqualTo(60);
    }

    @Test
    void should_print_the_plan_to_stderr_before_asking_with_output_json() throws IOException {
        CommandLineExecutor.LineResult o = run("elect unclean orders-1 --output json", answering("nope"));
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        String errText = err.toString();
        assertThat(errText).contains("Data at risk", "Kafka would pick : broker 5");
        assertThat(errText.indexOf("Data at risk")).isLessThan(errText.indexOf("aborted:"));
        // stdout stays one JSON document
        assertThat(Json.mapper().readTree(out.toString()).get("decision").asString()).isEqualTo("aborted");
    }

    @Test
    void should_not_let_a_runbook_step_answer_its_own_question_with_any_spelling_of_yes() throws IOException {
        for (String yes : List.of("--yes", "--yes=true")) {
            Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
            CommandLineExecutor.LineResult o = executor.execute("elect preferred orders-0 " + yes, output,
                    Prompter.NONE, new ExecutionMode(false, false, true, false, false, "fix.ksh:4"));
            assertThat(o.code()).as(yes).isEqualTo(ExitCode.USAGE);
        }
        assertThat(err.toString()).contains("a step cannot answer its own confirmation");
        assertThat(gateway.mutations).isEmpty();
    }

    @Test
    void should_say_answered_no_when_enter_is_pressed_at_y_n() {
        CommandLineExecutor.LineResult o = run("elect preferred orders-0", answering(""));
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("aborted: answered no; nothing was changed");
    }

    @Test
    void should_keep_the_cluster_id_pin_across_connect_until_lifted() {
        session.connect(FakeGateway.TARGET, "prod", "another-cluster");
        session.connect(FakeGateway.TARGET, "adhoc", null);   // `connect --bootstrap-server ...` with no profile
        CommandLineExecutor.LineResult o = run("elect preferred orders-0 --yes", Prompter.NONE);
        assertThat(o.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(err.toString()).contains("pins cluster id another-cluster");
        assertThat(gateway.mutations).isEmpty();

        session.liftPin();                                    // `connect ... --unpin`
        session.connect(FakeGateway.TARGET, "adhoc", null);
        assertThat(run("elect preferred orders-0 --yes", Prompter.NONE).code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.mutations).containsExactly("PREFERRED orders-0");
    }
}
