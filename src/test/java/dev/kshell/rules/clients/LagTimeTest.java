package dev.kshell.rules.clients;

import dev.kshell.model.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class LagTimeTest {

    @Test
    void should_be_zero_when_the_group_has_read_everything() {
        assertThat(LagTime.estimate(100, List.of(new Sample(0, 100)), 5_000)).isEqualTo(new LagTime(0L, false));
    }

    @Test
    void should_be_unknown_after_a_single_read_of_a_trailing_group() {
        assertThat(LagTime.estimate(50, List.of(new Sample(5_000, 100)), 5_000)).isEqualTo(LagTime.UNKNOWN);
    }

    @Test
    void should_be_a_lower_bound_when_the_end_had_passed_the_commit_before_the_first_read() {
        LagTime t = LagTime.estimate(50, List.of(new Sample(1_000, 100), new Sample(11_000, 120)), 11_000);
        assertThat(t).isEqualTo(new LagTime(10_000L, true));
    }

    @Test
    void should_interpolate_between_the_two_reads_the_end_passed_the_commit_in() {
        // the end went 100 -> 200 between t=0 and t=10 s; offset 149 arrived when the end passed 149, at 5 s
        LagTime t = LagTime.estimate(149, List.of(new Sample(0, 100), new Sample(10_000, 200),
                new Sample(20_000, 200)), 20_000);
        assertThat(t).isEqualTo(new LagTime(15_000L, false));
    }

    @Test
    void should_bound_the_lag_from_below_by_the_newest_records_age_after_a_single_read() {
        // one read: the first unread record is no younger than the newest record, written 40 s ago
        assertThat(LagTime.estimate(50, List.of(new Sample(100_000, 100)), 100_000, 60_000L))
                .isEqualTo(new LagTime(40_000L, true));
        // a longer bound from the samples wins; an interpolated estimate is kept as it is
        assertThat(LagTime.estimate(50, List.of(new Sample(0, 100), new Sample(100_000, 120)), 100_000, 90_000L))
                .isEqualTo(new LagTime(100_000L, true));
        assertThat(LagTime.estimate(149, List.of(new Sample(0, 100), new Sample(10_000, 200)), 10_000, 9_000L))
                .isEqualTo(new LagTime(5_000L, false));
        assertThat(LagTime.estimate(200, List.of(new Sample(0, 200)), 10_000, 1_000L)).isEqualTo(new LagTime(0L, false));
    }
}
