package dev.kshell.rules.election;

import dev.kshell.rules.guard.RefusalReason;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.render.ElectionTables;

@Timeout(10)
class UncleanElectionPlannerTest {

    private static final PartitionSpec ORDERS_0 = new PartitionSpec("orders", 0);
    private static final OffsetsSeen AT_2AM = new OffsetsSeen(300, 300, Instant.parse("2026-05-01T02:00:00Z"));

    /** The case of docs/kafka-behaviour.md (unclean elections): replicas [4,6,5], leader 4 killed at 300; 5 stopped at 200, 6 at 100; 5 and 6 back. */
    private static ClusterSnapshot factsCase(QuorumState quorum) {
        return Fixtures.snapshot(quorum, Set.of(4),
                topic("orders", p("orders", 0, null, List.of(4, 6, 5), List.of(), List.of(4), List.of(4))));
    }

    private static final Map<String, List<ReplicaEvidence>> FACTS_SIZES = Map.of("orders-0", List.of(
            ReplicaEvidence.ofSize(5, 5627), ReplicaEvidence.ofSize(6, 2797)));

    private static UncleanPlan plan(ClusterSnapshot s, Map<String, List<ReplicaEvidence>> ev,
                                    Map<String, OffsetsSeen> remembered, boolean keepOrder, PartitionSpec... specs) {
        return UncleanElectionPlanner.plan(s, List.of(specs), ev, remembered, keepOrder);
    }

    @Test
    void should_reorder_so_that_the_replica_with_most_data_wins_in_the_facts_case() {
        UncleanPlan plan = plan(factsCase(Fixtures.quorumWithLeader()), FACTS_SIZES, Map.of(), false, ORDERS_0);
        UncleanPlan.Row row = plan.rows().get(0);
        assertThat(plan.refused()).isFalse();
        assertThat(row.kafkaPick()).isEqualTo(6);          // first live replica in assignment order
        assertThat(row.best()).isEqualTo(5);               // 5627 B > 2797 B
        assertThat(row.winner()).isEqualTo(5);
        assertThat(row.reorder()).isTrue();
        // best first, the others in their original order: [4,6,5] -> [5,4,6] (same set)
        assertThat(row.newOrder()).containsExactly(5, 4, 6);
        assertThat(row.orderChange().originalOrder()).containsExactly(4, 6, 5);
        assertThat(plan.reorders()).extracting(c -> c.newOrder()).containsExactly(List.of(5, 4, 6));
        assertThat(row.choice()).contains("broker 5 holds more data than Kafka's pick, broker 6")
                .contains("5627 B").contains("2797 B");
        // sizes only: bytes on live replicas (none lost among them), records unknown with the reason
        assertThat(row.dataAtRisk().bytes()).isZero();
        assertThat(row.dataAtRisk().records()).isNull();
        assertThat(row.dataAtRisk().unknownReason()).contains("no high watermark remembered for orders-0");
        assertThat(row.replicas()).extracting(UncleanPlan.ReplicaView::live).containsExactly(false, true, true);
        assertThat(row.replicas().get(0).inElr()).isTrue();
        assertThat(row.notes()).anyMatch(n -> n.contains("broker 4") && n.contains("cleanly"));
    }

    @Test
    void should_keep_kafkas_pick_with_keep_order_and_count_the_bytes_it_costs() {
        UncleanPlan.Row row = plan(factsCase(Fixtures.quorumWithLeader()), FACTS_SIZES, Map.of(), true, ORDERS_0)
                .rows().get(0);
        assertThat(row.reorder()).isFalse();
        assertThat(row.best()).isEqualTo(5);
        assertThat(row.winner()).isEqualTo(6);
        assertThat(row.newOrder()).containsExactly(4, 6, 5);
        assertThat(row.orderChange()).isNull();
        assertThat(row.choice()).contains("--keep-order: broker 6 will lead");
        assertThat(row.dataAtRisk().bytes()).isEqualTo(5627 - 2797);
        assertThat(row.dataAtRisk().summary()).isEqualTo("≥ 2830 B on live replicas (broker 6 has 2797 B, the "
                + "largest live log 5627 B); records unknown: log end offset of broker 6 unknown (a leaderless "
                + "partition cannot be listed), no high watermark remembered for orders-0; the dead replicas cannot "
                + "be asked, so more may be lost");
    }

