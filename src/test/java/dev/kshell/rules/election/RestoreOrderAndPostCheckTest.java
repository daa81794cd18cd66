package dev.kshell.rules.election;

import dev.kshell.workflow.election.PostElectionCheck;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicaOrderChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static dev.kshell.rules.election.RestoreOrderPlan.Verdict.CANNOT;
import static dev.kshell.rules.election.RestoreOrderPlan.Verdict.NOT_NEEDED;
import static dev.kshell.rules.election.RestoreOrderPlan.Verdict.WILL_RESTORE;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class RestoreOrderAndPostCheckTest {

    private static final ReplicaOrderChange CHANGE = new ReplicaOrderChange("orders-0", List.of(4, 6, 5),
            List.of(5, 4, 6), Fixtures.T);

    private static RestoreOrderPlan plan(PartitionState p, Set<Integer> dead) {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), dead, topic("orders", p));
        return RestoreOrderPlanner.plan(s, List.of(new PartitionSpec("orders", 0)), Map.of("orders-0", CHANGE));
    }

    @Test
    void should_restore_the_original_order_once_healthy() {
        RestoreOrderPlan plan = plan(p("orders", 0, 5, List.of(5, 4, 6), List.of(5, 4, 6), null, null), Set.of());
        assertThat(plan.rows().get(0).verdict()).isEqualTo(WILL_RESTORE);
        assertThat(plan.toRestore().get(0).originalOrder()).containsExactly(4, 6, 5);
        assertThat(plan.rows().get(0).reason()).contains("elect preferred orders-0");
    }

    @Test
    void should_wait_while_not_every_replica_is_in_sync() {
        RestoreOrderPlan plan = plan(p("orders", 0, 5, List.of(5, 4, 6), List.of(5, 6), null, null), Set.of(4));
        assertThat(plan.rows().get(0).verdict()).isEqualTo(CANNOT);
        assertThat(plan.rows().get(0).reason()).contains("not healthy yet");
    }

    @Test
    void should_not_restore_a_changed_replica_set_or_without_a_record() {
        RestoreOrderPlan changed = plan(p("orders", 0, 5, List.of(5, 4, 7), List.of(5, 4, 7), null, null), Set.of());
        assertThat(changed.rows().get(0).verdict()).isEqualTo(CANNOT);
        assertThat(changed.rows().get(0).reason()).contains("replica set changed");
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(),
                topic("orders", p("orders", 0, 5, List.of(5, 4, 6), List.of(5, 4, 6), null, null)));
        RestoreOrderPlan none = RestoreOrderPlanner.plan(s, List.of(new PartitionSpec("orders", 0)), Map.of());
        assertThat(none.rows().get(0).reason()).contains("no record");
    }

    @Test
    void should_say_not_needed_when_the_order_is_already_back() {
        RestoreOrderPlan plan = plan(p("orders", 0, 4, List.of(4, 6, 5), List.of(4, 6, 5), null, null), Set.of());
        assertThat(plan.rows().get(0).verdict()).isEqualTo(NOT_NEEDED);
    }

    @Test
    void should_report_leader_isr_vs_min_isr_and_the_records_lost_after_an_unclean_election() {
        PartitionState after = p("orders", 0, 5, List.of(5, 4, 6), List.of(5), List.of(), List.of());
        OffsetsSeen before = new OffsetsSeen(300, 300, Instant.parse("2026-05-01T02:00:00Z"));
        PostElectionCheck check = PostElectionCheck.of(after, Set.of(5, 6), 2, 200L, before);
        assertThat(check.leader()).isEqualTo(5);
        assertThat(check.acksAllWritable()).isFalse();
        assertThat(check.recordsLost()).isEqualTo(100);
        assertThat(check.lines()).containsExactly(
                "orders-0: leader is now broker 5",
                "ISR [5] (1) vs min.insync.replicas 2: writes with acks=all still fail until ISR >= min.isr (2)",
                "log end offset 200 now vs 300 seen at 2026-05-01T02:00:00Z: 100 records lost (at least)");
    }

    @Test
    void should_say_when_the_loss_cannot_be_counted() {
        PartitionState after = p("orders", 0, 5, List.of(5, 6), List.of(5, 6), List.of(), List.of());
        PostElectionCheck check = PostElectionCheck.of(after, Set.of(5, 6), 2, 200L, null);
        assertThat(check.acksAllWritable()).isTrue();
        assertThat(check.recordsLost()).isNull();
        assertThat(check.lines().get(2)).contains("cannot be counted");
    }
}
