package dev.kshell.rules.replication;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.rules.Snapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class ReplicationCausesTest {

    private static final PartitionSpec T0 = new PartitionSpec("t", 0);

    private static List<PartitionState> partitions(ClusterSnapshot s) {
        return s.topics().stream().flatMap(t -> t.partitions().stream()).toList();
    }

    private static LogDirState dir(int broker, String path, Map<PartitionSpec, Long> sizes) {
        Map<PartitionSpec, LogDirState.Replica> replicas = new java.util.HashMap<>();
        sizes.forEach((p, s) -> replicas.put(p, new LogDirState.Replica(s, 0, false)));
        return new LogDirState(broker, path, null, 1_000_000_000L, 500_000_000L, false, replicas);
    }

    private static LogDirsRead read(LogDirState... dirs) {
        Map<Integer, List<LogDirState>> byBroker = new java.util.TreeMap<>();
        for (LogDirState d : dirs) {
            byBroker.computeIfAbsent(d.broker(), k -> new java.util.ArrayList<>()).add(d);
        }
        return new LogDirsRead(0, byBroker, Map.of());
    }

    private static ReplicationEvidence evidence(Map<PartitionSpec, ReplicationEvidence.Move> moves,
                                                Map<Integer, Map<String, String>> rates,
                                                Map<String, Map<String, String>> lists, LogDirsRead dirs,
                                                Map<ReplicaRef, Long> since) {
        return new ReplicationEvidence(moves, rates, lists, dirs, since, List.of());
    }

    private static CauseReport.Group only(CauseReport report) {
        assertThat(report.groups()).hasSize(1);
        return report.groups().get(0);
    }

    @Test
    void should_name_the_fenced_broker_as_the_cause_and_start_it_in_the_sandbox() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5).fenced(6)
                .topic("t").partition(0).replicas(4, 5, 6).leader(4).isr(4, 5)
                .partition(1).replicas(6, 4, 5).leader(4).isr(4, 5).build();

        CauseReport outside = ReplicationCauses.judge(s, partitions(s), ReplicationEvidence.none(), false);
        CauseReport sandbox = ReplicationCauses.judge(s, partitions(s), ReplicationEvidence.none(), true);

        CauseReport.Group g = only(outside);
        assertThat(g.cause()).isEqualTo(Cause.BROKER_DOWN);
        assertThat(g.broker()).isEqualTo(6);
        assertThat(g.partitions()).isEqualTo(2);
        assertThat(g.headline()).isEqualTo("broker 6 is down or fenced");
        assertThat(g.next()).isEqualTo("brokers");
        assertThat(g.action()).contains("start broker 6").contains("reassign evacuate 6");
        assertThat(only(sandbox).next()).isEqualTo("sandbox start-broker 6");
    }

    @Test
    void should_name_a_broker_that_is_not_registered() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5)
                .topic("t").partition(0).replicas(4, 5, 7).leader(4).isr(4, 5).build();

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s), ReplicationEvidence.none(), false));

        assertThat(g.cause()).isEqualTo(Cause.BROKER_NOT_REGISTERED);
        assertThat(g.broker()).isEqualTo(7);
        assertThat(g.next()).isEqualTo("reassign evacuate 7 --dry-run");
    }

    @Test
    void should_give_a_reassignment_adding_the_replica_not_a_lagging_follower_with_bytes_left_and_the_throttle() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5, 6)
                .topic("t").partition(0).replicas(4, 6, 5).leader(4).isr(4, 6).build();
        LogDirsRead dirs = read(dir(4, "/d", Map.of(T0, 20_000_000L)), dir(5, "/d", Map.of(T0, 1_000_000L)),
                dir(6, "/d", Map.of(T0, 20_000_000L)));
        ReplicationEvidence ev = evidence(Map.of(T0, new ReplicationEvidence.Move(List.of(4, 6, 5), List.of(5), List.of())),
                Map.of(5, Map.of(ReplicationEvidence.FOLLOWER_RATE, "10000"), 4, Map.of(ReplicationEvidence.LEADER_RATE, "10000")),
                Map.of("t", Map.of(ReplicationEvidence.FOLLOWER_REPLICAS, "0:5")), dirs, Map.of());

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s), ev, false));

        assertThat(g.cause()).isEqualTo(Cause.REASSIGNMENT);
        assertThat(g.broker()).isEqualTo(5);
        assertThat(g.replicas().get(0).detail()).isEqualTo("copied 1.0 MB of 20 MB, 19 MB left");
        assertThat(g.replicas().get(0).bytesBehind()).isEqualTo(19_000_000L);
        assertThat(g.evidence().get(0)).startsWith("throttled: follower rate 10 kB/s on broker 5, leader rate 10 kB/s on broker 4");
        assertThat(g.next()).isEqualTo("watch reassignments");
    }

    @Test
    void should_put_a_replica_missing_from_a_live_broker_with_an_offline_directory_on_that_directory() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5, 6)
                .topic("t").partition(0).replicas(4, 5, 6).leader(4).isr(4, 6).build();
        LogDirState offline = new LogDirState(5, "/d2", "KafkaStorage", null, null, false, Map.of());
        LogDirsRead dirs = read(dir(4, "/d1", Map.of(T0, 10L)), dir(5, "/d1", Map.of()), offline,
                dir(6, "/d1", Map.of(T0, 10L)));

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s),
                evidence(Map.of(), Map.of(), Map.of(), dirs, Map.of()), false));

        assertThat(g.cause()).isEqualTo(Cause.OFFLINE_LOG_DIR);
        assertThat(g.logDir()).isEqualTo("/d2");
        assertThat(g.headline()).isEqualTo("log directory /d2 of broker 5 is offline");
        assertThat(g.evidence().get(0)).contains("/d2: KafkaStorage");
        assertThat(g.next()).isEqualTo("logdirs --broker 5");
    }

    @Test
    void should_call_a_throttle_with_no_reassignment_behind_it_left_behind() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5)
                .topic("t").partition(0).replicas(4, 5).leader(4).isr(4).build();
        LogDirsRead dirs = read(dir(4, "/d", Map.of(T0, 5000L)), dir(5, "/d", Map.of(T0, 3000L)));
        ReplicationEvidence ev = evidence(Map.of(), Map.of(5, Map.of(ReplicationEvidence.FOLLOWER_RATE, "1000")),
                Map.of("t", Map.of(ReplicationEvidence.FOLLOWER_REPLICAS, "*")), dirs, Map.of());

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s), ev, false));

        assertThat(g.cause()).isEqualTo(Cause.LEFTOVER_THROTTLE);
        assertThat(g.action()).contains("reassign cancel --all");
        assertThat(g.replicas().get(0).bytesBehind()).isEqualTo(2000L);
    }

    @Test
    void should_measure_a_lagging_follower_in_bytes_and_say_since_when_the_session_saw_it() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5)
                .topic("t").partition(0).replicas(4, 5).leader(4).isr(4).build();
        LogDirsRead dirs = read(dir(4, "/d", Map.of(T0, 5000L)), dir(5, "/d", Map.of(T0, 3000L)));
        long since = java.time.Instant.parse("2026-12-02T08:01:02Z").toEpochMilli();

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s),
                evidence(Map.of(), Map.of(), Map.of(), dirs, Map.of(new ReplicaRef(T0, 5), since)), false));

        assertThat(g.cause()).isEqualTo(Cause.FOLLOWER_BEHIND);
        assertThat(g.replicas().get(0).detail()).isEqualTo("2.0 kB behind the leader (broker 4); out of the ISR since "
                + "08:01:02 UTC (first seen by this session)");
        assertThat(g.replicas().get(0).sinceMs()).isEqualTo(since);
    }

    @Test
    void should_say_unknown_when_nothing_explains_a_live_replica() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5)
                .topic("t").partition(0).replicas(4, 5).leader(4).isr(4).build();

        CauseReport.Group g = only(ReplicationCauses.judge(s, partitions(s), ReplicationEvidence.none(), false));

        assertThat(g.cause()).isEqualTo(Cause.UNKNOWN);
        assertThat(g.replicas().get(0).detail()).isEqualTo("its log directories were not read");
        assertThat(g.next()).isEqualTo("logdirs --broker 5");
    }

    @Test
    void should_judge_nothing_when_every_replica_is_in_sync() {
        ClusterSnapshot s = Snapshots.healthy();

        assertThat(ReplicationCauses.judge(s, partitions(s), ReplicationEvidence.none(), false).groups()).isEmpty();
    }
}
