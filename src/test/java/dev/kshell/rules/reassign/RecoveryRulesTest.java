package dev.kshell.rules.reassign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.model.BrokerState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The recovery wave's pure parts: the shrink on a small cluster, the ETA from samples, the new-disk forecast. */
@Timeout(30)
class RecoveryRulesTest {

    private static PartitionState p(String topic, int n, Integer leader, List<Integer> replicas, List<Integer> isr,
                                    List<Integer> elr) {
        return new PartitionState(topic, n, leader, replicas, isr, elr, List.of());
    }

    private static final List<BrokerState> THREE = List.of(new BrokerState(4, "h", 1, null, false),
            new BrokerState(5, "h", 2, null, false), new BrokerState(6, "h", 3, null, true));

    @Test
    void should_offer_the_shrink_only_with_the_flag_and_keep_the_live_leader_first() {
        List<PartitionState> parts = List.of(p("rf3", 0, 5, List.of(6, 5, 4), List.of(5, 4), List.of()),
                p("rf2", 0, 4, List.of(4, 6), List.of(4), List.of()));
        EvacuationPlan plain = EvacuationPlanner.plan(new EvacuationPlanner.Input(parts, THREE, Set.of(6), Map.of(),
                Map.of(), 0));
        assertThat(plain.shrinks()).isEmpty();
        assertThat(plain.unplaced()).singleElement().satisfies(u -> assertThat(EvacuationPlan.small(u)).isTrue());
        EvacuationPlan shrunk = EvacuationPlanner.plan(new EvacuationPlanner.Input(parts, THREE, Set.of(6), Map.of(),
                Map.of(), 0, true));
        assertThat(shrunk.unplaced()).isEmpty();
        assertThat(shrunk.shrinks()).singleElement().satisfies(m -> {
            assertThat(m.name()).isEqualTo("rf3-0");
            assertThat(m.target()).containsExactly(5, 4);
            assertThat(m.adding()).isEmpty();
            assertThat(m.removing()).containsExactly(6);
        });
        assertThat(shrunk.moves()).extracting(EvacuationPlan.Move::name).containsExactly("rf2-0");
    }

    @Test
    void should_estimate_bytes_and_time_left_from_the_last_samples_and_mark_a_move_that_makes_no_progress() {
        MoveProgress.Estimate moving = MoveProgress.of(List.of(new MoveProgress.Sample(0, 1_000_000),
                new MoveProgress.Sample(4_000, 1_400_000)), 21_000_000);
        assertThat(moving.left()).isEqualTo(19_600_000);
        assertThat(moving.bytesPerSecond()).isEqualTo(100_000);
        assertThat(moving.secondsLeft()).isEqualTo(196);
        assertThat(moving.stalled()).isFalse();
        MoveProgress.Estimate stuck = MoveProgress.of(List.of(new MoveProgress.Sample(0, 500),
                new MoveProgress.Sample(3_000, 500)), 21_000_000);
        assertThat(stuck.stalled()).isTrue();
        assertThat(stuck.secondsLeft()).isEqualTo(-1);
        MoveProgress.Estimate once = MoveProgress.of(List.of(new MoveProgress.Sample(0, 500)), 1000);
        assertThat(once.bytesPerSecond()).isEqualTo(-1);
        assertThat(once.left()).isEqualTo(500);
        MoveProgress.Estimate total = MoveProgress.total(List.of(moving, stuck));
        assertThat(total.left()).isEqualTo(19_600_000 + 20_999_500);
        assertThat(total.bytesPerSecond()).isEqualTo(100_000);
        assertThat(total.secondsLeft()).isEqualTo((19_600_000L + 20_999_500L + 99_999) / 100_000);
    }

    @Test
    void should_forecast_a_start_on_an_empty_disk_per_partition() {
        // broker 6 gone: RF 1 on 6 (ELR 6), RF 2 on 6,5 led by 5, RF 3 whose only eligible is 6 while 4 lives out of
        // sync, and an RF 2 whose eligible replica is 5 (dead too), 6 out of its ISR/ELR
        List<PartitionState> parts = List.of(
                p("rf1", 0, null, List.of(6), List.of(), List.of(6)),
                p("rf2", 0, 5, List.of(6, 5), List.of(5), List.of()),
                p("lag", 0, null, List.of(6, 4, 5), List.of(), List.of(6)),
                p("other", 0, null, List.of(5, 6), List.of(), List.of(5)),
                p("calm", 0, 4, List.of(4, 5), List.of(4, 5), List.of()));
        NewDiskForecast.Forecast f = NewDiskForecast.forecast(parts, 6, Set.of(4), true, false,
                Map.of(5, Map.of(new PartitionSpec("rf2", 0), 7_000L)),
                name -> name.equals("rf1-0") ? "records up to offset 999" : null);
        assertThat(f.rows()).extracting(NewDiskForecast.Row::partition, NewDiskForecast.Row::kind).containsExactly(
                org.assertj.core.groups.Tuple.tuple("rf1-0", NewDiskForecast.Kind.EMPTY_LEADER),
                org.assertj.core.groups.Tuple.tuple("rf2-0", NewDiskForecast.Kind.STAYS_OFFLINE),
                org.assertj.core.groups.Tuple.tuple("lag-0", NewDiskForecast.Kind.EMPTY_LEADER),
                org.assertj.core.groups.Tuple.tuple("other-0", NewDiskForecast.Kind.STAYS_OFFLINE));
        assertThat(f.rows().get(0).lost()).isEqualTo("records up to offset 999");
        assertThat(f.rows().get(2).truncated()).containsExactly(4);
        // with broker 5 live, rf2 copies back from it
        NewDiskForecast.Forecast withFive = NewDiskForecast.forecast(parts, 6, Set.of(4, 5), true, false,
                Map.of(5, Map.of(new PartitionSpec("rf2", 0), 7_000L)), name -> null);
        assertThat(withFive.rows().get(1).kind()).isEqualTo(NewDiskForecast.Kind.COPIED_BACK);
        assertThat(withFive.rows().get(1).leader()).isEqualTo(5);
        assertThat(withFive.bytesCopied()).isEqualTo(7_000L);
        // a release without ELR (3.9, ZooKeeper mode): the dead last ISR member stays in the ISR and is elected back
        NewDiskForecast.Forecast noElr = NewDiskForecast.forecast(List.of(p("rf1", 0, null, List.of(6), List.of(6),
                List.of())), 6, Set.of(4, 5), false, false, Map.of(), name -> null);
        assertThat(noElr.rows()).singleElement().satisfies(r -> assertThat(r.kind())
                .isEqualTo(NewDiskForecast.Kind.EMPTY_LEADER));
        // KRaft 3.7+: kept offline until an unclean election, or led EMPTY at once: its records are gone
        NewDiskForecast.Forecast kraft = NewDiskForecast.forecast(parts, 6, Set.of(4), true, true, Map.of(),
                name -> null);
        assertThat(kraft.rows().get(0).kind()).isEqualTo(NewDiskForecast.Kind.GONE);
        assertThat(kraft.rows().get(0).lost()).isEqualTo("every record it held (kshell remembers no offsets of it)");
        assertThat(kraft.onlyCopy()).extracting(NewDiskForecast.Row::partition).containsExactly("rf1-0", "lag-0");
    }
}
