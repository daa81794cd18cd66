package dev.kshell.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class TableTest {

    @Test
    void should_align_columns_under_upper_case_headers() {
        String text = Table.of("Id", "Endpoint", "State").row(4, "localhost:9092", "live").row(15, "h:1", "FENCED")
                .render(0, false);
        assertThat(text).isEqualTo("""
                ID  ENDPOINT        STATE
                4   localhost:9092  live
                15  h:1             FENCED
                """);
    }

    @Test
    void should_print_lists_with_commas_and_missing_values_as_dash() {
        String text = Table.of("Replicas", "Leader").row(List.of(4, 5, 6), null).row(List.of(), 4).render(0, false);
        assertThat(text).isEqualTo("""
                REPLICAS  LEADER
                4,5,6     -
                -         4
                """);
    }

    @Test
    void should_measure_widths_without_colour_codes() {
        String plain = Table.of("A", "B").row(Tone.BAD, "x", "y").render(0, false);
        String coloured = Table.of("A", "B").row(Tone.BAD, "x", "y").render(0, true);
        assertThat(coloured).contains("\u001b[");
        assertThat(coloured.replaceAll("\u001b\\[[0-9;]*m", "")).isEqualTo(plain);
    }

    @Test
    void should_wrap_the_last_column_of_a_line_wider_than_the_terminal_under_itself() {
        String text = Table.of("Topic", "Note").row("orders", "a very long note that does not fit").render(20, false);
        assertThat(text.lines()).containsExactly("TOPIC   NOTE", "orders  a very long", "        note that",
                "        does not fit");
    }
}
