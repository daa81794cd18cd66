package dev.kshell.render;

import dev.kshell.rules.Triage;
import dev.kshell.rules.TriageInput;
import dev.kshell.rules.TriageReport;
import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;

/** Prose at the terminal's width: golden lines, and triage at 80 columns. */
@Timeout(30)
class ProseTest {

    private static final String FINDING = "          warning topic demo-rf2: 2 partitions under-replicated (2 at min "
            + "ISR: one more replica loss blocks acks=all writes): demo-rf2-0, demo-rf2-1";

    @Test
    void should_break_on_word_boundaries_and_indent_continuation_lines() {
        assertThat(Prose.lines(FINDING, 80, 12)).containsExactly(
                "          warning topic demo-rf2: 2 partitions under-replicated (2 at min ISR:",
                "            one more replica loss blocks acks=all writes): demo-rf2-0,",
                "            demo-rf2-1");
    }

    @Test
    void should_leave_piped_output_whole() {
        assertThat(Prose.lines(FINDING, 0, 12)).containsExactly(FINDING);
    }

    @Test
    void should_keep_a_line_that_fits_and_the_text_line_breaks() {
        assertThat(Prose.lines("  short", 80, 4)).containsExactly("  short");
        assertThat(Prose.lines("first line\n  second line is longer than twenty", 20, 4)).containsExactly(
                "first line", "  second line is", "    longer than", "    twenty");
    }

    @Test
    void should_keep_a_word_longer_than_the_line_whole_on_its_own_line() {
        assertThat(Prose.lines("do: save {\"version\":1,\"partitions\":[]} as raise-rf.json", 20, 4)).containsExactly(
                "do: save", "    {\"version\":1,\"partitions\":[]}", "    as raise-rf.json");
    }

    @Test
    void should_never_split_a_word_a_directory_id_or_a_bracketed_rule_included() {
        // seen at 120 columns: `1nDS4hsmRaOKGV` / `hbAJ7W3Q`, `[offline-log-d` / `ir]`
        assertThat(Prose.lines("a /very/long/path/name here", 10, 0))
                .containsExactly("a", "/very/long/path/name", "here");
        assertThat(Prose.lines("voter 2 dir 1nDS4hsmRaOKGVhbAJ7W3Q [offline-log-dir] Disk", 16, 2))
                .containsExactly("voter 2 dir", "  1nDS4hsmRaOKGVhbAJ7W3Q", "  [offline-log-dir]", "  Disk");
    }

    @Test
    void should_wrap_a_tables_last_column_under_itself_instead_of_cutting_it() {
        String t = Table.of("scenario", "story").row("broker-lost", "a broker's disk is gone for good and the team "
                + "will not start it until you say how").render(50, false);

        assertThat(t).doesNotContain("…").isEqualTo("""
                SCENARIO     STORY
                broker-lost  a broker's disk is gone for good and
                             the team will not start it until you
                             say how
                """);
    }

    @Test
    void should_render_triage_within_80_columns_with_its_do_advice_indented() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).unregistered(5, 6)
                .topic("demo-rf2").minIsr(2).partition(0).replicas(4, 5).leader(4).isr(4)
                .partition(1).replicas(6, 4).leader(4).isr(4)
                .topic("demo").minIsr(3, "DYNAMIC_TOPIC_CONFIG").spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(s, null).withSandboxSession(true));
        String text = DiagnosisTables.triage(r, 80, false);
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
        assertThat(text).contains("\n          do:   ").contains("\n                ");
        String wide = DiagnosisTables.triage(r, 0, false);
        assertThat(wide.replaceAll("\n +", " ")).isEqualTo(text.replaceAll("\n +", " "));
    }
}
