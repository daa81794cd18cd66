package dev.kshell.session;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.diagnosis.Snapshots;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.state.StateStore;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Remembering offsets is an explicit, throttled step: reads never write, and recording asks only led partitions. */
@Timeout(30)
class OffsetMemoryTest {

    @TempDir
    Path dir;

    /** A fake that answers listOffsets with offset 100 + partition and counts the partitions it was asked for. */
    static final class Gateway extends FakeGateway {
        final List<Collection<PartitionSpec>> asked = new ArrayList<>();

        Gateway(ClusterSnapshot s) {
            super(s);
        }

        @Override
        public Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
            asked.add(List.copyOf(partitions));
            Map<PartitionSpec, Long> out = new HashMap<>();
            partitions.forEach(p -> out.put(p, 100L + p.partition()));
            return out;
        }
    }

    @Test
    void should_write_nothing_and_list_no_offsets_when_a_read_command_runs() throws Exception {
        String savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", dir.toString());
        try {
            runLeaderless();
        } finally {
            if (savedHome == null) {
                System.clearProperty("kshell.home");
            } else {
                System.setProperty("kshell.home", savedHome);
            }
        }
        assertThat(OffsetMemory.defaultDir()).isNotEqualTo(dir.resolve("state"));
    }

    private void runLeaderless() throws Exception {
        assertThat(OffsetMemory.defaultDir()).isEqualTo(dir.resolve("state"));
        Gateway gateway = new Gateway(Snapshots.seedIncident());
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        CommandLineExecutor executor = new CommandLineExecutor(
                CommandLineParser.forCommands(List.of(new LeaderlessCommand(session))), session);
        Output output = new Output(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false,
                false, 0, false);
        executor.execute("leaderless", output, Prompter.NONE, ExecutionMode.INTERACTIVE);

        assertThat(session.lastSnapshot()).isPresent();
        assertThat(gateway.asked).isEmpty();
        assertThat(Files.exists(dir.resolve("state"))).isFalse();
    }

    @Test
    void should_record_led_partitions_only_then_wait_for_the_throttle() {
        MutableClock clock = new MutableClock(Instant.now());
        ClusterSnapshot seed = Snapshots.seedIncident();
        ClusterSnapshot snapshot = new ClusterSnapshot(seed.clusterId(), clock.now, seed.brokers(), seed.quorum(),
                seed.quorumError(), seed.topics());
        Gateway gateway = new Gateway(snapshot);
        StateStore store = new StateStore(dir);
        OffsetMemory memory = new OffsetMemory(store, clock, Duration.ofMinutes(1));

        assertThat(memory.recordIfDue(gateway, snapshot)).isEqualTo(OffsetMemory.Outcome.RECORDED);
        List<String> led = OffsetMemory.ledPartitions(snapshot).stream().map(PartitionSpec::name).toList();
        assertThat(gateway.asked).hasSize(1);
        assertThat(gateway.asked.get(0).stream().map(PartitionSpec::name).toList()).isEqualTo(led);
        assertThat(led).doesNotContain("rf1-0", "__consumer_offsets-1"); // leaderless in the seed incident
        assertThat(store.lookup(snapshot.clusterId(), led.get(0))).isPresent();

        clock.now = clock.now.plusSeconds(30);
        assertThat(memory.recordIfDue(gateway, snapshot)).isEqualTo(OffsetMemory.Outcome.NOT_DUE);
        // another process (a second one-shot kshell) sees the store's last recording too
        assertThat(new OffsetMemory(store, clock, Duration.ofMinutes(1)).due(snapshot.clusterId())).isFalse();
        assertThat(gateway.asked).hasSize(1);

        clock.now = clock.now.plusSeconds(61);
        assertThat(new OffsetMemory(store, clock, Duration.ofMinutes(1)).due(snapshot.clusterId())).isTrue();
    }

    /** A clock the test moves by hand. */
    static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
