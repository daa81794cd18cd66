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
        assertThat(Safe.keepingOwn(plain)).isSameAs(plain);
    }

    @Test
    void should_keep_line_breaks_in_prose_but_not_in_a_cell() {
        assertThat(Safe.prose("one\n\ttwo \u001b[31mred")).isEqualTo("one\n\ttwo \\x1b[31mred");
    }

    @Test
    void should_let_only_kshells_own_marked_sequences_reach_the_terminal() {
        String own = Safe.own("\u001b[1;31m") + "UNAVAILABLE" + Safe.own("\u001b[0m") + Safe.own("\r")
                + Safe.own("\u001b[K") + Safe.own("\u001b[H") + Safe.own("\u001b[2J");
        assertThat(Safe.terminal(own)).isEqualTo("\u001b[1;31mUNAVAILABLE\u001b[0m\r\u001b[K\u001b[H\u001b[2J");
        // the same sequences unmarked, as a name a client chose would carry them: shown, never obeyed
        assertThat(Safe.terminal("\u001b[1;31mred\u001b[2J\r\u001b[8mhidden")).isEqualTo(
                "\\x1b[1;31mred\\x1b[2J\\r\\x1b[8mhidden");
        assertThat(Safe.terminal("title \u001b]0;pwned\u0007 up\u001b[1A")).isEqualTo("title \\x1b]0;pwned\\x07 up\\x1b[1A");
    }

    @Test
    void should_keep_the_mark_through_every_writer_until_the_terminal() {
        String line = Safe.own("\u001b[32m") + "ok" + Safe.own("\u001b[0m") + " h2\u001b[2Jgrp";
        String once = Safe.keepingOwn(line);
        assertThat(Safe.keepingOwn(once)).isEqualTo(once); // a watch screen or a runbook step passes twice
        assertThat(Safe.terminal(once)).isEqualTo("\u001b[32mok\u001b[0m h2\\x1b[2Jgrp");
        assertThat(Safe.plain(once)).isEqualTo("ok h2\\x1b[2Jgrp");
        assertThat(Safe.visibleLength(once)).isEqualTo("ok h2\\x1b[2Jgrp".length());
    }

    @Test
    void should_be_idempotent_so_a_renderer_and_the_writer_may_both_escape() {
        for (String s : List.of(HOSTILE, "a\u202eb", "x\u009by")) {
            assertThat(Safe.terminal(Safe.text(s))).isEqualTo(Safe.text(s));
            assertThat(Safe.keepingOwn(Safe.text(s))).isEqualTo(Safe.text(s));
        }
    }

    @Test
    void should_escape_a_cell_of_a_table_and_keep_its_columns() {
        String table = Table.of("group", "state").row(HOSTILE, "Stable").render(0, false);
        assertThat(table).doesNotContain("\u001b").contains("h2\\x1b[2J\\x1b]0;pwned\\x07grp  Stable");
    }
}
