package dev.kshell.memory;

import dev.kshell.connection.ShellSession;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
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
import java.time.ZoneId;
import java.util.Collections;
import java.util.concurrent.CountDownLatch;

/** Remembering offsets is an explicit, throttled step: reads never write, and recording asks only led partitions. */
@Timeout(30)
class OffsetMemoryTest {

    @TempDir
    Path dir;

    /** A fake that answers listOffsets with offset 100 + partition and counts the partitions it was asked for. */
    static class Gateway extends FakeGateway {
        final List<Collection<PartitionSpec>> asked = Collections.synchronizedList(new ArrayList<>());

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
    void should_record_the_partitions_at_risk_only_then_wait_for_the_throttle() {
        MutableClock clock = new MutableClock(Instant.now());
        ClusterSnapshot seed = Snapshots.seedIncident();
        ClusterSnapshot snapshot = new ClusterSnapshot(seed.clusterId(), clock.now, seed.brokers(), seed.quorum(),
                seed.quorumError(), seed.topics());
        Gateway gateway = new Gateway(snapshot);
        StateStore store = new StateStore(dir);
        OffsetMemory memory = new OffsetMemory(store, clock, Duration.ofMinutes(1));

        assertThat(memory.recordIfDue(gateway, snapshot)).isEqualTo(OffsetMemory.RecordingStatus.RECORDED);
        List<String> atRisk = OffsetsAtRisk.of(snapshot).stream().map(a -> a.partition().name()).toList();
        assertThat(gateway.asked).hasSize(1);
        assertThat(gateway.asked.get(0).stream().map(PartitionSpec::name).toList()).isEqualTo(atRisk);
        // leaderless (rf1-0, __consumer_offsets-1) and RF 1 (rf1-1) partitions are never asked
        assertThat(atRisk).doesNotContain("rf1-0", "rf1-1", "__consumer_offsets-1").contains("orders-0", "payments-1");
        assertThat(store.lookup(snapshot.clusterId(), "orders-0")).isPresent();
        assertThat(store.lookup(snapshot.clusterId(), "rf1-1")).isEmpty();

        clock.now = clock.now.plusSeconds(30);
        assertThat(memory.recordIfDue(gateway, snapshot)).isEqualTo(OffsetMemory.RecordingStatus.NOT_DUE);
        // another process (a second kshell) sees the store's last recording too
        assertThat(new OffsetMemory(store, clock, Duration.ofMinutes(1)).due(snapshot.clusterId())).isFalse();
        assertThat(gateway.asked).hasSize(1);

        clock.now = clock.now.plusSeconds(61);
        assertThat(new OffsetMemory(store, clock, Duration.ofMinutes(1)).due(snapshot.clusterId())).isTrue();
    }

    @Test
    void should_list_no_offsets_on_a_healthy_cluster_but_note_the_quorum_leader() {
        ClusterSnapshot healthy = Snapshots.healthy();
        Gateway gateway = new Gateway(healthy);
        OffsetMemory memory = new OffsetMemory(new StateStore(dir), Clock.systemUTC(), Duration.ZERO);

        assertThat(OffsetsAtRisk.of(healthy)).isEmpty();
        assertThat(memory.recordIfDue(gateway, healthy)).isEqualTo(OffsetMemory.RecordingStatus.RECORDED);
        assertThat(gateway.asked).isEmpty();
    }

    /**
     * The deadline holds even when Kafka's call never returns and ignores interrupts (the stack samples: the
     * caller stuck inside listOffsets, not waiting on a future): the caller is back at the deadline, keeps the
     * batches that answered, and a second recording is refused while the abandoned one still runs.
     */
    @Test
    void should_abandon_a_hanging_listing_at_the_deadline_and_keep_the_batches_that_answered() throws Exception {
        ClusterSnapshot snapshot = Snapshots.healthy();
        CountDownLatch release = new CountDownLatch(1);
        Gateway gateway = new Gateway(snapshot) {
            @Override
            public Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
                if (!asked.isEmpty()) {
                    long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                    while (release.getCount() > 0 && System.nanoTime() < until) {
                        Thread.onSpinWait(); // busy, deaf to interrupts: building the call, not waiting
                    }
                }
                return super.latestOffsets(partitions);
            }
        };
        List<PartitionSpec> many = new ArrayList<>();
        for (int i = 0; i < OffsetMemory.BATCH + 10; i++) {
            many.add(new PartitionSpec("orders", i));
        }
        OffsetMemory memory = new OffsetMemory(new StateStore(dir), Clock.systemUTC(), Duration.ZERO);
        OffsetMemory.Recording r = memory.record(gateway, snapshot, many, Duration.ofMillis(700));
        try {
            assertThat(r.outcome()).isEqualTo(OffsetMemory.RecordingStatus.PARTIAL);
            assertThat(r.asked()).isEqualTo(OffsetMemory.BATCH + 10);
            assertThat(r.answered()).isEqualTo(OffsetMemory.BATCH);
            assertThat(r.note()).contains("abandoned at the deadline");
            assertThat(new StateStore(dir).lookup(snapshot.clusterId(), "orders-0")).isPresent();
            assertThat(memory.record(gateway, snapshot, many, Duration.ofMillis(100)).outcome())
                    .isEqualTo(OffsetMemory.RecordingStatus.BUSY);
        } finally {
            release.countDown();
        }
    }

    @Test
    void should_ask_in_batches_most_at_risk_first() {
        List<PartitionSpec> many = new ArrayList<>();
        for (int i = 0; i < 2 * OffsetMemory.BATCH + 1; i++) {
            many.add(new PartitionSpec("t", i));
        }
        List<List<PartitionSpec>> batches = OffsetMemory.batches(many);
        assertThat(batches).extracting(List::size).containsExactly(OffsetMemory.BATCH, OffsetMemory.BATCH, 1);
        assertThat(batches.get(0).get(0).partition()).isZero();
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
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
