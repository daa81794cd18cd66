package dev.kshell.rules;

import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.memory.QuorumHistory;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.QuorumState;
import dev.kshell.model.ZooKeeperState;

@Timeout(10)
class QuorumStabilityTest {

    static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    static LeaderTerm term(int leader, long epoch, long firstSecond, long lastSecond) {
        return new LeaderTerm(leader, epoch, QuorumObservation.KRAFT, QuorumObservation.DESCRIBE_METADATA_QUORUM,
                T0.plusSeconds(firstSecond), T0.plusSeconds(lastSecond));
    }

    /** Three pauses of the active controller, a few seconds apart, each seen by a read. */
    static final List<LeaderTerm> FLAPPING = List.of(term(1, 3, 0, 30), term(2, 5, 40, 60), term(1, 6, 70, 90),
            term(3, 7, 100, 120));

    @Test
    void should_count_elections_by_epoch_and_name_the_leaders_in_the_seed_wording() {
        QuorumStability s = QuorumStability.judge(FLAPPING, T0.plusSeconds(130));
        assertThat(s.stable()).isFalse();
        assertThat(s.changes()).as("epoch 3 -> 7 is four elections though kshell saw three changes").isEqualTo(4);
        assertThat(s.leaders()).containsExactly(1, 2, 1, 3);
        assertThat(s.sentence()).isEqualTo(
                "quorum unstable: leader changed 4 times in the last 10 min (epoch 3 -> 7; leaders 1, 2, 1, 3); "
                        + "leader 3 has held 30 s as far as kshell watched");
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.UNSTABLE);
        assertThat(s.leaderHeldFor()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.finding().severity()).isEqualTo(Severity.ERROR);
        assertThat(s.finding().rule()).isEqualTo("quorum-unstable");
        assertThat(s.finding().fix()).contains("GC pauses").contains("network").contains("disk")
                .contains("do not touch unclean election now");
        assertThat(s.lastChangeAt()).isEqualTo(T0.plusSeconds(100));
    }

    @Test
    void should_forgive_the_same_history_once_the_window_has_passed() {
        QuorumStability later = QuorumStability.judge(FLAPPING, T0.plusSeconds(120).plus(Duration.ofMinutes(15)));
        assertThat(later.stable()).isTrue();
        assertThat(later.changes()).isZero();
        assertThat(later.finding()).isNull();
        assertThat(later.sentence()).isEqualTo("stable: leader 3 (epoch 7) unchanged since kshell first saw it 15 min ago");
    }

    @Test
    void should_call_a_single_recent_election_of_unknown_cause_a_failover_shown_as_information() {
        QuorumStability s = QuorumStability.judge(List.of(term(1, 3, 0, 30), term(2, 4, 35, 40)), T0.plusSeconds(60));
        assertThat(s.stable()).isTrue();
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.FAILOVER);
        assertThat(s.leaderChanges()).singleElement().satisfies(c -> {
            assertThat(c.from()).isEqualTo(1);
            assertThat(c.to()).isEqualTo(2);
            assertThat(c.at()).isEqualTo(T0.plusSeconds(35));
            assertThat(c.cause()).isEqualTo(QuorumStability.Cause.UNKNOWN);
        });
        assertThat(s.sentence()).isEqualTo("one failover 25 s ago (leader 1 -> 2, epoch 3 -> 4; why unknown: kshell did "
                + "not see leader 1 at the time); leader 2 has held 25 s as far as kshell watched");
        assertThat(s.finding().severity()).isEqualTo(Severity.INFO);
        assertThat(s.finding().rule()).isEqualTo("quorum-failover");
    }

    @Test
    void should_not_place_a_change_kshell_was_not_looking_at() {
        // yesterday epoch 3; now epoch 7: four elections, but when? Not "in the last 10 minutes" for all kshell knows.
        List<LeaderTerm> terms = List.of(term(1, 3, 0, 10), term(3, 7, 86_000, 86_000));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(86_010));
        assertThat(s.stable()).isTrue();
        assertThat(s.sentence()).contains("leader 3 (epoch 7) unchanged since kshell first saw it 10 s ago")
                .contains("before that kshell last looked 23 h 53 min ago (leader 1, epoch 3): when it changed is unknown");
    }

    @Test
    void should_never_read_no_history_as_stable() {
        QuorumStability s = QuorumStability.judge(List.of(term(2, 9, 0, 0)), T0.plusSeconds(2));
        assertThat(s.stable()).isFalse();
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.UNKNOWN);
        assertThat(s.sentence()).isEqualTo("quorum stability unknown: leader 2 (epoch 9) (watched 2 s, no earlier history)");
        assertThat(QuorumStability.judge(List.of(), T0).sentence()).isEqualTo("no quorum read remembered: stability unknown");
        assertThat(QuorumStability.judge(List.of(), T0).kind()).isEqualTo(QuorumStability.Kind.UNKNOWN);
        QuorumStability watched = QuorumStability.judge(List.of(term(2, 9, 0, 5)), T0.plusSeconds(5));
        assertThat(watched.kind()).isEqualTo(QuorumStability.Kind.STABLE);
        assertThat(watched.sentence()).isEqualTo("stable: leader 2 (epoch 9) unchanged while watched (watched 5 s, no "
                + "earlier history)");
        assertThat(watched.watchedFor()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void should_count_controller_changes_without_epochs_one_each_and_skip_leaderless_reads() {
        List<LeaderTerm> zk = List.of(
                new LeaderTerm(4, -1, "zookeeper", "describeCluster", T0, T0.plusSeconds(5)),
                new LeaderTerm(-1, -1, "zookeeper", "describeCluster", T0.plusSeconds(8), T0.plusSeconds(8)),
                new LeaderTerm(5, -1, "zookeeper", "describeCluster", T0.plusSeconds(10), T0.plusSeconds(20)),
                new LeaderTerm(4, -1, "zookeeper", "describeCluster", T0.plusSeconds(30), T0.plusSeconds(40)));
        QuorumStability s = QuorumStability.judge(zk, T0.plusSeconds(45));
        assertThat(s.changes()).isEqualTo(2);
        assertThat(s.leaders()).containsExactly(4, 5, 4);
        assertThat(s.sentence()).isEqualTo("controller unstable: controller changed 2 times in the last 10 min "
                + "(controllers 4, 5, 4); controller 4 has held 15 s as far as kshell watched");
        assertThat(s.finding().fix()).contains("ZooKeeper session expiries").doesNotContain("metadata.log.dir");
    }

    @Test
    void should_count_only_the_changes_inside_the_window() {
        // one change 20 min ago, one 2 min ago
        List<LeaderTerm> terms = List.of(term(1, 3, 0, 60), term(2, 4, 70, 1_070), term(3, 5, 1_080, 1_190));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(1_200));
        assertThat(s.changes()).isEqualTo(1);
        assertThat(s.sentence()).contains("leader 2 -> 3, epoch 4 -> 5");
    }

    @Test
    void should_record_a_zookeeper_controller_read_with_its_epoch_and_source() {
        QuorumState zk = QuorumState.zooKeeperController(5, 12,
                new ZooKeeperState("zk:2181", 5, 12L, null, List.of(4, 5, 6), List.of(), null));
        QuorumObservation o = QuorumObservation.of(zk, T0);
        assertThat(o).isEqualTo(new QuorumObservation(5, 12, "zookeeper", "zookeeper /controller", T0));
        assertThat(QuorumObservation.of(QuorumState.zooKeeperController(5, -1, null), T0).source())
                .isEqualTo("describeCluster");
        // the same controller read once with --zookeeper (epoch 12) and once without (-1) is no election
        List<LeaderTerm> terms = List.of(LeaderTerm.first(o),
                LeaderTerm.first(new QuorumObservation(5, -1, "zookeeper", "describeCluster", T0.plusSeconds(5))));
        assertThat(QuorumStability.judge(terms, T0.plusSeconds(10)).stable()).isTrue();
    }

    /** ZooKeeper mode (the seed's own mode): the controller step carries the history's judgement too. */
    @Test
    void should_put_a_zookeeper_mode_controller_failover_into_the_controller_step_as_information() {
        List<LeaderTerm> terms = List.of(
                new LeaderTerm(5, 1, "zookeeper", "zookeeper /controller", T0, T0.plusSeconds(5)),
                new LeaderTerm(6, 2, "zookeeper", "zookeeper /controller", T0.plusSeconds(20), T0.plusSeconds(30)));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(40));
        ClusterSnapshot zk = new ClusterSnapshot("zk-cluster", T0.plusSeconds(40),
                List.of(new BrokerState(4, "h", 9092, null, false),
                        new BrokerState(5, "h", 9093, null, false),
                        new BrokerState(6, "h", 9094, null, false)),
                QuorumState.zooKeeperController(6, 2, new ZooKeeperState("zk:2181",
                        6, 2L, null, List.of(4, 5, 6), List.of(), null)), null, List.of());
        assertThat(QuorumHealth.check(zk, null, s)).extracting(Finding::rule)
                .contains("quorum-failover").doesNotContain("quorum-unstable");
        assertThat(s.sentence()).isEqualTo("one failover 20 s ago (controller 5 -> 6, epoch 1 -> 2; why unknown: kshell "
                + "did not see controller 5 at the time); controller 6 has held 20 s as far as kshell watched");
    }

    static LeaderTerm probed(int leader, long epoch, long firstSecond, long lastSecond, List<Integer> answering,
                             List<Integer> silent, Long leaderSilentSecond) {
        return new LeaderTerm(leader, epoch, QuorumObservation.KRAFT, QuorumObservation.DESCRIBE_METADATA_QUORUM,
                T0.plusSeconds(firstSecond), T0.plusSeconds(lastSecond), answering, silent,
                leaderSilentSecond == null ? null : T0.plusSeconds(leaderSilentSecond));
    }

    @Test
    void should_call_a_change_whose_old_leader_had_stopped_answering_a_failover_counted_once() {
        // kill -9 of leader 1: kshell saw it silent while still named, then leader 2 two epochs later
        List<LeaderTerm> terms = List.of(probed(1, 3, 0, 10, List.of(1, 2, 3), List.of(), null),
                probed(1, 3, 11, 12, List.of(2, 3), List.of(1), 12L), probed(2, 5, 15, 15, List.of(2, 3), List.of(1), null));
        QuorumStability s = QuorumStability.judge(QuorumHistory.merge(List.of(), terms), T0.plusSeconds(16));
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.FAILOVER);
        assertThat(s.changes()).isEqualTo(1);
        assertThat(s.leaderChanges().get(0).cause()).isEqualTo(QuorumStability.Cause.OLD_LEADER_GONE);
        assertThat(s.sentence()).startsWith("one failover 1 s ago (leader 1 -> 2, epoch 3 -> 5; leader 1 had stopped "
                + "answering)");
    }

    @Test
    void should_call_a_change_whose_old_leader_still_answered_unstable() {
        List<LeaderTerm> terms = List.of(probed(1, 3, 0, 10, List.of(1, 2, 3), List.of(), null),
                probed(2, 4, 14, 14, List.of(1, 2, 3), List.of(), null));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(20));
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.UNSTABLE);
        assertThat(s.leaderChanges().get(0).cause()).isEqualTo(QuorumStability.Cause.OLD_LEADER_STAYED_UP);
        assertThat(s.sentence()).contains("leader 1 still answered after losing leadership");
        assertThat(s.finding().severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void should_say_no_leader_when_the_newest_leader_does_not_answer() {
        List<LeaderTerm> terms = List.of(probed(1, 3, 0, 10, List.of(2, 3), List.of(1), 10L));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(10));
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.NO_LEADER);
        assertThat(s.stable()).isFalse();
        assertThat(s.sentence()).isEqualTo("active controller 1 does not answer");
        assertThat(s.finding()).isNull();
    }

    @Test
    void should_keep_three_freezes_unstable_even_when_each_old_leader_was_silent() {
        List<LeaderTerm> terms = List.of(probed(1, 3, 0, 10, null, null, 10L), probed(2, 4, 20, 30, null, null, 30L),
                probed(3, 5, 40, 50, null, null, 50L), probed(1, 6, 60, 70, List.of(1, 2, 3), List.of(), null));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(70));
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.UNSTABLE);
        assertThat(s.changes()).isEqualTo(3);
        assertThat(s.finding().severity()).isEqualTo(Severity.ERROR);
    }
}
