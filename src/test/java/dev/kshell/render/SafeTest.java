package dev.kshell.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class SafeTest {

    /** The group id Kafka's own tool accepted (docs/kafka-behaviour.md, "Groups"). */
    static final String HOSTILE = "h2\u001b[2J\u001b]0;pwned\u0007grp";

    @Test
    void should_escape_terminal_controls_in_a_hostile_group_id() {
        assertThat(Safe.text(HOSTILE)).isEqualTo("h2\\x1b[2J\\x1b]0;pwned\\x07grp");
    }

    @Test
    void should_escape_del_c1_and_format_characters() {
        assertThat(Safe.text("a\u007fb\u009bc")).isEqualTo("a\\x7fb\\x9bc");
        assertThat(Safe.text("evil\u202etxt.exe\u200b\u2066\ufeff")).isEqualTo("evil\\u202etxt.exe\\u200b\\u2066\\ufeff");
        assertThat(Safe.text("tab\there\nnewline")).isEqualTo("tab\\x09here\\x0anewline");
    }

    @Test
    void should_leave_ordinary_text_as_it_is() {
        String plain = "orders-consumer.v2_é-日本 \\x1b";
        assertThat(Safe.text(plain)).isSameAs(plain);
        assertThat(Safe.text(null)).isNull();
    }
}
