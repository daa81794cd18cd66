package dev.kshell.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class SparklineTest {

    @Test
    void should_scale_between_the_series_minimum_and_maximum() {
        assertThat(Sparkline.of(List.of(0L, 10L, 20L, 70L), 12)).isEqualTo("▁▂▃█");
        assertThat(Sparkline.of(List.of(5L, 5L, 5L), 12)).isEqualTo("▁▁▁");
        assertThat(Sparkline.of(List.of(), 12)).isEmpty();
    }

    @Test
    void should_draw_only_the_last_values_that_fit() {
        assertThat(Sparkline.of(List.of(100L, 0L, 1L, 2L), 3)).isEqualTo("▁▅█");
    }
}
