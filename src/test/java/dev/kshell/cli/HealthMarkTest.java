package dev.kshell.cli;

import dev.kshell.rules.Verdict;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.TopicState;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.model.SnapshotRequest;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The prompt's health mark never shows a state older than the last command's own result: a change to the cluster
 * voids it ({@code ?}) until a read taken after the change, triage's verdict stands while the picture is the same,
 * a broker that does not answer leads nothing, and a refresh failure older than a command's read adds no {@code ?}.
 */
@Timeout(20)
class HealthMarkTest {

    /** Brokers 4, 5, 6 registered and live; topic t: partition 0 led by 4, partition 1 led by 5. */
    private static ClusterSnapshot healthy(Instant at, int... fenced) {
        Set<Integer> off = Arrays.stream(fenced).boxed().collect(Collectors.toSet());
        List<BrokerState> brokers = List.of(new BrokerState(4, "localhost", 9092, null, off.contains(4)),
                new BrokerState(5, "localhost", 9093, null, off.contains(5)),
                new BrokerState(6, "localhost", 9094, null, off.contains(6)));
        ClusterSnapshot base = UxFixtures.snapshot(List.of(new TopicState("t", false, List.of(
                new PartitionState("t", 0, 4, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()),
                new PartitionState("t", 1, off.contains(5) ? 6 : 5, List.of(5, 6, 4), List.of(5, 6, 4), List.of(), List.of())),
                null)));
        return new ClusterSnapshot(base.clusterId(), at, brokers, base.quorum(), null, base.topics());
    }

    private static ShellSession connected(ClusterSnapshot served) {
        ShellSession session = new ShellSession(t -> new FakeGateway(served));
        session.connect(FakeGateway.TARGET, "sandbox", null);
        return session;
    }

    @Test
    void should_show_a_question_mark_after_a_change_until_a_snapshot_read_after_it() throws Exception {
        ShellSession session = connected(healthy(Instant.now()));
        session.remember(healthy(Instant.now().minusSeconds(1)));
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ok> ");

        session.clusterChanged(); // e.g. sandbox kill-broker 5
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ?> ");
        // a read that started before the change says nothing about after it
        session.remember(healthy(Instant.now().minusMillis(500)));
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ?> ");

        Thread.sleep(5);
        session.remember(healthy(Instant.now(), 5));
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ok> ");
    }

