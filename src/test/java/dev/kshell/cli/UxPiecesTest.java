package dev.kshell.cli;

import dev.kshell.render.Safe;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.cluster.ClusterException;
import dev.kshell.model.Severity;
import dev.kshell.render.Table;
import dev.kshell.render.Tone;

/** Prompt, progress line, colour rule and the background refresher. */
@Timeout(20)
class UxPiecesTest {

    @Test
    void should_show_the_connection_and_a_health_mark_from_the_last_snapshot() {
        assertThat(PromptText.prompt("prod-eu", null, false, false)).isEqualTo("kshell[prod-eu]> ");
        assertThat(PromptText.prompt("prod-eu", UxFixtures.incident(), false, false)).isEqualTo("kshell[prod-eu] !2 leaderless> ");
        assertThat(PromptText.prompt("prod-eu", UxFixtures.snapshot(List.of()), false, false)).isEqualTo("kshell[prod-eu] ok> ");
        assertThat(PromptText.prompt("prod-eu", UxFixtures.snapshot(List.of()), true, false)).isEqualTo("kshell[prod-eu] ok?> ");
        // An old mark says its age, whether or not the last refresh failed; a fresh one does not.
        ClusterSnapshot fresh = UxFixtures.snapshot(List.of());
        assertThat(PromptText.prompt("prod-eu", fresh, false, false, fresh.takenAt().plusSeconds(40)))
                .isEqualTo("kshell[prod-eu] ok 40s?> ");
        assertThat(PromptText.prompt("prod-eu", fresh, true, false, fresh.takenAt().plusSeconds(300)))
                .isEqualTo("kshell[prod-eu] ok 5m?> ");
        assertThat(PromptText.prompt("prod-eu", fresh, false, false, fresh.takenAt().plusSeconds(5)))
                .isEqualTo("kshell[prod-eu] ok> ");
        ClusterSnapshot noQuorum = new ClusterSnapshot("c", UxFixtures.incident().takenAt(), UxFixtures.incident().brokers(),
                new QuorumState(-1, 8, -1, List.of(), List.of()), null, List.of());
        assertThat(PromptText.prompt("lab", noQuorum, false, false)).isEqualTo("kshell[lab] !no quorum> ");
        assertThat(PromptText.prompt("lab", noQuorum, false, true)).contains("\u001b[").contains("!no quorum");
        assertThat(PromptText.prompt("kafka-1.example.com:9092,kafka-2.example.com:9092,kafka-3.example.com:9092",
                null, false, false)).isEqualTo("kshell[kafka-1.example.com:9092+2]> ");
    }

    @Test
    void should_draw_progress_only_after_a_delay_and_clear_it_at_the_end() {
        StringWriter err = new StringWriter();
        AtomicLong now = new AtomicLong();
        try (ProgressLine p = ProgressLine.on(new PrintWriter(err), "loading topics", now::get)) {
            p.update(1, 10);
            assertThat(err.toString()).isEmpty(); // quick work shows nothing
            now.set(400_000_000L);
            p.update(3, 10);
            // what the terminal receives (kshell's own sequences take effect at its writer)
            assertThat(Safe.terminal(err.toString())).isEqualTo("\rloading topics: 3/10 (30%)\u001b[K");
            now.set(420_000_000L);
            p.update(4, 10); // throttled
            assertThat(err.toString()).doesNotContain("4/10");
        }
        assertThat(Safe.terminal(err.toString())).endsWith("\r\u001b[K");
    }

    @Test
    void should_print_no_progress_when_piped() {
        StringWriter err = new StringWriter();
        Output piped = new Output(new PrintWriter(new StringWriter()), new PrintWriter(err), false, false, 0, false);
        try (ProgressLine p = ProgressLine.start(piped, "electing")) {
            p.update(5, 10);
            p.step("batch 2");
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void should_colour_only_a_terminal_without_no_color() {
        assertThat(Colors.allowed(true, false, Map.of("TERM", "xterm-256color"))).isTrue();
        assertThat(Colors.allowed(false, false, Map.of())).isFalse();
        assertThat(Colors.allowed(true, true, Map.of())).isFalse();
        assertThat(Colors.allowed(true, false, Map.of("NO_COLOR", "1"))).isFalse();
        assertThat(Colors.allowed(true, false, Map.of("NO_COLOR", ""))).isTrue();
        assertThat(Colors.allowed(true, false, Map.of("TERM", "dumb"))).isFalse();
    }

    @Test
    void should_colour_severities_in_tables() {
        assertThat(Tone.of(Severity.CRITICAL)).isEqualTo(Tone.BAD);
        assertThat(Tone.of(Severity.WARNING)).isEqualTo(Tone.WARN);
        assertThat(Tone.of(Severity.INFO)).isEqualTo(Tone.PLAIN);
        String row = Table.of("rule").row(Tone.of(Severity.ERROR), "x")
                .render(0, true);
        assertThat(row).contains("[");
        assertThat(Table.of("rule").row(Tone.BAD, "x").render(0, false)).doesNotContain("");
    }

    @Test
    void should_refresh_the_cached_snapshot_in_the_background_and_report_failures() {
        FakeGateway gateway = new FakeGateway(UxFixtures.incident());
        ShellSession session = new ShellSession(t -> gateway);
        try (SnapshotRefresher refresher = new SnapshotRefresher(session)) {
            refresher.refreshNow(); // not connected: nothing
            assertThat(session.lastSnapshot()).isEmpty();
            session.connect(FakeGateway.TARGET, "seed", null);
            int[] told = {0};
            refresher.onRefresh(() -> told[0]++);
            refresher.refreshNow();
            assertThat(session.lastSnapshot()).isPresent();
            assertThat(refresher.lastError()).isNull();
            assertThat(told[0]).isEqualTo(1);
        }
        ShellSession failing = new ShellSession(t -> new FakeGateway(UxFixtures.incident()) {
            @Override
            public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                        "no broker answered within 1s");
            }
        });
        failing.connect(FakeGateway.TARGET, "down", null);
        try (SnapshotRefresher refresher = new SnapshotRefresher(failing)) {
            refresher.refreshNow();
            assertThat(refresher.lastError()).contains("no broker answered");
            assertThat(failing.lastSnapshot()).isEmpty();
        }
    }
}
