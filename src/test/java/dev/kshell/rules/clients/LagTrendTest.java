package dev.kshell.rules.clients;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class LagTrendTest {

    @Test
    void should_name_a_trend_only_from_three_samples() {
        assertThat(LagTrend.of(List.of(1L, 5L))).isNull();
        assertThat(LagTrend.of(List.of(1L, 5L, 5L, 9L))).isEqualTo(LagTrend.GROWING);
        assertThat(LagTrend.of(List.of(9L, 5L, 1L))).isEqualTo(LagTrend.SHRINKING);
        assertThat(LagTrend.of(List.of(3L, 3L, 3L))).isEqualTo(LagTrend.STEADY);
        assertThat(LagTrend.of(List.of(3L, 9L, 1L))).isEqualTo(LagTrend.VARYING);
    }
}
