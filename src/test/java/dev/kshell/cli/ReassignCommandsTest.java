package dev.kshell.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.BrokersUnregisterCommand;
import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import java.util.Set;
import java.util.TreeSet;

/** The reassign commands over a fake gateway: plan, guard, audit lines, throttles and exit codes, without a cluster. */
@Timeout(60)
class ReassignCommandsTest {

    static final QuorumState QUORUM = new QuorumState(1, 7, 420, List.of(), List.of());
    static final List<BrokerState> BROKERS = List.of(new BrokerState(4, "h", 9092, null, false),
            new BrokerState(5, "h", 9093, null, false), new BrokerState(6, "h", 9094, null, true),
            new BrokerState(7, "h", 9095, null, false));

    /** A fake whose reassignments, once complete, show in its snapshot; it records unclean elections. */
    static final class MovingGateway extends FakeGateway {
        final List<String> elections = new ArrayList<>();
        /** How many more reads list "payments" but leave it undescribed (as a broker whose metadata is behind). */
        int paymentsUnreadFor;

        MovingGateway(ClusterSnapshot s) {
            super(s);
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            ClusterSnapshot s = super.snapshot(topics, withConfigs);
            if (paymentsUnreadFor > 0) {
                paymentsUnreadFor--;
                s = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), s.quorum(), s.quorumError(),
                        s.topics().stream().filter(t -> !t.name().equals("payments")).toList(), s.capabilities(),
                        List.of("payments"));
            }
            Map<PartitionSpec, List<Integer>> done = new HashMap<>();
            moves.altered.forEach(done::putAll);
            moves.inFlight.keySet().forEach(done::remove);
            List<TopicState> out = s.topics().stream().map(t -> new TopicState(t.name(), t.internal(),
                    t.partitions().stream().map(p -> {
                        List<Integer> target = done.get(new PartitionSpec(p.topic(), p.partition()));
                        return target == null ? p : new PartitionState(p.topic(), p.partition(), target.get(0), target,
                                target, List.of(), List.of());
                    }).toList(), t.config())).toList();
            return new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), s.quorum(), s.quorumError(), out,
                    s.capabilities(), s.skippedTopics());
        }

        @Override
        public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> partitions) {
            dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
            Map<PartitionSpec, ElectionAnswer> out = new LinkedHashMap<>();
            partitions.forEach(p -> {
                elections.add(type + " " + p.name());
                out.put(p, ElectionAnswer.ELECTED);
            });
            return out;
        }
    }

    static ClusterSnapshot brokerSixLost() {
        TopicState orders = new TopicState("orders", false, List.of(
                new PartitionState("orders", 0, 4, List.of(4, 6), List.of(4), List.of(), List.of()),
                new PartitionState("orders", 1, 5, List.of(6, 5), List.of(5), List.of(), List.of())), null);
        TopicState payments = new TopicState("payments", false, List.of(
                new PartitionState("payments", 0, 4, List.of(4, 5, 6), List.of(4, 5), List.of(), List.of())), null);
        TopicState rf1 = new TopicState("demo-rf1", false, List.of(
                new PartitionState("demo-rf1", 0, null, List.of(6), List.of(6), List.of(), List.of())), null);
        TopicState calm = new TopicState("calm", false, List.of(
                new PartitionState("calm", 0, 4, List.of(4, 5), List.of(4, 5), List.of(), List.of())), null);
        return FakeGateway.snapshot(QUORUM, BROKERS, List.of(calm, rf1, orders, payments));
    }

    @TempDir
    Path home;
    MovingGateway gateway;
    CommandLineExecutor executor;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        gateway = new MovingGateway(brokerSixLost());
        gateway.moves.sizes.put(4, Map.of(new PartitionSpec("orders", 0), 2_000_000L,
                new PartitionSpec("payments", 0), 5_000_000L));
        gateway.moves.sizes.put(5, Map.of(new PartitionSpec("orders", 1), 3_000_000L));
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ReassignEvacuateCommand(session),
                new ReassignCancelCommand(session), new ReassignmentsCommand(session),
                new BrokersUnregisterCommand(session))), session);
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

    static Prompter answering(String... answers) {
        return new Prompter() {
            int next;

            @Override
            public boolean interactive() {
                return true;
            }

            @Override
            public String ask(String question) {
                return next < answers.length ? answers[next++] : null;
            }
        };
    }

    private List<JsonNode> audit() throws IOException {
        Path file = home.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList()
                : List.of();
    }

    @Test
    void should_move_what_has_a_live_copy_refuse_the_lost_partition_from_a_script_and_exit_3() throws IOException {
        Path plan = home.resolve("plan.json");
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --export " + plan + " --yes", Prompter.NONE);

        assertThat(r.code()).as(out + "\n" + err).isEqualTo(ExitCode.REFUSED);
        Map<PartitionSpec, List<Integer>> sent = gateway.moves.altered.get(0);
        assertThat(sent).containsOnlyKeys(new PartitionSpec("orders", 0), new PartitionSpec("orders", 1),
                new PartitionSpec("payments", 0));
        sent.values().forEach(t -> assertThat(t).doesNotContain(6));
        assertThat(gateway.moves.altered).hasSize(1);
        assertThat(gateway.elections).isEmpty();
        assertThat(out.toString()).contains("demo-rf1-0").contains("not moved: demo-rf1-0");
        // the throttle was set for the move and is gone now
        assertThat(gateway.moves.brokerRates).isEmpty();
        assertThat(gateway.moves.topicLists).isEmpty();
        assertThat(out.toString()).contains("throttle removed");
        String json = Files.readString(plan);
        assertThat(Json.mapper().readTree(json).get("partitions")).hasSize(3);
        assertThat(json).doesNotContain("demo-rf1");
        List<String> decisions = audit().stream().map(a -> a.get("action").asText() + " " + a.get("decision").asText())
                .toList();
        // the moves' confirmed line is written when they are approved, before the lost partition is decided
        assertThat(decisions).containsExactly("reassign-evacuate confirmed", "reassign-evacuate-unclean refused",
                "reassign-evacuate succeeded");
    }

    @Test
    void should_set_the_throttle_only_on_the_brokers_and_replicas_taking_part_and_remove_it_after() {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --yes --throttle 10MB/s", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED); // demo-rf1-0 refused; the rest moved

        Map<PartitionSpec, List<Integer>> sent = gateway.moves.altered.get(0);
        Set<Integer> adding = new TreeSet<>();
        sent.forEach((p, target) -> target.stream().filter(b -> !List.of(4, 5, 6).contains(b)
                || !brokerSixLost().partition(p).orElseThrow().replicas().contains(b)).forEach(adding::add));
        Set<Integer> expected = new TreeSet<>(adding);
        expected.addAll(List.of(4, 5)); // the live current replicas
        assertThat(gateway.moves.ratesSetOn).singleElement().satisfies(b -> assertThat(new TreeSet<>(b))
                .isEqualTo(expected).doesNotContain(6));
        Map<String, Map<String, String>> lists = gateway.moves.listsSet.get(0);
        assertThat(lists).containsOnlyKeys("orders", "payments"); // not calm, not demo-rf1
        assertThat(lists.get("payments").get(ReplicaMoves.FOLLOWER_REPLICAS)).isEqualTo("0:" + sent.get(
                new PartitionSpec("payments", 0)).stream().filter(b -> !List.of(4, 5).contains(b)).findFirst().orElseThrow());
        assertThat(lists.get("payments").get(ReplicaMoves.LEADER_REPLICAS)).isEqualTo("0:4,0:5,0:6");
        assertThat(gateway.moves.brokerRates).isEmpty();
        assertThat(gateway.moves.topicLists).isEmpty();
    }

    @Test
    void should_throttle_the_brokers_of_the_one_move_and_leave_a_live_broker_outside_it_alone() {
        // one partition, 4 and 6; 6 is lost, 5 and 7 are live: the move adds one of them, never both
        TopicState solo = new TopicState("solo", false, List.of(
                new PartitionState("solo", 0, 4, List.of(4, 6), List.of(4), List.of(), List.of())), null);
        gateway = new MovingGateway(FakeGateway.snapshot(QUORUM, BROKERS, List.of(solo)));
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ReassignEvacuateCommand(session))),
                session);

        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --yes --throttle 10MB/s", Prompter.NONE);

        assertThat(r.code()).as(out + "\n" + err).isEqualTo(ExitCode.OK);
        List<Integer> target = gateway.moves.altered.get(0).get(new PartitionSpec("solo", 0));
        int added = target.stream().filter(b -> b != 4).findFirst().orElseThrow();
        // 5 and 7 hold as many replicas and bytes: the tie goes to the lower id, and 7 stays outside the move
        assertThat(added).isEqualTo(5);
        int outside = 7;
        assertThat(gateway.moves.ratesSetOn).singleElement().satisfies(set -> assertThat(new TreeSet<>(set))
                .containsExactlyInAnyOrder(4, added).doesNotContain(outside, 6));
        assertThat(gateway.moves.listsSet.get(0)).containsOnlyKeys("solo");
        assertThat(gateway.moves.listsSet.get(0).get("solo").get(ReplicaMoves.FOLLOWER_REPLICAS))
                .isEqualTo("0:" + added);
    }

    @Test
    void should_print_the_plan_and_change_nothing_on_dry_run() throws IOException {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --dry-run", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.altered).isEmpty();
        assertThat(out.toString()).contains("Evacuate broker 6").contains("payments").contains("No live copy")
                .contains("dry run: nothing was changed");
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asText()).isEqualTo("dry-run"));
    }

    @Test
    void should_read_again_when_a_listed_topic_was_not_described_and_plan_its_replicas() throws IOException {
        gateway.paymentsUnreadFor = 2; // the planner reads 3 times at the most
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --dry-run", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.paymentsUnreadFor).isZero();
        assertThat(out.toString()).contains("payments-0");
    }

    @Test
    void should_make_no_plan_while_a_listed_topic_stays_undescribed() throws IOException {
        gateway.paymentsUnreadFor = 3;
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(err.toString()).contains("topic payments listed but answered \"unknown\" when described, 3 reads")
                .contains("run it again");
        assertThat(out.toString()).doesNotContain("holds no replica");
        assertThat(gateway.moves.altered).isEmpty();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asText()).isEqualTo("failed"));
    }

    @Test
    void should_ask_y_n_then_the_phrase_and_recover_the_lost_partition_with_an_unclean_election() throws IOException {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6", answering("y", "demo-rf1-0"));
        assertThat(r.code()).as(out + "\n" + err).isEqualTo(ExitCode.OK);
        assertThat(gateway.elections).containsExactly("UNCLEAN demo-rf1-0");
        // moves, then the lost partition's reassignment twice (before and after the election)
        assertThat(gateway.moves.altered).hasSize(3);
        assertThat(gateway.moves.altered.get(1)).isEqualTo(gateway.moves.altered.get(2));
        List<String> decisions = audit().stream().map(a -> a.get("action").asText() + " " + a.get("decision").asText()
                + (a.get("approvedBy").isNull() ? "" : " " + a.get("approvedBy").asText())).toList();
        assertThat(decisions).containsExactly("reassign-evacuate confirmed answered y",
                "reassign-evacuate-unclean confirmed typed confirmation", "reassign-evacuate succeeded answered y",
                "reassign-evacuate-unclean succeeded typed confirmation");
    }

    @Test
    void should_not_recover_the_lost_partition_on_a_wrong_phrase_and_still_move_the_rest() {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --yes", answering("yes"));
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.elections).isEmpty();
        assertThat(gateway.moves.altered).hasSize(1);
        assertThat(err.toString()).contains("--yes does not skip");
    }

    @Test
    void should_abort_everything_when_the_moves_are_answered_no() throws IOException {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6", answering(""));
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.moves.altered).isEmpty();
        assertThat(audit()).singleElement().satisfies(a -> assertThat(a.get("decision").asText()).isEqualTo("aborted"));
    }

    @Test
    void should_refuse_an_unknown_broker_with_exit_2() {
        CommandLineExecutor.LineResult r = run("reassign evacuate 9 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.error()).contains("broker 9 is not registered and holds no replica");
    }

    @Test
    void should_refuse_a_bad_throttle_before_anything_runs() {
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --throttle fast --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(gateway.moves.altered).isEmpty();
    }

    @Test
    void should_list_reassignments_in_flight_and_name_a_stuck_one() {
        gateway.moves.inFlight.put(new PartitionSpec("orders", 0), new ReplicaMoves.InFlight(List.of(4, 6, 7),
                List.of(7), List.of(6)));
        gateway.moves.inFlight.put(new PartitionSpec("calm", 0), new ReplicaMoves.InFlight(List.of(4, 5, 6),
                List.of(6), List.of(5)));
        gateway.moves.sizes.put(7, Map.of(new PartitionSpec("orders", 0), 1_000_000L));
        gateway.moves.topicLists.put("orders", Map.of(ReplicaMoves.FOLLOWER_REPLICAS, "0:7"));
        CommandLineExecutor.LineResult r = run("reassignments", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("orders-0").contains("7: 1.0 MB of 2.0 MB")
                .contains("adding replica on broker 6, which is not live");
    }

    @Test
    void should_flag_throttles_left_behind_and_clear_them_with_cancel_all() throws IOException {
        gateway.moves.brokerRates.put(4, Map.of(ReplicaMoves.LEADER_RATE, "1000"));
        gateway.moves.topicLists.put("orders", Map.of(ReplicaMoves.LEADER_REPLICAS, "0:4"));
        assertThat(run("reassignments", Prompter.NONE).code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("Throttles left behind");
        CommandLineExecutor.LineResult r = run("reassign cancel --all --yes", Prompter.NONE);
        assertThat(r.code()).as(out + "\n" + err).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.brokerRates).isEmpty();
        assertThat(gateway.moves.topicLists).isEmpty();
        assertThat(audit()).extracting(a -> a.get("decision").asText()).containsExactly("confirmed", "succeeded");
    }

    @Test
    void should_cancel_a_named_reassignment_after_y() {
        gateway.moves.inFlight.put(new PartitionSpec("orders", 0), new ReplicaMoves.InFlight(List.of(4, 6, 7),
                List.of(7), List.of(6)));
        assertThat(run("reassign cancel orders-0", Prompter.NONE).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.moves.cancelled).isEmpty();
        assertThat(run("reassign cancel orders-0", answering("y")).code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.cancelled).containsExactly(List.of(new PartitionSpec("orders", 0)));
        assertThat(run("reassign cancel orders-1 --yes", Prompter.NONE).code()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void should_unregister_only_a_fenced_broker_that_holds_no_replica() {
        CommandLineExecutor.LineResult held = run("brokers unregister 6 --yes", Prompter.NONE);
        assertThat(held.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(out.toString()).contains("still holds replicas of 4 partitions").contains("reassign evacuate 6");
        assertThat(run("brokers unregister 4 --yes", Prompter.NONE).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(out.toString()).contains("broker 4 is live");
        assertThat(gateway.moves.unregistered).isEmpty();
    }

    @Test
    void should_watch_a_reassignment_already_moving_off_the_broker_without_sending_it_again() {
        // orders-0 is already on its way from [4,6] to [4,7]
        gateway.moves.inFlight.put(new PartitionSpec("orders", 0), new ReplicaMoves.InFlight(List.of(4, 6, 7),
                List.of(7), List.of(6)));
        gateway.moves.finishAfter(new PartitionSpec("orders", 0), 2);
        CommandLineExecutor.LineResult r = run("reassign evacuate 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED); // demo-rf1-0
        assertThat(gateway.moves.altered).singleElement().satisfies(sent ->
                assertThat(sent).doesNotContainKey(new PartitionSpec("orders", 0))
                        .containsKeys(new PartitionSpec("orders", 1), new PartitionSpec("payments", 0)));
        assertThat(err.toString()).contains("1 partition is already moving off broker 6: watched, not sent again");
    }

    @Test
    void should_unregister_a_fenced_broker_that_holds_nothing_after_y_and_audit_it() throws IOException {
        ClusterSnapshot s = brokerSixLost();
        ClusterSnapshot empty = FakeGateway.snapshot(QUORUM, BROKERS, s.topics().stream()
                .filter(t -> t.partitions().stream().noneMatch(p -> p.replicas().contains(6))).toList());
        gateway = new MovingGateway(empty);
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new BrokersUnregisterCommand(session))),
                session);
        assertThat(run("brokers unregister 6", answering("n")).code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.moves.unregistered).isEmpty();
        CommandLineExecutor.LineResult r = run("brokers unregister 6", answering("y"));
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.unregistered).containsExactly(6);
        assertThat(out.toString()).contains("broker 6 unregistered");
        assertThat(audit()).extracting(a -> a.get("action").asText() + " " + a.get("decision").asText())
                .containsExactly("unregister-broker aborted", "unregister-broker confirmed", "unregister-broker succeeded");
    }

    @Test
    void should_say_in_one_sentence_when_the_cluster_cannot_unregister() {
        ClusterSnapshot empty = FakeGateway.snapshot(QUORUM, BROKERS, List.of());
        gateway = new MovingGateway(empty);
        gateway.moves.unregisterAnswer = new ReplicaMoves.Unregistered(ReplicaMoves.Unregistered.Outcome.UNSUPPORTED,
                "this cluster does not offer unregisterBroker");
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new BrokersUnregisterCommand(session))),
                session);
        CommandLineExecutor.LineResult r = run("brokers unregister 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("this cluster does not offer unregisterBroker");
    }

    /** A 3.x KRaft cluster: describeCluster does not list fenced brokers, so broker 6 (stopped) is not in the list. */
    private void unlistedSix(boolean fencedListed, ReplicaMoves.Unregistered answer) {
        ClusterSnapshot s = FakeGateway.snapshot(QUORUM, BROKERS.stream().filter(b -> b.id() != 6).toList(), List.of());
        ClusterSnapshot old = new ClusterSnapshot(s.clusterId(), s.takenAt(), s.brokers(), s.quorum(), s.quorumError(),
                s.topics(), s.capabilities().with(dev.kshell.model.ClusterCapabilities.Feature.FENCED_BROKER_LISTING,
                fencedListed, null));
        gateway = new MovingGateway(old);
        gateway.moves.unregisterAnswer = answer;
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new BrokersUnregisterCommand(session))),
                session);
    }

    @Test
    void should_ask_the_cluster_when_it_cannot_list_fenced_brokers_and_the_broker_is_not_listed() {
        unlistedSix(false, ReplicaMoves.Unregistered.done());
        CommandLineExecutor.LineResult r = run("brokers unregister 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.unregistered).containsExactly(6);
        assertThat(err.toString()).contains("this cluster does not list fenced brokers: it may still be registered");
        assertThat(out.toString()).contains("broker 6 unregistered");
    }

    @Test
    void should_say_not_registered_when_the_cluster_answers_so() throws IOException {
        unlistedSix(false, new ReplicaMoves.Unregistered(ReplicaMoves.Unregistered.Outcome.NOT_REGISTERED,
                "broker 6 is not registered: nothing to unregister"));
        CommandLineExecutor.LineResult r = run("brokers unregister 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("broker 6 is not registered: nothing to unregister");
        assertThat(audit()).extracting(a -> a.get("action").asText() + " " + a.get("decision").asText())
                .containsExactly("unregister-broker confirmed", "unregister-broker not-needed");
    }

    @Test
    void should_not_ask_the_cluster_when_it_lists_fenced_brokers_and_the_broker_is_not_there() {
        unlistedSix(true, ReplicaMoves.Unregistered.done());
        CommandLineExecutor.LineResult r = run("brokers unregister 6 --yes", Prompter.NONE);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.unregistered).isEmpty();
        assertThat(out.toString()).contains("broker 6 is not registered: nothing to unregister");
    }
}
