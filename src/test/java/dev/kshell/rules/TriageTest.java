package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import org.assertj.core.groups.Tuple;

@Timeout(30)
class TriageTest {

    @Test
    void should_say_healthy_with_six_ok_steps_and_exit_0() {
        TriageReport r = Triage.run(Snapshots.healthy(), null);

        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.steps()).extracting(TriageStep::number).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(r.steps()).extracting(TriageStep::status).containsOnly(StepStatus.OK);
        assertThat(r.steps()).extracting(TriageStep::next).containsOnlyNulls();
        assertThat(r.nextCommand()).isNull();
        assertThat(r.verdictLine()).isEqualTo("HEALTHY");
        assertThat(r.step(1).summary()).isEqualTo("leader 1, epoch 5, 3 of 3 voters caught up");
        assertThat(r.step(2).summary()).isEqualTo("3 registered: 4, 5, 6 live");
    }

    @Test
    void should_say_unavailable_for_the_seed_incident_with_recovery_advice() {
        TriageReport r = Triage.run(Snapshots.seedIncident(), null);

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.step(1).status()).isEqualTo(StepStatus.OK);
        assertThat(r.step(2).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.step(2).summary()).isEqualTo("3 registered: 4 live, 5, 6 fenced");
        assertThat(r.step(2).action()).isEqualTo("restart broker 5 and 6 (fenced); if gone for good: `reassign evacuate 5 6 --dry-run` (moves its replicas to live brokers: bytes copied at the throttle, the replication factor kept)");
        assertThat(r.step(3).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(3).summary())
                .isEqualTo("3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1)");
        assertThat(r.step(3).findings().get(0).message()).isEqualTo(
                "2 of 6 partitions leaderless: __consumer_offsets-1, __consumer_offsets-4; groups or transactions "
                        + "coordinated there cannot commit or rebalance");
        assertThat(r.step(3).next()).isEqualTo("leaderless");
        assertThat(r.step(4).summary()).isEqualTo("3 no-live-replica");
        assertThat(r.step(4).findings()).extracting(Finding::where, Finding::message, Finding::fix).containsExactly(
                Tuple.tuple("topic __consumer_offsets",
                        "no-live-replica: __consumer_offsets-1, __consumer_offsets-4",
                        "no replica alive: start broker 6 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 6` says before the start; safer: `reassign evacuate 6` first)"),
                Tuple.tuple("topic rf1", "no-live-replica: rf1-0",
                        "no replica alive: start broker 5 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 5` says before the start; safer: `reassign evacuate 5` first)"));
        assertThat(r.step(4).action()).isEqualTo("start broker 5 and 6 on their own disks; on new, empty disks the records of 3 partitions are gone and Kafka may make them lead EMPTY with no warning: `brokers new-disk N` says before the start, and the safer order is `reassign evacuate` first, then the start; if a broker will not come back: "
                + "`reassign evacuate 5 6 --dry-run` (its other replicas are copied to live brokers at the throttle; "
                + "a partition with no other copy restarts empty)");
        assertThat(r.step(4).next()).isEqualTo("watch leaderless");
        assertThat(r.step(5).summary()).isEqualTo("3 under min ISR, 6 under-replicated, +3 leaderless (step 3)");
        assertThat(r.step(5).findings()).extracting(Finding::rule, Finding::where).containsExactly(
                Tuple.tuple("under-min-isr", "topic orders"),
                Tuple.tuple("under-replicated", "topic __consumer_offsets"),
                Tuple.tuple("under-replicated", "topic payments"));
        assertThat(r.step(5).next()).isEqualTo("under-min-isr --topic orders");
        assertThat(r.step(5).action()).isEqualTo("start broker 5 and 6 to restore the ISR");
        assertThat(r.step(6).findings()).extracting(Finding::rule)
                .containsExactly("internal-rf-low", "rf1");
        assertThat(r.nextCommand()).as("the most severe step leads").isEqualTo("leaderless");
        assertThat(r.verdictLine())
                .isEqualTo("UNAVAILABLE: 3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1); "
                        + "1 config risk");
    }

    @Test
    void should_say_degraded_when_under_min_isr_but_nothing_leaderless() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(5, 6)
                .topic("orders").minIsr(2).partition(0).replicas(4, 5, 6).leader(4).isr(4).elr(5)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.step(3).status()).isEqualTo(StepStatus.OK);
        assertThat(r.step(4).summary()).isEqualTo("no leaderless partitions: nothing to recover");
        assertThat(r.step(5).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.verdictLine()).isEqualTo("DEGRADED: 1 under min ISR, 0 under-replicated");
        assertThat(r.step(5).findings().get(0).message()).isEqualTo("1 partition under min ISR (ISR < "
                + "min.insync.replicas 2): acks=all producers fail with NOT_ENOUGH_REPLICAS: orders-0");
    }

    @Test
    void should_say_degraded_for_under_replicated_only_and_note_at_min_isr() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("orders").minIsr(2).partition(0).replicas(4, 5, 6).isr(4, 5)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(r.step(5).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.step(5).findings()).singleElement().extracting(Finding::message).isEqualTo(
                "1 partition under-replicated (1 at min ISR: one more replica loss blocks acks=all writes): orders-0");
        assertThat(r.step(5).action()).isEqualTo("live replicas are out of sync: check broker 6 (replica fetcher, "
                + "disk, network)");
        assertThat(r.step(5).next()).isEqualTo("under-replicated --topic orders");
    }

    @Test
    void should_say_unavailable_when_the_quorum_has_no_leader() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .quorum(new QuorumState(-1, 9, -1, List.of(
                        new QuorumReplica(1, -1, null, null, null),
                        new QuorumReplica(2, 900, null, 40_000L, 40_000L),
                        new QuorumReplica(3, 1000, null, null, null)), List.of()))
                .topic("orders").spread(3, 3)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(1).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(1).summary()).isEqualTo("no quorum leader (voters 1, 2, 3)");
        assertThat(r.step(1).findings()).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(f.fix()).isEqualTo("start controllers until a majority (2 of 3 voters) is up, then `quorum`");
        });
        assertThat(r.step(1).next()).isEqualTo("quorum");
        assertThat(r.nextCommand()).isEqualTo("quorum");
        assertThat(r.verdictLine()).isEqualTo("UNAVAILABLE: no quorum leader (voters 1, 2, 3)");
        // Later steps still run: broker-served state can be judged (it may be stale).
        assertThat(r.step(3).status()).isEqualTo(StepStatus.OK);
    }

    @Test
    void should_skip_partition_steps_when_no_broker_is_known() {
        ClusterSnapshot s = cluster().build(); // no brokers, no topics (all brokers down, asked via controllers)

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(2).findings()).extracting(Finding::rule).containsExactly("no-brokers");
        assertThat(r.steps().subList(2, 6)).extracting(TriageStep::status).containsOnly(StepStatus.SKIPPED);
        assertThat(r.step(3).summary()).startsWith("no broker is known");
        assertThat(r.step(6).summary()).isEqualTo("no topic loaded: config risks cannot be judged");
    }

    @Test
    void should_judge_all_partitions_leaderless_when_every_broker_is_fenced() {
        ClusterSnapshot s = cluster().brokers(4, 5).fenced(4, 5)
                .topic("t").partition(0).replicas(4, 5).noLeader().isr().elr(4)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(2).findings()).extracting(Finding::rule)
                .containsExactly("no-live-brokers", "broker-fenced", "broker-fenced");
        assertThat(r.step(4).summary()).isEqualTo("1 no-live-replica");
        assertThat(r.step(4).findings().get(0).fix()).isEqualTo("no replica alive: start broker 4 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 4` says before the start; safer: `reassign evacuate 4` first)");
    }

    @Test
    void should_point_to_elect_unclean_plan_when_only_out_of_sync_replicas_are_alive() {
        ClusterSnapshot s = cluster().brokers(4, 5).fenced(4)
                .topic("t").partition(0).replicas(4, 5).noLeader().isr().elr(4).lastKnownElr(4)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.step(4).summary()).isEqualTo("1 unclean-only");
        assertThat(r.step(4).next()).isEqualTo("elect unclean t-0 --dry-run");
        assertThat(r.step(4).findings()).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(f.fix()).contains("`elect unclean t-0` is the last resort, see its plan");
        });
    }

    @Test
    void should_point_to_preferred_election_when_a_live_isr_replica_can_lead() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(5)
                .topic("t").partition(0).replicas(4, 5, 6).leader(5).isr(5, 4, 6)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.step(4).summary()).isEqualTo("1 clean-possible");
        assertThat(r.step(4).next()).isEqualTo("elect preferred --topic t");
        assertThat(r.step(4).findings().get(0).fix()).isEqualTo(
                "wait: the controller will elect a live ELR/ISR replica; if it stays leaderless: "
                        + "`elect preferred --topic t`");
    }

    @Test
    void should_report_missing_brokers_that_host_replicas() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).unregistered(6)
                .topic("t").partition(0).replicas(4, 5, 6).isr(4, 5).partition(1).replicas(6, 4).leader(4).isr(4)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.step(2).summary()).isEqualTo("2 registered: 4, 5 live; missing: 6");
        assertThat(r.step(2).findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("broker-missing");
            assertThat(f.message()).isEqualTo("broker 6 is not registered but hosts 2 replicas");
            assertThat(f.fix()).isEqualTo("start broker 6");
        });
        assertThat(r.step(2).action()).isEqualTo("start broker 6 (not registered)");
        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
    }

    @Test
    void should_flag_epoch_climbing_between_snapshots() {
        ClusterSnapshot before = cluster().brokers(4).quorum(1, 5).takenAt(Instant.parse("2026-01-01T00:00:00Z"))
                .build();
        ClusterSnapshot after = cluster().brokers(4).quorum(2, 9).takenAt(Instant.parse("2026-01-01T00:00:30Z"))
                .build();
        ClusterSnapshot once = cluster().brokers(4).quorum(2, 6).takenAt(Instant.parse("2026-01-01T00:00:30Z"))
                .build();

        TriageReport climbing = Triage.run(after, before);
        TriageReport changedOnce = Triage.run(once, before);

        assertThat(climbing.step(1).findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("quorum-epoch-climbing");
            assertThat(f.message()).startsWith("leader epoch climbed 5 -> 9 (4 elections) in 30 s");
        });
        assertThat(climbing.step(1).next()).isEqualTo("watch quorum");
        assertThat(climbing.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(changedOnce.step(1).findings()).extracting(Finding::rule, Finding::severity)
                .containsExactly(Tuple.tuple("quorum-leader-changed", Severity.INFO));
        assertThat(changedOnce.verdict()).isEqualTo(Verdict.HEALTHY);
    }

    @Test
    void should_not_compare_epochs_of_different_clusters() {
        ClusterSnapshot before = cluster().clusterId("a").brokers(4).quorum(1, 5).build();
        ClusterSnapshot after = cluster().clusterId("b").brokers(4).quorum(1, 50).build();

        assertThat(Triage.run(after, before).step(1).findings()).extracting(Finding::rule)
                .containsExactly("quorum-epoch-not-compared");
    }

    @Test
    void should_say_degraded_not_healthy_when_the_quorum_cannot_be_read() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).noQuorum("TimeoutException: timed out after 10 s")
                .topic("t").spread(3, 3).build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(r.step(1).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(1).summary()).isEqualTo("quorum unknown");
        assertThat(r.step(1).findings().get(0).message()).contains("TimeoutException")
                .contains("may be stale");
    }

    @Test
    void should_warn_when_min_isr_cannot_be_judged() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("t").noConfig().spread(3, 3).build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.step(5).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.step(5).summary()).isEqualTo("0 under min ISR, 0 under-replicated, min.isr unknown for 1 topic");
        assertThat(r.step(6).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY); // nothing is known to be wrong; the steps say "unknown"
    }

    @Test
    void should_flag_config_risks() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(2, Snapshots.BROKER).spread(3, 2)
                .topic("a").minIsr(4).unclean(true, Snapshots.TOPIC).spread(2, 3)
                .topic("b").minIsr(3).unclean(true, Snapshots.CLUSTER_DEFAULT).spread(2, 3)
                .topic("c").minIsr(2).unclean(true, Snapshots.CLUSTER_DEFAULT).spread(2, 3)
                .topic("d").spread(2, 1)
                .build();

        TriageReport r = Triage.run(s, null);

        assertThat(r.step(6).findings()).extracting(Finding::severity, Finding::rule, Finding::where).containsExactly(
                Tuple.tuple(Severity.WARNING, "min-isr-equals-rf", "topic __consumer_offsets"),
                Tuple.tuple(Severity.WARNING, "internal-rf-low", "topic __consumer_offsets"),
                Tuple.tuple(Severity.WARNING, "unclean-enabled", "topic a"),
                Tuple.tuple(Severity.ERROR, "min-isr-above-rf", "topic a"),
                Tuple.tuple(Severity.WARNING, "min-isr-equals-rf", "topic b"),
                Tuple.tuple(Severity.WARNING, "unclean-enabled",
                        "source DYNAMIC_DEFAULT_BROKER_CONFIG"),
                Tuple.tuple(Severity.INFO, "rf1", "topics"));
        assertThat(r.step(6).findings().get(5).message()).startsWith(
                "unclean.leader.election.enable=true from DYNAMIC_DEFAULT_BROKER_CONFIG, inherited by 2 topics (b, c)");
        assertThat(r.step(6).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(6).next()).isEqualTo("audit");
        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
    }

    @Test
    void should_treat_unknown_voter_offsets_after_failover_as_unknown_not_as_numbers() {
        // docs/kafka-behaviour.md: right after a leader change the high watermark is -1, the dead ex-leader shows log end offset -1
        // and empty timestamps; lags computed from those are negative.
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .quorum(new QuorumState(2, 8, -1, List.of(
                        new QuorumReplica(1, -1, -1001L, null, null),
                        new QuorumReplica(2, 1000, 0L, 0L, 0L),
                        new QuorumReplica(3, 1000, -3L, -20L, -20L)), List.of()))
                .build();

        List<Finding> fs = QuorumHealth.check(s, null);

        assertThat(fs).extracting(Finding::rule, Finding::where).containsExactly(
                Tuple.tuple("quorum-voter-not-fetching", "voter 1"),
                Tuple.tuple("quorum-no-fault-tolerance", "quorum"),
                Tuple.tuple("quorum-hw-unknown", "quorum"));
        assertThat(fs).extracting(Finding::message).noneMatch(m -> m.contains("-1001") || m.contains("-20"));
        assertThat(QuorumHealth.summary(s.quorum(), fs)).isEqualTo("leader 2, epoch 8, 2 of 3 voters caught up");
    }

    @Test
    void should_flag_stale_and_lagging_voters_and_lost_majority() {
        ClusterSnapshot s = cluster().brokers(4)
                .quorum(new QuorumState(1, 3, 50_000, List.of(
                        new QuorumReplica(1, 50_000, 0L, 0L, 0L),
                        new QuorumReplica(2, 40_000, null, 200L, 30_000L),
                        new QuorumReplica(3, 49_000, 1_000L, 12_000L, 12_000L)), List.of()))
                .build();

        List<Finding> fs = QuorumHealth.check(s, null);

        assertThat(fs).extracting(Finding::rule, Finding::message).containsExactly(
                Tuple.tuple("quorum-voter-lagging",
                        "voter 2 is lagging (10000 records behind, last caught up 30 s ago)"),
                Tuple.tuple("quorum-voter-stale",
                        "voter 3 last fetched 12 s ago: down or cut off from leader 1"),
                Tuple.tuple("quorum-majority-lost",
                        "only 1 of 3 voters are fetching: the leader cannot commit metadata and will resign"));
    }

    @Test
    void should_say_a_quorum_the_user_may_not_read_as_unknown_not_as_controllers_down() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).noQuorum("not authorized to DESCRIBE cluster: "
                + "describeMetadataQuorum on b:9092 was denied (Cluster authorization failed.)").build();

        List<Finding> fs = QuorumHealth.check(s, null);

        assertThat(fs).extracting(Finding::rule).containsExactly("quorum-unreadable");
        assertThat(fs.get(0).message()).isEqualTo("the metadata quorum could not be read (not authorized to DESCRIBE "
                + "cluster: describeMetadataQuorum on b:9092 was denied (Cluster authorization failed.)): this "
                + "connection's user may not see it, so the quorum's health is unknown");
        assertThat(fs.get(0).fix()).contains("--operation Describe --cluster").doesNotContain("bootstrap-controller");
        assertThat(Triage.run(s, null).verdict()).isEqualTo(Verdict.DEGRADED);
    }
}
