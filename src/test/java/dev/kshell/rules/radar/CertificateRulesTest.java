package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.Severity;
import dev.kshell.rules.SideFinding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The expiry windows, the address check, one finding per certificate and listener, and how triage takes them. */
@Timeout(30)
class CertificateRulesTest {

    static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");
    private static final RadarThresholds DEFAULTS = RadarThresholds.DEFAULTS;

    static PresentedChain.Certificate cert(String subject, Duration validFor, String sha, String... sans) {
        return new PresentedChain.Certificate(subject, "CN=test-ca", List.of(sans), NOW.minus(Duration.ofDays(300)),
                NOW.plus(validFor), "1f", sha);
    }

    static PresentedChain chain(int broker, String listener, PresentedChain.Certificate... certs) {
        return new PresentedChain(broker, "broker", listener, "127.0.0.1:" + (9090 + broker), "127.0.0.1", true,
                List.of(certs), null);
    }

    @Test
    void should_say_nothing_of_a_certificate_valid_for_30_more_days() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=localhost", Duration.ofDays(30), "aa", "IP:127.0.0.1"))), DEFAULTS, NOW);

        assertThat(j.findings()).isEmpty();
        assertThat(j.rows().get(0).daysLeft()).isEqualTo(30);
        assertThat(j.rows().get(0).severity()).isEqualTo(Severity.INFO);
        assertThat(j.rows().get(0).hostMatches()).isTrue();
    }

    @Test
    void should_warn_of_one_expiring_in_5_days_naming_every_broker_that_presents_it_and_the_listener() {
        PresentedChain.Certificate five = cert("CN=localhost", Duration.ofDays(5).minusMinutes(1), "aa",
                "IP:127.0.0.1");
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL", five), chain(5, "SSL", five),
                chain(6, "SSL", five)), DEFAULTS, NOW);

        assertThat(j.findings()).hasSize(1);
        Finding f = j.findings().get(0);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.rule()).isEqualTo(CertificateRules.EXPIRING);
        assertThat(f.where()).isEqualTo("brokers 4, 5, 6, listener SSL");
        assertThat(f.message()).contains("CN=localhost expires in 5 days (2026-12-10 11:59 UTC), within 14 days");
        SideFinding t = j.forTriage().get(0);
        assertThat(t.step()).isEqualTo(2);
        assertThat(t.finding().severity()).isEqualTo(Severity.WARNING);
        assertThat(t.headline()).isEqualTo("certificate of brokers 4, 5, 6 (listener SSL) expires in 5 days");
    }

    @Test
    void should_call_three_days_critical_and_triage_take_it_as_an_error() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=localhost", Duration.ofDays(2), "aa", "IP:127.0.0.1"))), DEFAULTS, NOW);

        assertThat(j.findings().get(0).severity()).isEqualTo(Severity.CRITICAL);
        assertThat(j.forTriage().get(0).finding().severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void should_call_an_expired_one_critical_in_triage_too() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=localhost", Duration.ofDays(-3), "aa", "IP:127.0.0.1"))), DEFAULTS, NOW);

        assertThat(j.findings().get(0).rule()).isEqualTo(CertificateRules.EXPIRED);
        assertThat(j.findings().get(0).message()).contains("expired 3 days ago");
        assertThat(j.forTriage().get(0).finding().severity()).isEqualTo(Severity.CRITICAL);
        assertThat(j.rows().get(0).daysLeft()).isEqualTo(-3);
    }

    @Test
    void should_take_the_windows_from_the_profile() {
        RadarThresholds wide = new RadarThresholds(40, 10, null, null);
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=localhost", Duration.ofDays(30), "aa", "IP:127.0.0.1"))), wide, NOW);

        assertThat(j.findings().get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(j.findings().get(0).message()).contains("within 40 days");
    }

    @Test
    void should_call_a_certificate_not_valid_for_the_address_critical_and_triage_an_error() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=kafka", Duration.ofDays(300), "aa", "DNS:kafka.example.com"))), DEFAULTS, NOW);

        Finding f = j.findings().get(0);
        assertThat(f.rule()).isEqualTo(CertificateRules.HOST_MISMATCH);
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.message()).contains("not valid for 127.0.0.1").contains("DNS:kafka.example.com");
        assertThat(j.forTriage().get(0).finding().severity()).isEqualTo(Severity.ERROR);
        assertThat(j.rows().get(0).hostMatches()).isFalse();
    }

    @Test
    void should_judge_the_issuing_certificate_of_the_chain_too() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=localhost", Duration.ofDays(300), "aa", "IP:127.0.0.1"),
                cert("CN=intermediate", Duration.ofDays(6), "bb"))), DEFAULTS, NOW);

        assertThat(j.findings().get(0).message()).startsWith("the issuing certificate CN=intermediate in the chain "
                + "expires in 6 days");
        assertThat(j.forTriage().get(0).headline()).startsWith("issuing certificate of broker 4");
        assertThat(j.rows().get(0).earliestInChain()).isEqualTo(NOW.plus(Duration.ofDays(6)));
    }

    @Test
    void should_put_a_controllers_certificate_on_step_1() {
        PresentedChain controller = new PresentedChain(1, "controller", "CONTROLLER", "127.0.0.1:9093", "127.0.0.1",
                true, List.of(cert("CN=localhost", Duration.ofDays(4), "aa", "IP:127.0.0.1")), null);

        CertificateRules.Judged j = CertificateRules.judge(List.of(controller), DEFAULTS, NOW);

        assertThat(j.forTriage().get(0).step()).isEqualTo(1);
        assertThat(j.findings().get(0).where()).isEqualTo("controller 1, listener CONTROLLER");
    }

    @Test
    void should_not_let_a_subject_start_a_line_of_its_own() {
        CertificateRules.Judged j = CertificateRules.judge(List.of(chain(4, "SSL",
                cert("CN=x\nerror broker 9: fake", Duration.ofDays(5), "aa", "IP:127.0.0.1"))), DEFAULTS, NOW);

        assertThat(j.findings().get(0).message()).doesNotContain("\n").contains("CN=x\\nerror broker 9");
    }

    @Test
    void should_list_a_listener_it_could_not_read_without_a_finding() {
        PresentedChain unread = new PresentedChain(4, "broker", "SSL", "127.0.0.1:9094", "127.0.0.1", true,
                List.of(), "connection refused");

        CertificateRules.Judged j = CertificateRules.judge(List.of(unread), DEFAULTS, NOW);

        assertThat(j.findings()).isEmpty();
        assertThat(j.rows().get(0).problem()).isEqualTo("connection refused");
    }

    @Test
    void should_count_days_left_rounded_up() {
        assertThat(CertificateRules.daysLeft(NOW.plus(Duration.ofDays(5)).minusSeconds(60), NOW)).isEqualTo(5);
        assertThat(CertificateRules.daysLeft(NOW.plus(Duration.ofHours(1)), NOW)).isEqualTo(1);
        assertThat(CertificateRules.daysLeft(NOW.minus(Duration.ofDays(2)), NOW)).isEqualTo(-2);
    }
}
