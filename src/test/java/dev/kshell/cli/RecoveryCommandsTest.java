package dev.kshell.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.BrokersNewDiskCommand;
import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cli.commands.ReassignRestoreRfCommand;
import dev.kshell.cli.commands.ReassignThrottleCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;
import dev.kshell.render.Json;
import dev.kshell.testsupport.FakeGateway;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Recovery's last mile over a fake gateway (issue 46): a cancel refused per partition, the throttle of moves in
 * flight, bytes and time left, the new-disk read, and the small cluster's shrink and restore.
 */
@Timeout(60)
class RecoveryCommandsTest {

    static final QuorumState QUORUM = new QuorumState(1, 7, 420, List.of(), List.of());

    /** A fake whose snapshot a test can replace, and whose moves complete into it. */
    static final class Cluster extends FakeGateway {
        ClusterSnapshot now;

        Cluster(ClusterSnapshot s) {
            super(s);
            now = s;
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            List<TopicState> out = now.topics().stream().map(t -> new TopicState(t.name(), t.internal(),
                    t.partitions().stream().map(p -> {
                        List<Integer> target = null;
                        for (Map<PartitionSpec, List<Integer>> sent : moves.altered) {
                            if (sent.containsKey(new PartitionSpec(p.topic(), p.partition()))
                                    && !moves.inFlight.containsKey(new PartitionSpec(p.topic(), p.partition()))) {
                                target = sent.get(new PartitionSpec(p.topic(), p.partition()));
                            }
                        }
                        return target == null ? p : new PartitionState(p.topic(), p.partition(), target.get(0), target,
                                target, List.of(), List.of());
                    }).toList(), t.config())).toList();
            return new ClusterSnapshot(now.clusterId(), now.takenAt(), now.brokers(), now.quorum(), null, out);
        }

        @Override
        public List<BrokerState> brokers() {
            return now.brokers();
        }
    }

    static List<BrokerState> brokers(boolean sixLive) {
        return List.of(new BrokerState(4, "h", 9092, null, false), new BrokerState(5, "h", 9093, null, false),
                new BrokerState(6, "h", 9094, null, !sixLive));
    }

