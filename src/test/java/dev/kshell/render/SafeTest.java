package dev.kshell.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Names any client chose reach the terminal escaped (issue 42): what a tenant can put in a group id. */
@Timeout(30)
class SafeTest {

    /** A group id Kafka's own tool accepted: erase screen, set the window title, ring the bell. */
    static final String HOSTILE = "h2\u001b[2J\u001b]0;pwned\u0007grp";

    @Test
    void should_show_every_control_character_of_a_name_escaped() {
        assertThat(Safe.text(HOSTILE)).isEqualTo("h2\\x1b[2J\\x1b]0;pwned\\x07grp");
        assertThat(Safe.text("a\nb\tc\rd\u007fe")).isEqualTo("a\\nb\\tc\\rd\\u007fe");
    }

    @Test
    void should_show_c1_and_bidi_and_zero_width_characters_escaped() {
        assertThat(Safe.text("x\u009b2Jy")).isEqualTo("x\\u009b2Jy");
        assertThat(Safe.text("evil\u202egnp.exe")).isEqualTo("evil\\u202egnp.exe");
        assertThat(Safe.text("a\u200bb\u2066c\ufeffd\u2028e")).isEqualTo("a\\u200bb\\u2066c\\ufeffd\\u2028e");
        assertThat(Safe.text("tag\udb40\udc01")).isEqualTo("tag\\udb40\\udc01");
    }

    @Test
    void should_return_a_plain_name_as_it_is() {
        String plain = "orders-v2.payments_eu é ünïcödé 日本";
        assertThat(Safe.text(plain)).isSameAs(plain);
        assertThat(Safe.terminal(plain)).isSameAs(plain);
    }

    @Test
    void should_keep_line_breaks_in_prose_but_not_in_a_cell() {
        assertThat(Safe.prose("one\n\ttwo \u001b[31mred")).isEqualTo("one\n\ttwo \\x1b[31mred");
    }

    @Test
    void should_let_kshells_own_colours_and_erases_through_the_terminal_writer_and_nothing_else() {
        String own = "\u001b[1;31mUNAVAILABLE\u001b[0m\r\u001b[K" + "\u001b[H\u001b[2J";
        assertThat(Safe.terminal(own)).isEqualTo(own);
        assertThat(Safe.terminal("title \u001b]0;pwned\u0007 up\u001b[1A")).isEqualTo("title \\x1b]0;pwned\\x07 up\\x1b[1A");
    }

    @Test
    void should_be_idempotent_so_a_renderer_and_the_writer_may_both_escape() {
        for (String s : List.of(HOSTILE, "a\u202eb", "x\u009by")) {
            assertThat(Safe.terminal(Safe.text(s))).isEqualTo(Safe.text(s));
        }
    }

    @Test
    void should_escape_a_cell_of_a_table_and_keep_its_columns() {
        String table = Table.of("group", "state").row(HOSTILE, "Stable").render(0, false);
        assertThat(table).doesNotContain("\u001b").contains("h2\\x1b[2J\\x1b]0;pwned\\x07grp  Stable");
    }
}