    @Test
    void should_compute_records_at_risk_from_the_remembered_high_watermark() {
        Map<String, List<ReplicaEvidence>> ev = Map.of("orders-0", List.of(
                new ReplicaEvidence(5, 5627L, 199L, 200L, null), new ReplicaEvidence(6, 2797L, 99L, 100L, null)));
        UncleanPlan.Row row = plan(factsCase(Fixtures.quorumWithLeader()), ev, Map.of("orders-0", AT_2AM), false,
                ORDERS_0).rows().get(0);
        assertThat(row.winner()).isEqualTo(5);
        assertThat(row.dataAtRisk().records()).isEqualTo(100);   // 300 remembered - 200 on broker 5
        assertThat(row.dataAtRisk().bytes()).isZero();
        assertThat(row.dataAtRisk().summary()).startsWith("≥ 100 records")
                .contains("high watermark 300 seen at 2026-05-01T02:00:00Z vs log end offset 200 on broker 5");
        assertThat(row.remembered()).isEqualTo(AT_2AM);

        UncleanPlan.Row kept = plan(factsCase(Fixtures.quorumWithLeader()), ev, Map.of("orders-0", AT_2AM), true,
                ORDERS_0).rows().get(0);
        assertThat(kept.dataAtRisk().records()).isEqualTo(200);  // Kafka's pick, broker 6 at 100
    }

    @Test
    void should_say_unknown_with_the_reason_when_there_is_no_evidence() {
        Map<String, List<ReplicaEvidence>> ev = Map.of("orders-0", List.of(
                ReplicaEvidence.unknown(5, "describeLogDirs timed out"), ReplicaEvidence.ofSize(6, 2797)));
        UncleanPlan.Row row = plan(factsCase(Fixtures.quorumWithLeader()), ev, Map.of("orders-0", AT_2AM), false,
                ORDERS_0).rows().get(0);
        assertThat(row.best()).isNull();
        assertThat(row.reorder()).isFalse();
        assertThat(row.winner()).isEqualTo(6);
        assertThat(row.choice()).contains("cannot tell").contains("describeLogDirs timed out");
        assertThat(row.dataAtRisk().known()).isFalse();
        assertThat(row.dataAtRisk().summary()).isEqualTo("unknown: log end offset of broker 6 unknown (a leaderless partition cannot be "
                        + "listed); the loss is counted after the election against the high watermark 300 seen at "
                        + "2026-05-01T02:00:00Z");
    }

    @Test
    void should_not_reorder_when_the_evidence_conflicts() {
        // size says 5, producer sequences say 6 (e.g. 5 kept older segments): do not move away from Kafka's pick
        Map<String, List<ReplicaEvidence>> ev = Map.of("orders-0", List.of(
                new ReplicaEvidence(5, 5627L, 50L, null, null), new ReplicaEvidence(6, 2797L, 99L, null, null)));
        UncleanPlan.Row row = plan(factsCase(Fixtures.quorumWithLeader()), ev, Map.of(), false, ORDERS_0)
                .rows().get(0);
        assertThat(row.reorder()).isFalse();
        assertThat(row.best()).isNull();
        assertThat(row.winner()).isEqualTo(6);
        assertThat(row.choice()).startsWith("evidence conflicts").contains("producer last sequence");
    }

    @Test
    void should_not_reorder_when_kafkas_pick_is_best_or_tied() {
        Map<String, List<ReplicaEvidence>> tie = Map.of("orders-0", List.of(
                ReplicaEvidence.ofSize(5, 4000), ReplicaEvidence.ofSize(6, 4000)));
        UncleanPlan.Row row = plan(factsCase(Fixtures.quorumWithLeader()), tie, Map.of(), false, ORDERS_0)
                .rows().get(0);
        assertThat(row.best()).isEqualTo(6);
        assertThat(row.reorder()).isFalse();
        assertThat(row.choice()).contains("Kafka's pick, broker 6, holds the most data");
    }