    @TempDir
    Path home;
    Cluster gateway;
    ShellSession session;
    CommandLineExecutor executor;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        gateway = new Cluster(smallCluster(false));
        session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new ReassignEvacuateCommand(session),
                new ReassignCancelCommand(session), new ReassignmentsCommand(session),
                new ReassignThrottleCommand(session), new ReassignRestoreRfCommand(session),
                new BrokersNewDiskCommand(session))), session);
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
    }

    /** Three brokers, broker 6 dead: an RF 3 topic, an RF 1 on 6 (ELR 6), an RF 2 on 6,5. */
    static ClusterSnapshot smallCluster(boolean sixLive) {
        List<Integer> isr3 = sixLive ? List.of(4, 5, 6) : List.of(4, 5);
        TopicState rf3 = new TopicState("rf3", false, List.of(
                new PartitionState("rf3", 0, 4, List.of(4, 5, 6), isr3, List.of(), List.of())), null);
        TopicState rf1 = new TopicState("rf1", false, List.of(
                new PartitionState("rf1", 0, sixLive ? 6 : null, List.of(6), sixLive ? List.of(6) : List.of(),
                        sixLive ? List.of() : List.of(6), List.of())), null);
        TopicState rf2 = new TopicState("rf2", false, List.of(
                new PartitionState("rf2", 0, 5, List.of(6, 5), sixLive ? List.of(5, 6) : List.of(5), List.of(),
                        List.of())), null);
        return FakeGateway.snapshot(QUORUM, brokers(sixLive), List.of(rf1, rf2, rf3));
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
    void should_refuse_the_cancel_that_would_need_an_unclean_election_and_cancel_the_healthy_one() throws IOException {
        // rf1-0 was moving 6 -> 5 when 6 died (ISR empty); rf3-0 moves 4 -> 4,5,6 healthily... as a plain add
        gateway.moves.inFlight.put(new PartitionSpec("rf1", 0), new ReplicaMoves.InFlight(List.of(5, 6), List.of(5),
                List.of(6)));
        gateway.moves.inFlight.put(new PartitionSpec("rf2", 0), new ReplicaMoves.InFlight(List.of(6, 5, 4),
                List.of(4), List.of()));
        CommandLineExecutor.LineResult r = run("reassign cancel rf1-0 rf2-0 --yes");
        assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.moves.cancelled).containsExactly(List.of(new PartitionSpec("rf2", 0)));
        assertThat(gateway.moves.inFlight).containsKey(new PartitionSpec("rf1", 0));
        assertThat(err.toString()).contains("refused: cancel rf1-0: its old replicas [6] hold no live in-sync replica");
        assertThat(out.toString()).contains("cancelled 1 reassignment(s)").contains("not cancelled: rf1-0");
        // alone, it is refused before anything is sent, and audited
        CommandLineExecutor.LineResult alone = run("reassign cancel rf1-0 --yes");
        assertThat(alone.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(gateway.moves.cancelled).hasSize(1);
        assertThat(audit()).extracting(j -> j.get("decision").asString()).contains("refused");
    }

    @Test
    void should_change_the_throttle_of_the_moves_in_flight_on_the_live_brokers_taking_part() throws IOException {
        gateway.moves.inFlight.put(new PartitionSpec("rf2", 0), new ReplicaMoves.InFlight(List.of(6, 5, 4),
                List.of(4), List.of(6)));
        gateway.moves.brokerRates.put(5, Map.of(ReplicaMoves.LEADER_RATE, "10000", ReplicaMoves.FOLLOWER_RATE,
                "10000"));
        assertThat(run("reassign throttle 20MB/s --dry-run").code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.ratesSetOn).isEmpty();
        assertThat(err.toString()).contains("broker 5: replication throttle 10 kB/s -> 20 MB/s");
        assertThat(run("reassign throttle 20MB/s --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.ratesSetOn).containsExactly(List.of(4, 5)); // 6 is dead: not asked
        assertThat(gateway.moves.brokerRates.get(4)).containsEntry(ReplicaMoves.LEADER_RATE, "20000000");
        assertThat(gateway.moves.topicLists.get("rf2")).containsEntry(ReplicaMoves.FOLLOWER_REPLICAS, "0:4");
        assertThat(audit()).extracting(j -> j.get("action").asString()).contains("reassign-throttle");
        assertThat(run("reassign throttle 0 --yes").code()).isEqualTo(ExitCode.USAGE);
        gateway.moves.inFlight.clear();
        assertThat(run("reassign throttle 20MB/s --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("no reassignment in flight: nothing to throttle");
    }

    @Test
    void should_show_bytes_and_time_left_at_the_rate_of_the_last_reads_and_mark_a_move_making_no_progress() {
        gateway.moves.inFlight.put(new PartitionSpec("rf2", 0), new ReplicaMoves.InFlight(List.of(5, 4, 6),
                List.of(4), List.of(6)));
        gateway.moves.sizes.put(5, Map.of(new PartitionSpec("rf2", 0), 21_000_000L));
        gateway.moves.sizes.put(4, Map.of(new PartitionSpec("rf2", 0), 0L));
        assertThat(run("reassignments").code()).isEqualTo(ExitCode.OK); // two reads, 3 s apart: nothing copied
        assertThat(out.toString()).contains("21 MB").contains("0 B/s (no progress)").contains("never at this rate")
                .contains("1 move makes no progress");
        out.getBuffer().setLength(0);
        gateway.moves.sizes.put(4, Map.of(new PartitionSpec("rf2", 0), 1_000_000L));
        assertThat(run("reassignments").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("20 MB").contains("In all: 20 MB left at ").doesNotContain("no progress");
    }

    @Test
    void should_say_before_the_start_which_partitions_a_broker_on_an_empty_disk_leads_empty() {
        CommandLineExecutor.LineResult r = run("brokers new-disk 6");
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("2 copied back").contains("1 led EMPTY")
                .contains("rf1-0").contains("EMPTY, leading").contains("rf2-0").contains("broker 5")
                .contains("the safer order").contains("reassign evacuate 6");
        out.getBuffer().setLength(0);
        gateway.now = smallCluster(true);
        assertThat(run("brokers new-disk 4").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("broker 4 is live");
    }

    @Test
    void should_shrink_a_small_cluster_on_request_remember_it_and_restore_the_factor_once_a_broker_is_back()
            throws IOException {
        assertThat(run("reassign evacuate 6 --yes").code()).isEqualTo(ExitCode.REFUSED);
        assertThat(out.toString()).contains("whose every live broker already holds a replica (rf3-0). Choose:")
                .contains("reassign evacuate 6 --shrink").contains("brokers new-disk 6");
        List<Map<PartitionSpec, List<Integer>>> sent = new ArrayList<>(gateway.moves.altered);
        assertThat(sent).noneMatch(m -> m.containsKey(new PartitionSpec("rf3", 0)));
        out.getBuffer().setLength(0);
        CommandLineExecutor.LineResult shrink = run("reassign evacuate 6 --shrink --yes");
        assertThat(gateway.moves.altered).anySatisfy(m -> assertThat(m)
                .containsEntry(new PartitionSpec("rf3", 0), List.of(4, 5)));
        assertThat(out.toString()).contains("running below their replication factor: rf3-0");
        assertThat(audit()).extracting(j -> j.get("action").asString()).contains("reassign-shrink");
        assertThat(shrink.code()).isEqualTo(ExitCode.REFUSED); // rf1-0 has no live copy: refused without a terminal
        // broker 6 is back (a new disk): restore-rf puts the factor back on it
        gateway.now = new ClusterSnapshot("fake-cluster", gateway.now.takenAt(), brokers(true), QUORUM, null,
                List.of(new TopicState("rf3", false, List.of(new PartitionState("rf3", 0, 4, List.of(4, 5),
                        List.of(4, 5), List.of(), List.of())), null)));
        gateway.moves.altered.clear();
        out.getBuffer().setLength(0);
        assertThat(run("reassign restore-rf --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(gateway.moves.altered).singleElement().satisfies(m -> assertThat(m)
                .containsEntry(new PartitionSpec("rf3", 0), List.of(4, 5, 6)));
        assertThat(out.toString()).contains("restored rf3-0");
        out.getBuffer().setLength(0);
        assertThat(run("reassign restore-rf --yes").code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("kshell remembers no partition running below its replication factor");
    }
}
