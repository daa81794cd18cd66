package dev.kshell.render;

import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarThresholds;
import dev.kshell.rules.radar.RadarChecks;
import dev.kshell.rules.radar.RadarReport;
import dev.kshell.testsupport.FakeRadar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code radar} as text: what is due first, a row per listener, and a subject from outside escaped. */
@Timeout(30)
class RadarTablesTest {

    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    private static RadarReport report(String subject, Duration left) {
        PresentedChain.Certificate cert = new PresentedChain.Certificate(subject, "CN=ca", List.of("IP:127.0.0.1"),
                NOW.minus(Duration.ofDays(10)), NOW.plus(left), "1", "aa");
        PresentedChain chain = new PresentedChain(4, "broker", "SSL", "127.0.0.1:9093", "127.0.0.1", true,
                List.of(cert), null);
        PresentedChain plain = new PresentedChain(1, "controller", "CONTROLLER", "127.0.0.1:9090", "127.0.0.1",
                false, List.of(), null);
        return RadarChecks.judge(new RadarChecks.Read("c", "Kafka 4.4", NOW, RadarThresholds.DEFAULTS,
                List.of(chain, plain), List.of(), Map.of(), Map.of("metadata.version", (short) 33), FakeRadar.levels(),
                null, Map.of(), Map.of(), null, List.of())).report();
    }

    @Test
    void should_say_what_is_due_first_then_each_listener() {
        String text = RadarTables.radar(report("CN=localhost", Duration.ofDays(5)), 160, false);

        assertThat(text).startsWith("Kafka 4.4: 1 due: certificate-expiring\n\nCertificates\n");
        assertThat(text).contains("broker 4      SSL         127.0.0.1:9093  CN=localhost  2026-12-10 12:00 UTC  5     "
                + "ok    CN=ca");
        assertThat(text).contains("controller 1  CONTROLLER  127.0.0.1:9090  (no TLS)");
        assertThat(text).contains("metadata.version  4.4-IV2  4.4-IV2 (no downgrade)");
        assertThat(text).contains("  warning broker 4, listener SSL: the certificate CN=localhost expires in 5 days");
    }

    @Test
    void should_say_nothing_due_in_green() {
        String text = RadarTables.radar(report("CN=localhost", Duration.ofDays(200)), 120, true);

        assertThat(Safe.plain(text)).startsWith("Kafka 4.4: nothing due\n");
    }

    @Test
    void should_escape_a_subject_that_carries_control_characters() {
        String text = RadarTables.radar(report("CN=evil\u001b[2J\u202e", Duration.ofDays(5)), 160, false);

        assertThat(text).doesNotContain("\u001b[2J").doesNotContain("\u202e").contains("CN=evil\\x1b[2J");
    }
}