    @Test
    void should_pick_the_only_live_replica() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4, 6),
                topic("orders", p("orders", 0, null, List.of(4, 5), List.of(), List.of(4), List.of(4))));
        UncleanPlan plan = plan(s, Map.of(), Map.of(), false, ORDERS_0);
        assertThat(plan.rows().get(0).kafkaPick()).isEqualTo(5);
        assertThat(plan.rows().get(0).winner()).isEqualTo(5);
        assertThat(plan.rows().get(0).reorder()).isFalse();
        assertThat(plan.confirmationPhrase()).isEqualTo("orders-0");
    }

    @Test
    void should_refuse_when_the_quorum_has_no_leader() {
        UncleanPlan plan = plan(factsCase(Fixtures.quorumWithoutLeader()), FACTS_SIZES, Map.of(), false, ORDERS_0);
        assertThat(plan.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.QUORUM_NO_LEADER);
        assertThat(plan.refusals().get(0).alternative()).contains("quorum");

        UncleanPlan unread = plan(factsCase(null), FACTS_SIZES, Map.of(), false, ORDERS_0);
        assertThat(unread.refusals().get(0).reason()).isEqualTo(RefusalReason.QUORUM_NO_LEADER);
        assertThat(unread.refusals().get(0).message()).contains("could not be read").contains("timed out");
    }

    @Test
    void should_refuse_a_partition_that_has_a_leader() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(),
                topic("orders", p("orders", 0, 5, List.of(4, 5), List.of(5), null, null)));
        Refusal r = plan(s, Map.of(), Map.of(), false, ORDERS_0).refusals().get(0);
        assertThat(r.reason()).isEqualTo(RefusalReason.PARTITION_HAS_LEADER);
        assertThat(r.partition()).isEqualTo("orders-0");
        assertThat(r.alternative()).contains("elect preferred orders-0");
    }

    @Test
    void should_refuse_when_a_live_isr_or_elr_replica_makes_a_clean_election_possible() {
        ClusterSnapshot isr = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
                topic("orders", p("orders", 0, null, List.of(4, 5, 6), List.of(5), List.of(), List.of())));
        ClusterSnapshot elr = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
                topic("orders", p("orders", 0, null, List.of(4, 5, 6), List.of(), List.of(6), List.of())));
        for (ClusterSnapshot s : List.of(isr, elr)) {
            Refusal r = plan(s, Map.of(), Map.of(), false, ORDERS_0).refusals().get(0);
            assertThat(r.reason()).isEqualTo(RefusalReason.CLEAN_ELECTION_POSSIBLE);
            assertThat(r.message()).contains("a clean election is possible");
            assertThat(r.alternative()).isEqualTo(
                    "elect preferred orders-0 / wait: the controller elects a clean leader by itself");
        }
    }

    @Test
    void should_refuse_when_no_replica_is_alive() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4, 5),
                topic("orders", p("orders", 0, null, List.of(4, 5), List.of(), List.of(4), List.of(4))));
        UncleanPlan plan = plan(s, Map.of(), Map.of(), false, ORDERS_0);
        Refusal r = plan.refusals().get(0);
        assertThat(r.reason()).isEqualTo(RefusalReason.NO_LIVE_REPLICA);
        assertThat(r.alternative()).contains("start a broker").contains("4");
        assertThat(plan.rows().get(0).kafkaPick()).isNull();
        assertThat(plan.rows().get(0).dataAtRisk().summary()).startsWith("unknown");
    }

    @Test
    void should_treat_a_dead_leader_as_no_leader() {
        // metadata can still name a leader whose broker just died: that partition is leaderless
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
                topic("orders", p("orders", 0, 4, List.of(4, 5), List.of(4), List.of(), List.of())));
        UncleanPlan plan = plan(s, Map.of(), Map.of(), false, ORDERS_0);
        assertThat(plan.refused()).isFalse();
        assertThat(plan.rows().get(0).kafkaPick()).isEqualTo(5);
    }

    @Test
    void should_ask_for_unclean_n_partitions_for_several_and_collect_unknowns() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
                topic("orders", p("orders", 0, null, List.of(4, 5), List.of(), List.of(4), List.of(4)),
                        p("orders", 1, null, List.of(4, 6), List.of(), List.of(4), List.of(4))));
        UncleanPlan plan = plan(s, Map.of(), Map.of(), false, ORDERS_0, new PartitionSpec("orders", 1),
                new PartitionSpec("orders", 7));
        assertThat(plan.confirmationPhrase()).isEqualTo("unclean 2 partitions");
        assertThat(plan.notFound()).containsExactly("orders-7");
        assertThat(plan.toElect()).extracting(PartitionSpec::name).containsExactly("orders-0", "orders-1");
    }

    @Test
    void should_note_when_unclean_election_is_already_enabled_for_the_topic() {
        TopicState t = new TopicState("orders", false,
                List.of(new PartitionState("orders", 0, null, List.of(4, 5), List.of(), List.of(4), List.of(4))),
                new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", true, "DYNAMIC_TOPIC_CONFIG"));
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4), t);
        assertThat(plan(s, Map.of(), Map.of(), false, ORDERS_0).rows().get(0).notes())
                .anyMatch(n -> n.contains("unclean.leader.election.enable is on"));
    }

    @Test
    void should_put_the_best_replica_first_and_keep_the_rest_in_order() {
        assertThat(UncleanElectionPlanner.bestFirst(List.of(4, 6, 5), 5)).containsExactly(5, 4, 6);
        assertThat(UncleanElectionPlanner.bestFirst(List.of(1, 2, 3, 4), 3)).containsExactly(3, 1, 2, 4);
        assertThat(UncleanElectionPlanner.bestFirst(List.of(1, 2), 1)).containsExactly(1, 2);
    }

    @Test
    void should_say_first_and_plainly_when_the_winner_holds_no_data() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
                topic("orders", p("orders", 0, null, List.of(4, 5), List.of(), List.of(4), List.of(4))));
        UncleanPlan plan = plan(s, Map.of("orders-0", List.of(ReplicaEvidence.ofSize(5, 0))),
                Map.of("orders-0", AT_2AM), false, ORDERS_0);
        assertThat(plan.rows().get(0).dataAtRisk().summary()).startsWith("broker 5 holds no data: the partition "
                + "restarts from offset 0; everything written to broker 4 is lost (300 records up to the high watermark");
    }

    @Test
    void should_not_call_a_live_leader_dead_nor_advise_a_preferred_election_it_already_has() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(),
                topic("payments", p("payments", 0, 4, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of())));
        UncleanPlan plan = plan(s, Map.of(), Map.of(), false, new PartitionSpec("payments", 0));
        assertThat(plan.refusals().get(0).alternative()).isEqualTo("none needed: payments-0 is led by its preferred replica");
        assertThat(ElectionTables.uncleanPlan(plan, 0, false)).contains("payments-0  4 ")
                .doesNotContain("4(dead)");
    }

    @Test
    void should_not_reorder_a_compacted_topic_on_log_size_alone() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4), new TopicState(
                "orders", false, List.of(p("orders", 0, null, List.of(4, 6, 5), List.of(), List.of(4), List.of(4))),
                new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", false, "DEFAULT_CONFIG", true)));
        UncleanPlan.Row row = plan(s, FACTS_SIZES, Map.of(), false, ORDERS_0).rows().get(0);
        assertThat(row.reorder()).isFalse();
        assertThat(row.winner()).isEqualTo(6);
        assertThat(row.choice()).contains("is compacted: bytes are not records, so kshell does not reorder");
    }
}