    @Test
    void should_count_what_a_silent_broker_leads_as_leaderless() {
        ShellSession session = connected(healthy(Instant.now()));
        session.remember(healthy(Instant.now()), Set.of(5));
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] !1 leaderless> ");
        session.remember(healthy(Instant.now()), Set.of());
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ok> ");
    }

    @Test
    void should_keep_triage_verdict_while_the_picture_is_the_same() {
        ShellSession session = connected(healthy(Instant.now()));
        ClusterSnapshot judged = healthy(Instant.now());
        session.remember(judged);
        // broker 5 was killed a moment ago: still registered, so the snapshot alone looks fine; triage's probe knew
        session.rememberVerdict(judged, Verdict.UNAVAILABLE);
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] !unavailable> ");

        session.remember(healthy(Instant.now())); // a refresh: same brokers, same leaders
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] !unavailable> ");

        session.remember(healthy(Instant.now(), 5)); // now fenced and led elsewhere: a new picture
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ok> ");

        session.rememberVerdict(session.lastSnapshot().orElseThrow(), Verdict.DEGRADED);
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] degraded> ");
        session.clusterChanged(); // sandbox reset: the verdict is void
        session.remember(healthy(Instant.now().plusSeconds(1)));
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ok> ");
    }

    @Test
    void should_read_degraded_while_a_voter_is_on_an_old_disk_as_triage_would() {
        dev.kshell.model.QuorumDescription q = QuorumChangeCommandTest.newDisk((short) 1);
        ClusterSnapshot served = healthy(Instant.now());
        ShellSession session = new ShellSession(t -> {
            FakeGateway g = new FakeGateway(served) {
                @Override
                public ClusterSnapshot read(SnapshotRequest request) {
                    return served;
                }
            };
            g.quorumChanges = new dev.kshell.testsupport.FakeQuorumChanges(q);
            return g;
        });
        session.connect(FakeGateway.TARGET, "sandbox", null);
        try (SnapshotRefresher refresher = new SnapshotRefresher(session)) {
            refresher.refreshNow();

            // every partition is led: the partitions alone say ok; step 1 of triage says a voter is on an old disk
            assertThat(PromptText.prompt(session, refresher, false)).isEqualTo("kshell[sandbox] degraded> ");
        }
    }

    @Test
    void should_keep_ok_when_the_quorum_is_whole() {
        ClusterSnapshot served = healthy(Instant.now());
        ShellSession session = new ShellSession(t -> new FakeGateway(served) {
            @Override
            public ClusterSnapshot read(SnapshotRequest request) {
                return served;
            }
        });
        session.connect(FakeGateway.TARGET, "sandbox", null);
        try (SnapshotRefresher refresher = new SnapshotRefresher(session)) {
            refresher.refreshNow();

            assertThat(PromptText.prompt(session, refresher, false)).isEqualTo("kshell[sandbox] ok> ");
        }
    }

    @Test
    void should_drop_a_refresh_failure_once_a_command_read_a_newer_snapshot() {
        AtomicReference<Boolean> fail = new AtomicReference<>(true);
        ClusterSnapshot served = healthy(Instant.now());
        ShellSession session = new ShellSession(t -> new FakeGateway(served) {
            @Override
            public ClusterSnapshot read(SnapshotRequest request) {
                if (fail.get()) {
                    throw new IllegalStateException("timed out");
                }
                return super.read(request);
            }
        });
        session.connect(FakeGateway.TARGET, "sandbox", null);
        session.remember(healthy(Instant.now().minusSeconds(2)));
        try (SnapshotRefresher refresher = new SnapshotRefresher(session)) {
            refresher.refreshNow();
            assertThat(PromptText.prompt(session, refresher, false)).isEqualTo("kshell[sandbox] ok?> ");
            session.remember(healthy(Instant.now().plusMillis(5))); // e.g. triage's own read, after the failure
            assertThat(PromptText.prompt(session, refresher, false)).isEqualTo("kshell[sandbox] ok> ");
        }
    }

    @Test
    void should_probe_brokers_in_the_refresh_after_a_change_and_mark_what_a_dead_one_leads() {
        ShellSession session = new ShellSession(t -> new FakeGateway(healthy(Instant.now())) {
            @Override
            public ClusterSnapshot read(SnapshotRequest request) {
                return healthy(Instant.now()); // still registered and unfenced, as Kafka shows a broker killed just now
            }
        });
        session.connect(FakeGateway.TARGET, "sandbox", null);
        try (SnapshotRefresher refresher = new SnapshotRefresher(session)) {
            // afterCommand's background refresh and refreshNow may probe at the same time: a concurrent set
            Set<Integer> probed = ConcurrentHashMap.newKeySet();
            refresher.probeWith((target, targets) -> targets.stream().map(t -> {
                probed.add(t.nodeId());
                return new ProbeResult(t.nodeId(), "broker", t.endpoint(), t.nodeId() != 5, 1, null);
            }).toList());
            refresher.refreshNow();
            assertThat(probed).as("no change yet: no probes").isEmpty();
            assertThat(PromptText.prompt(session, refresher, false)).isEqualTo("kshell[sandbox] ok> ");

            session.clusterChanged();
            refresher.afterCommand(); // submits at once on the refresh thread: wait for what it brings
            dev.kshell.testsupport.Await.until("the refresh after the change", java.time.Duration.ofSeconds(20),
                    () -> PromptText.prompt(session, refresher, false), p -> p.equals("kshell[sandbox] !1 leaderless> "));
            assertThat(probed).containsExactlyInAnyOrder(4, 5, 6);
        }
    }

    @Test
    void should_void_the_mark_after_a_mutating_command_but_not_after_a_dry_run_or_a_read() {
        ShellSession session = connected(healthy(Instant.now()));
        session.remember(healthy(Instant.now()));
        CommandLineParser parser = CommandLineParser.forCommands(List.of(
                UxFixtures.stub("sandbox kill-broker", "sandbox kill-broker NODE", true, "!dry-run"),
                UxFixtures.stub("brokers", "brokers", false)));
        CommandLineExecutor executor = new CommandLineExecutor(parser, session);
        Output out = new Output(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false, false, 80, false);

        assertThat(executor.execute("brokers", out, Prompter.NONE, ExecutionMode.INTERACTIVE).code()).isEqualTo(ExitCode.OK);
        assertThat(session.healthKnown()).isTrue();
        executor.execute("sandbox kill-broker --dry-run", out, Prompter.NONE, ExecutionMode.INTERACTIVE);
        assertThat(session.healthKnown()).as("a dry run changes nothing").isTrue();
        executor.execute("sandbox kill-broker", out, Prompter.NONE, ExecutionMode.INTERACTIVE);
        assertThat(session.healthKnown()).isFalse();
        assertThat(PromptText.prompt(session, null, false)).isEqualTo("kshell[sandbox] ?> ");
    }
}
