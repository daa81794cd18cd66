package dev.kshell.rules.clients;

import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class PartitionLagTest {

    private static final PartitionSpec P = new PartitionSpec("orders", 0);
    private static final long NOW = 1_000_000;

    @Test
    void should_count_lag_as_kafkas_tool_does_inside_the_log() {
        PartitionLag lag = PartitionLag.judge(P, 120L, new LogOffsets.Range(100, 200, 200L), null,
                List.of(new Sample(NOW, 200)), NOW);
        assertThat(lag.lag()).isEqualTo(80);
        assertThat(lag.outOfRange()).isNull();
        assertThat(lag.onEarliest()).isNull();
        assertThat(lag.heldBack()).isZero();
    }

    @Test
    void should_call_a_commit_below_the_log_start_out_of_range_with_both_resets() {
        PartitionLag lag = PartitionLag.judge(P, 50L, new LogOffsets.Range(80, 200, 200L), null, List.of(), NOW);
        assertThat(lag.outOfRange()).isEqualTo(PartitionLag.BELOW_START);
        assertThat(lag.lag()).isEqualTo(150);
        assertThat(lag.onEarliest()).isEqualTo(new PartitionLag.Reset(80, 30, 0, lag.onEarliest().says()));
        assertThat(lag.onEarliest().says()).isEqualTo(
                "earliest: resumes at 80; the 30 records from 50 were deleted before the group read them");
        assertThat(lag.onLatest().resumesAt()).isEqualTo(200);
        assertThat(lag.onLatest().skipped()).isEqualTo(150);
        assertThat(lag.onLatest().says()).isEqualTo("latest: resumes at 200; skips 120 unread records besides the 30 deleted");
    }

    @Test
    void should_call_a_commit_above_the_log_end_out_of_range_and_warn_of_the_silent_skip() {
        PartitionLag lag = PartitionLag.judge(P, 300L, new LogOffsets.Range(0, 100, 100L), null, List.of(), NOW);
        assertThat(lag.outOfRange()).isEqualTo(PartitionLag.ABOVE_END);
        assertThat(lag.lag()).isZero();
        assertThat(lag.onEarliest().reread()).isEqualTo(100);
        assertThat(lag.onEarliest().resumesAt()).isZero();
        assertThat(lag.onLatest().says()).isEqualTo("latest: resumes at 100; but once producers write 200 more "
                + "records the offset is in range again and the group skips those 200 without any reset");
    }

    @Test
    void should_keep_a_commit_at_the_log_end_or_the_log_start_in_range() {
        assertThat(PartitionLag.judge(P, 200L, new LogOffsets.Range(80, 200, null), null, List.of(), NOW)
                .outOfRange()).isNull();
        assertThat(PartitionLag.judge(P, 80L, new LogOffsets.Range(80, 200, null), null, List.of(), NOW)
                .outOfRange()).isNull();
    }

    @Test
    void should_say_why_when_the_log_was_not_read_and_show_no_lag() {
        PartitionLag lag = PartitionLag.judge(P, 10L, null, "leaderless", List.of(), NOW);
        assertThat(lag.lag()).isNull();
        assertThat(lag.unknown()).isEqualTo("leaderless");
        assertThat(lag.outOfRange()).isNull();
    }

    @Test
    void should_show_a_partition_without_a_commit_without_lag() {
        PartitionLag lag = PartitionLag.judge(P, null, new LogOffsets.Range(0, 10, 7L), null, List.of(), NOW);
        assertThat(lag.committed()).isNull();
        assertThat(lag.lag()).isNull();
        assertThat(lag.heldBack()).isEqualTo(3);
    }
}
