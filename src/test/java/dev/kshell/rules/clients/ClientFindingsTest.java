package dev.kshell.rules.clients;

import dev.kshell.rules.SideFinding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ClientFindingsTest {

    private static GroupRow row(String id, String state, int outOfRange, List<Long> lags, String unknown) {
        return new GroupRow(id, "consumer", "consumer", state, 1, 4, "__consumer_offsets-3", null, 2,
                lags.isEmpty() ? 0L : lags.get(lags.size() - 1), 0, outOfRange, lags, LagTrend.of(lags), unknown);
    }

    @Test
    void should_name_groups_out_of_range_stuck_growing_or_without_a_coordinator_in_step_5() {
        GroupsReport report = new GroupsReport(List.of(
                row("lost", "Stable", 2, List.of(), null),
                row("stuck", "Reconciling", 0, List.of(), null),
                row("behind", "Stable", 0, List.of(1L, 5L, 9L), null),
                row("orphan", null, 0, List.of(), "describeConsumerGroups: The coordinator is not available."),
                row("fine", "Stable", 0, List.of(3L, 3L, 3L), null)), null, List.of());
        List<SideFinding> found = ClientFindings.of(report, id -> 1_000L, 1_000L, 61_000L);
        assertThat(found).allMatch(f -> f.step() == 5 && f.source().equals("clients"));
        assertThat(found).extracting(f -> f.finding().rule() + " " + f.finding().where()).containsExactly(
                "group-offsets-out-of-range group lost",
                "group-stuck-rebalancing group stuck",
                "group-lag-growing group behind",
                "group-coordinator-unavailable group orphan");
        assertThat(found.get(1).finding().message())
                .isEqualTo("group stuck has been Reconciling for at least 60 s (as long as this session has watched it)");
        assertThat(found.get(0).finding().fix()).isEqualTo("`group lost`");
    }

    @Test
    void should_not_call_a_rebalance_stuck_before_the_session_watched_long_enough_or_saw_it_begin() {
        GroupsReport report = new GroupsReport(List.of(row("stuck", "PreparingRebalance", 0, List.of(), null)), null,
                List.of());
        assertThat(ClientFindings.of(report, id -> 1_000L, 1_000L, 10_000L)).isEmpty();
        assertThat(ClientFindings.of(report, id -> 50_000L, 1_000L, 100_000L)).isEmpty();
    }
}
