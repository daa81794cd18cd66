package dev.kshell.rules.reassign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.model.BrokerState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class EvacuationPlannerTest {

    private static BrokerState broker(int id, String rack, boolean fenced) {
        return new BrokerState(id, "h", 9000 + id, rack, fenced);
    }

    private static PartitionState p(String topic, int n, Integer leader, List<Integer> replicas, List<Integer> isr) {
        return new PartitionState(topic, n, leader, replicas, isr, List.of(), List.of());
    }

    private static EvacuationPlan plan(List<PartitionState> parts, List<BrokerState> brokers, Set<Integer> evacuated,
                                       Map<Integer, Map<PartitionSpec, Long>> sizes, Map<Integer, Long> usable,
                                       long throttle) {
        return EvacuationPlanner.plan(new EvacuationPlanner.Input(parts, brokers, evacuated, sizes, usable, throttle));
    }

    /** The seed's shape after broker 6 died: 4 and 5 live, 6 fenced, plus 7 to make room for RF 3. */
    private static final List<BrokerState> SEED = List.of(broker(4, null, false), broker(5, null, false),
            broker(6, null, true), broker(7, null, false));

    @Test
    void should_keep_the_replication_factor_on_live_brokers_and_the_live_leader_first() {
        List<PartitionState> parts = List.of(
                p("orders", 0, 4, List.of(6, 4, 5), List.of(4, 5)),
                p("orders", 1, 5, List.of(5, 6, 4), List.of(5, 4)),
                p("events", 0, 4, List.of(4, 6), List.of(4)));
        EvacuationPlan plan = plan(parts, SEED, Set.of(6), Map.of(), Map.of(), 0);

        assertThat(plan.moves()).hasSize(3);
        assertThat(plan.lost()).isEmpty();
        assertThat(plan.unplaced()).isEmpty();
        for (EvacuationPlan.Move m : plan.moves()) {
            assertThat(m.target()).hasSameSizeAs(m.current()).doesNotContain(6).doesNotHaveDuplicates();
            assertThat(m.removing()).containsExactly(6);
            assertThat(m.adding()).hasSize(1).allMatch(b -> Set.of(4, 5, 7).contains(b));
        }
        EvacuationPlan.Move orders0 = plan.moves().stream().filter(m -> m.name().equals("orders-0")).findFirst().orElseThrow();
        assertThat(orders0.target()).startsWith(4).containsExactlyInAnyOrder(4, 5, 7);
        EvacuationPlan.Move events0 = plan.moves().stream().filter(m -> m.name().equals("events-0")).findFirst().orElseThrow();
        assertThat(events0.target().get(0)).isEqualTo(4);
        assertThat(plan.evacuated()).containsExactly(6);
        assertThat(plan.liveTargets()).containsExactly(4, 5, 7);
    }

    @Test
    void should_list_a_partition_with_no_live_copy_apart_from_the_moves() {
        List<PartitionState> parts = List.of(
                p("demo-rf1", 0, null, List.of(6), List.of(6)),
                p("orders", 0, 4, List.of(4, 6), List.of(4)));
        EvacuationPlan plan = plan(parts, SEED, Set.of(6), Map.of(), Map.of(), 0);

        assertThat(plan.moves()).extracting(EvacuationPlan.Move::name).containsExactly("orders-0");
        assertThat(plan.lost()).extracting(EvacuationPlan.Lost::name).containsExactly("demo-rf1-0");
        assertThat(plan.lost().get(0).move().target()).hasSize(1).doesNotContain(6);
        assertThat(plan.lost().get(0).whatIsLost()).isEqualTo("unknown");
        assertThat(ReassignmentJson.write(plan.moves())).doesNotContain("demo-rf1");
    }

    @Test
    void should_drain_a_live_broker_as_a_source_not_a_target() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, false));
        List<PartitionState> parts = List.of(p("only-on-6", 0, 6, List.of(6), List.of(6)));
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), Map.of(6, Map.of(new PartitionSpec("only-on-6", 0), 100L)),
                Map.of(), 0);
        assertThat(plan.lost()).isEmpty();
        assertThat(plan.moves()).singleElement().satisfies(m -> {
            assertThat(m.target()).hasSize(1).doesNotContain(6);
            assertThat(m.bytes()).isEqualTo(100);
        });
    }

    @Test
    void should_place_nothing_on_a_cordoned_broker_yet_count_its_copy_as_live() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, true),
                broker(7, null, false));
        List<PartitionState> parts = List.of(
                p("kept-on-5", 0, 5, List.of(6, 5), List.of(5)),
                p("on-4", 0, 4, List.of(6, 4), List.of(4)));
        EvacuationPlan plan = EvacuationPlanner.plan(new EvacuationPlanner.Input(parts, brokers, Set.of(6), Map.of(),
                Map.of(), 0, false, Set.of(5)));

        assertThat(plan.lost()).as("broker 5's copy is live: cordoned is not dead").isEmpty();
        assertThat(plan.moves()).extracting(m -> m.adding()).allSatisfy(a -> assertThat(a).doesNotContain(5));
        assertThat(plan.moves()).extracting(EvacuationPlan.Move::name).containsExactlyInAnyOrder("kept-on-5-0", "on-4-0");
        assertThat(plan.moves()).filteredOn(m -> m.name().equals("on-4-0")).singleElement()
                .satisfies(m -> assertThat(m.target()).containsExactlyInAnyOrder(4, 7));
    }

    @Test
    void should_spread_new_replicas_by_count() {
        List<BrokerState> brokers = new ArrayList<>(List.of(broker(4, null, false), broker(5, null, false),
                broker(6, null, true), broker(7, null, false), broker(8, null, false)));
        List<PartitionState> parts = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            parts.add(p("t", i, 4, List.of(4, 6), List.of(4)));
        }
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), Map.of(), Map.of(), 0);
        Map<Integer, Integer> added = new HashMap<>();
        plan.moves().forEach(m -> m.adding().forEach(a -> added.merge(a, 1, Integer::sum)));
        // 4 already holds 12 replicas and is in every replica set: 5, 7 and 8 take four each
        assertThat(added).containsOnlyKeys(5, 7, 8).containsValues(4, 4, 4);
    }

    @Test
    void should_spread_bytes_when_counts_are_equal() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, true),
                broker(7, null, false));
        Map<PartitionSpec, Long> on4 = Map.of(new PartitionSpec("big", 0), 1000L, new PartitionSpec("small", 0), 10L,
                new PartitionSpec("small", 1), 10L);
        List<PartitionState> parts = List.of(p("big", 0, 4, List.of(4, 6), List.of(4)),
                p("small", 0, 4, List.of(4, 6), List.of(4)), p("small", 1, 4, List.of(4, 6), List.of(4)));
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), Map.of(4, on4), Map.of(), 0);
        int bigTo = plan.moves().stream().filter(m -> m.topic().equals("big")).findFirst().orElseThrow().adding().get(0);
        // the big one is placed first; the two small ones then go where the bytes are fewer: the other broker
        // 5 and 7 are equally empty: the tie goes to the lower id
        assertThat(bigTo).isEqualTo(5);
        int other = 7;
        assertThat(plan.moves().stream().filter(m -> m.topic().equals("small")).map(m -> m.adding().get(0)).toList())
                .containsExactly(other, other);
        assertThat(plan.bytes()).isEqualTo(1020);
        assertThat(plan.sizesKnown()).isTrue();
    }

    @Test
    void should_keep_replicas_on_different_racks_where_racks_allow() {
        List<BrokerState> brokers = List.of(broker(4, "a", false), broker(5, "b", false), broker(6, "b", true),
                broker(7, "a", false), broker(8, "c", false));
        // 7 (rack a) holds nothing, 8 (rack c) holds much: load alone would pick 7, the rack rule picks 8 or 5
        List<PartitionState> parts = new ArrayList<>(List.of(p("t", 0, 4, List.of(4, 6), List.of(4))));
        for (int i = 0; i < 5; i++) {
            parts.add(p("filler", i, 8, List.of(8), List.of(8)));
            parts.add(p("filler5", i, 5, List.of(5), List.of(5)));
        }
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), Map.of(), Map.of(), 0);
        assertThat(plan.moves()).singleElement().satisfies(m -> assertThat(m.adding()).containsAnyOf(5, 8)
                .doesNotContain(7));
    }

    @Test
    void should_say_when_racks_do_not_allow_a_spread() {
        List<BrokerState> brokers = List.of(broker(4, "a", false), broker(5, "a", false), broker(6, "b", true));
        EvacuationPlan plan = plan(List.of(p("t", 0, 4, List.of(4, 6), List.of(4))), brokers, Set.of(6), Map.of(),
                Map.of(), 0);
        assertThat(plan.moves()).singleElement().satisfies(m -> assertThat(m.target()).containsExactly(4, 5));
        assertThat(plan.notes()).anyMatch(n -> n.contains("racks"));
    }

    @Test
    void should_pass_over_a_broker_short_of_disk() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, true),
                broker(7, null, false));
        Map<Integer, Map<PartitionSpec, Long>> sizes = Map.of(4, Map.of(new PartitionSpec("t", 0), 1000L));
        // 5 holds fewer replicas than 7 but has room for less than the copy
        List<PartitionState> parts = List.of(p("t", 0, 4, List.of(4, 6), List.of(4)), p("x", 0, 7, List.of(7), List.of(7)));
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), sizes, Map.of(5, 500L, 7, 1_000_000L), 0);
        assertThat(plan.moves()).singleElement().satisfies(m -> assertThat(m.adding()).containsExactly(7));
        assertThat(plan.notes()).anyMatch(n -> n.contains("short of disk"));
    }

    @Test
    void should_not_place_a_partition_when_no_live_broker_is_outside_its_replicas() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, true));
        EvacuationPlan plan = plan(List.of(p("rf3", 0, 4, List.of(4, 5, 6), List.of(4, 5))), brokers, Set.of(6),
                Map.of(), Map.of(), 0);
        assertThat(plan.moves()).isEmpty();
        assertThat(plan.unplaced()).singleElement().satisfies(u -> {
            assertThat(u.partition()).isEqualTo("rf3-0");
            assertThat(u.reason()).contains("no live broker outside its replicas [4, 5, 6]");
        });
    }

    @Test
    void should_count_bytes_per_topic_and_the_time_at_the_throttle_on_the_busiest_broker() {
        List<BrokerState> brokers = List.of(broker(4, null, false), broker(5, null, false), broker(6, null, true),
                broker(7, null, false));
        Map<Integer, Map<PartitionSpec, Long>> sizes = Map.of(4, Map.of(new PartitionSpec("a", 0), 100_000_000L,
                new PartitionSpec("a", 1), 100_000_000L));
        List<PartitionState> parts = List.of(p("a", 0, 4, List.of(4, 6), List.of(4)), p("a", 1, 4, List.of(4, 6), List.of(4)),
                p("untouched", 0, 4, List.of(4, 5), List.of(4, 5)));
        EvacuationPlan plan = plan(parts, brokers, Set.of(6), sizes, Map.of(), 50_000_000L);
        assertThat(plan.bytes()).isEqualTo(200_000_000L);
        // leader 4 sends both copies: 200 MB at 50 MB/s
        assertThat(plan.seconds()).isEqualTo(4);
        assertThat(plan.topics()).singleElement().satisfies(t -> {
            assertThat(t.topic()).isEqualTo("a");
            assertThat(t.partitions()).isEqualTo(2);
            assertThat(t.bytes()).isEqualTo(200_000_000L);
        });
        assertThat(plan.untouched()).isEqualTo(1);
    }

    @Test
    void should_write_kafkas_reassignment_json() {
        EvacuationPlan.Move m = new EvacuationPlan.Move("orders", 3, List.of(6, 4), List.of(4, 5), List.of(5), List.of(6), 10);
        String json = ReassignmentJson.write(List.of(m)).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"version\":1,\"partitions\":[{\"topic\":\"orders\",\"partition\":3,"
                + "\"replicas\":[4,5],\"log_dirs\":[\"any\",\"any\"]}]}");
    }
}
