package dev.kshell.memory;

import dev.kshell.rules.Snapshots;
import dev.kshell.model.PartitionState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.kshell.memory.OffsetsAtRisk.Reason.AT_OR_UNDER_MIN_ISR;
import static dev.kshell.memory.OffsetsAtRisk.Reason.ONE_FROM_LEADERLESS;
import static dev.kshell.memory.OffsetsAtRisk.Reason.UNDER_REPLICATED;
import static org.assertj.core.api.Assertions.assertThat;

/** Which partitions are worth remembering: a live leader, a second replica, and a thin ISR. */
class OffsetsAtRiskTest {

    private static final Set<Integer> LIVE = Set.of(1, 2, 3);

    private static PartitionState p(Integer leader, List<Integer> replicas, List<Integer> isr) {
        return new PartitionState("t", 0, leader, replicas, isr, List.of(), List.of());
    }

    @Test
    void should_judge_each_shape_of_partition() {
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2, 3), List.of(1)), LIVE, 2)).isEqualTo(ONE_FROM_LEADERLESS);
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2, 3), List.of(1, 2)), LIVE, 2)).isEqualTo(AT_OR_UNDER_MIN_ISR);
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2), List.of(1, 2)), LIVE, 2)).isEqualTo(AT_OR_UNDER_MIN_ISR);
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2, 3), List.of(1, 2)), LIVE, null)).isEqualTo(UNDER_REPLICATED);
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2, 3), List.of(1, 2, 3)), LIVE, 2)).isNull();
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1, 2, 3), List.of(1, 2, 3)), LIVE, null)).isNull();
        // RF 1: nothing else to elect, ever; no live leader: listOffsets cannot answer
        assertThat(OffsetsAtRisk.reason(p(1, List.of(1), List.of(1)), LIVE, 1)).isNull();
        assertThat(OffsetsAtRisk.reason(p(null, List.of(1, 2), List.of()), LIVE, 1)).isNull();
        assertThat(OffsetsAtRisk.reason(p(4, List.of(4, 2), List.of(4)), LIVE, 1)).isNull();
    }

    @Test
    void should_put_the_most_at_risk_first() {
        List<OffsetsAtRisk.AtRisk> atRisk = OffsetsAtRisk.of(Snapshots.seedIncident());
        assertThat(atRisk).isNotEmpty();
        assertThat(atRisk).extracting(OffsetsAtRisk.AtRisk::reason).isSorted();
        assertThat(OffsetsAtRisk.of(Snapshots.healthy())).isEmpty();
    }
}
