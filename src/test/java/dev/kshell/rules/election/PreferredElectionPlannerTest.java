package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static dev.kshell.rules.election.PreferredPlan.Verdict.CANNOT;
import static dev.kshell.rules.election.PreferredPlan.Verdict.NOT_NEEDED;
import static dev.kshell.rules.election.PreferredPlan.Verdict.WILL_ELECT;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class PreferredElectionPlannerTest {

    /** Broker 6 is dead. */
    private static final ClusterSnapshot SNAPSHOT = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(6),
            topic("orders",
                    p("orders", 0, 4, List.of(4, 5, 6), List.of(4, 5), null, null),          // preferred leads
                    p("orders", 1, 4, List.of(5, 4, 6), List.of(4, 5), null, null),          // will elect 5
                    p("orders", 2, 4, List.of(6, 4, 5), List.of(4, 5), null, null),          // preferred dead
                    p("orders", 3, 4, List.of(5, 4, 6), List.of(4), null, null),             // 5 not in ISR
                    p("orders", 4, null, List.of(5, 4), List.of(5), null, null)),            // leaderless, 5 in ISR
            topic("payments",
                    p("payments", 0, 5, List.of(4, 5), List.of(4, 5), null, null)));

    @Test
    void should_list_only_partitions_off_their_preferred_leader_with_all() {
        PreferredPlan plan = PreferredElectionPlanner.plan(SNAPSHOT, ElectionSelection.all());
        assertThat(plan.rows()).extracting(PreferredPlan.Row::partition)
                .containsExactly("orders-1", "orders-2", "orders-3", "orders-4", "payments-0");
        assertThat(plan.alreadyPreferred()).isEqualTo(1);
        assertThat(plan.toElect()).extracting(PartitionSpec::name)
                .containsExactly("orders-1", "orders-4", "payments-0");
        assertThat(plan.notFound()).isEmpty();
    }

    @Test
    void should_give_each_row_its_verdict_and_reason() {
        PreferredPlan plan = PreferredElectionPlanner.plan(SNAPSHOT, ElectionSelection.topic("orders"));
        assertThat(plan.rows()).extracting(PreferredPlan.Row::verdict)
                .containsExactly(WILL_ELECT, CANNOT, CANNOT, WILL_ELECT);
        PreferredPlan.Row moved = plan.rows().get(0);
        assertThat(moved.currentLeader()).isEqualTo(4);
        assertThat(moved.preferredLeader()).isEqualTo(5);
        assertThat(moved.preferredInIsr()).isTrue();
        assertThat(moved.preferredLive()).isTrue();
        PreferredPlan.Row dead = plan.rows().get(1);
        assertThat(dead.preferredLive()).isFalse();
        assertThat(dead.reason()).contains("preferred replica 6 is not a live broker");
        PreferredPlan.Row notInIsr = plan.rows().get(2);
        assertThat(notInIsr.preferredLive()).isTrue();
        assertThat(notInIsr.preferredInIsr()).isFalse();
        assertThat(notInIsr.reason()).contains("not in the ISR");
        assertThat(plan.rows().get(3).currentLeader()).isNull();
        assertThat(plan.rows().get(3).reason()).contains("leaderless");
    }

    @Test
    void should_show_named_partitions_even_when_not_needed() {
        PreferredPlan plan = PreferredElectionPlanner.plan(SNAPSHOT, ElectionSelection.partitions(List.of(
                new PartitionSpec("orders", 0), new PartitionSpec("orders", 1), new PartitionSpec("orders", 9),
                new PartitionSpec("nope", 0))));
        assertThat(plan.rows()).extracting(PreferredPlan.Row::verdict).containsExactly(NOT_NEEDED, WILL_ELECT);
        assertThat(plan.notFound()).containsExactly("orders-9", "nope-0");
    }

    @Test
    void should_report_an_unknown_topic() {
        PreferredPlan plan = PreferredElectionPlanner.plan(SNAPSHOT, ElectionSelection.topic("nope"));
        assertThat(plan.rows()).isEmpty();
        assertThat(plan.notFound()).containsExactly("nope");
    }
}
