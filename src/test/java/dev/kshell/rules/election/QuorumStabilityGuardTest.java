package dev.kshell.rules.election;

import dev.kshell.rules.guard.RefusalReason;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.rules.guard.Decision;

import dev.kshell.rules.guard.GuardContext;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.PartitionSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.election.Fixtures.T;
import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.render.ElectionTables;

/** The unclean guard's quorum-stability precondition: refused while the leader keeps changing, dry runs included. */
@Timeout(10)
class QuorumStabilityGuardTest {

    private static final ClusterSnapshot UNCLEAN_ONLY = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
            topic("orders", p("orders", 0, null, List.of(4, 6, 5), List.of(), List.of(4), List.of(4))));
    private static final List<LeaderTerm> FLAPPING = List.of(
            new LeaderTerm(1, 3, "kraft", "describeMetadataQuorum", T, T.plusSeconds(10)),
            new LeaderTerm(2, 4, "kraft", "describeMetadataQuorum", T.plusSeconds(20), T.plusSeconds(30)),
            new LeaderTerm(1, 5, "kraft", "describeMetadataQuorum", T.plusSeconds(40), T.plusSeconds(50)));

    private static UncleanPlan plan(ClusterSnapshot s) {
        return UncleanElectionPlanner.plan(s, List.of(new PartitionSpec("orders", 0)), Map.of(), Map.of(), false);
    }

    @Test
    void should_refuse_an_unclean_election_in_a_dry_run_and_without_a_person_while_the_quorum_is_unstable() {
        QuorumStability unstable = QuorumStability.judge(FLAPPING, T.plusSeconds(60));
        UncleanPlan guarded = ElectionGuard.withQuorumStability(plan(UNCLEAN_ONLY), unstable);
        assertThat(guarded.quorumKind()).isEqualTo(QuorumStability.Kind.UNSTABLE);
        for (GuardContext ctx : List.of(GuardContext.interactive(null, Fixtures.CLUSTER).withDryRun(true),
                GuardContext.interactive(null, Fixtures.CLUSTER).withTerminal(false).withYes(true)
                        .withRunbookAllowsUnclean(true))) {
            Decision d = ElectionGuard.unclean(guarded, ctx);
            assertThat(d.kind()).isEqualTo(Decision.Kind.REFUSE);
            assertThat(d.exitCode()).isEqualTo(ExitCode.REFUSED);
            assertThat(d.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.QUORUM_UNSTABLE);
            assertThat(d.reason()).startsWith("quorum unstable: leader changed 2 times in the last 10 min (epoch 3 -> 5; leaders 1, 2, 1)");
            assertThat(d.alternative()).startsWith("watch quorum;").contains("override unstable quorum");
        }
    }

    @Test
    void should_ask_a_person_at_a_terminal_for_the_override_phrase_before_the_partition_even_with_yes() {
        QuorumStability unstable = QuorumStability.judge(FLAPPING, T.plusSeconds(60));
        UncleanPlan guarded = ElectionGuard.withQuorumStability(plan(UNCLEAN_ONLY), unstable);
        for (GuardContext ctx : List.of(GuardContext.interactive(null, Fixtures.CLUSTER),
                GuardContext.interactive(null, Fixtures.CLUSTER).withYes(true).withRunbookAllowsUnclean(true))) {
            Decision d = ElectionGuard.unclean(guarded, ctx);
            assertThat(d.kind()).isEqualTo(Decision.Kind.PROCEED_AFTER_CONFIRM);
            assertThat(d.override().confirmation().expected()).isEqualTo("override unstable quorum");
            assertThat(d.override().reason()).startsWith("quorum unstable: leader changed 2 times");
            assertThat(d.confirmation().expected()).isEqualTo("orders-0");
        }
    }

    @Test
    void should_let_the_same_plan_through_once_the_leader_has_held_for_the_window() {
        QuorumStability later = QuorumStability.judge(FLAPPING, T.plusSeconds(50).plus(Duration.ofMinutes(15)));
        UncleanPlan plan = plan(UNCLEAN_ONLY);
        UncleanPlan judged = ElectionGuard.withQuorumStability(plan, later);
        assertThat(judged.refusals()).isEqualTo(plan.refusals());
        assertThat(judged.quorumKind()).isEqualTo(QuorumStability.Kind.STABLE);
        assertThat(ElectionGuard.withQuorumStability(plan, null)).isSameAs(plan);
        Decision d = ElectionGuard.unclean(judged, GuardContext.interactive(null, Fixtures.CLUSTER));
        assertThat(d.kind()).isEqualTo(Decision.Kind.PROCEED_AFTER_CONFIRM);
        assertThat(d.override()).isNull();
    }

    @Test
    void should_refuse_when_the_newest_read_found_no_leader() {
        List<LeaderTerm> lost = List.of(
                new LeaderTerm(1, 3, "kraft", "describeMetadataQuorum", T, T.plusSeconds(10)),
                new LeaderTerm(-1, 3, "kraft", "describeMetadataQuorum", T.plusSeconds(20), T.plusSeconds(30)));
        QuorumStability none = QuorumStability.judge(lost, T.plusSeconds(31));
        assertThat(none.kind()).isEqualTo(QuorumStability.Kind.NO_LEADER);
        UncleanPlan guarded = ElectionGuard.withQuorumStability(plan(UNCLEAN_ONLY), none);
        Decision d = ElectionGuard.unclean(guarded, GuardContext.interactive(null, Fixtures.CLUSTER));
        assertThat(d.kind()).isEqualTo(Decision.Kind.REFUSE);
        assertThat(d.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(d.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.QUORUM_NO_LEADER);
    }

    @Test
    void should_state_an_unknown_history_in_the_plan_and_in_the_typed_confirmation() {
        List<LeaderTerm> brief = List.of(new LeaderTerm(1, 3, "kraft", "describeMetadataQuorum", T, T));
        QuorumStability unknown = QuorumStability.judge(brief, T);
        assertThat(unknown.kind()).isEqualTo(QuorumStability.Kind.UNKNOWN);
        UncleanPlan guarded = ElectionGuard.withQuorumStability(plan(UNCLEAN_ONLY), unknown);
        assertThat(guarded.refusals()).isEmpty();
        assertThat(guarded.quorum()).isEqualTo(unknown.sentence());
        assertThat(ElectionTables.uncleanPlan(guarded, 0, false)).contains("Quorum")
                .contains(unknown.sentence());
        Decision d = ElectionGuard.unclean(guarded, GuardContext.interactive(null, Fixtures.CLUSTER));
        assertThat(d.kind()).isEqualTo(Decision.Kind.PROCEED_AFTER_CONFIRM);
        assertThat(d.confirmation().prompt()).contains("Quorum: " + unknown.sentence());
    }

    @Test
    void should_put_no_leader_first_and_partition_refusals_after_the_instability() {
        ClusterSnapshot noLeader = Fixtures.snapshot(Fixtures.quorumWithoutLeader(), Set.of(),
                topic("orders", p("orders", 0, 5, List.of(4, 5), List.of(4, 5), null, null)));
        UncleanPlan guarded = ElectionGuard.withQuorumStability(plan(noLeader),
                QuorumStability.judge(FLAPPING, T.plusSeconds(60)));
        assertThat(guarded.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.QUORUM_NO_LEADER,
                RefusalReason.QUORUM_UNSTABLE, RefusalReason.PARTITION_HAS_LEADER);
    }
}
