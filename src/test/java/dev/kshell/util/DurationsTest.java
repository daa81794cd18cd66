package dev.kshell.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class DurationsTest {

    @Test
    void should_parse_what_operators_type() {
        assertThat(Durations.parse("1m30s", "--for").orElseThrow()).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("PT10S", "--for").orElseThrow()).isEqualTo(Duration.ofSeconds(10));
        assertThat(Durations.parse("576h", "--timeout").orElseThrow()).isEqualTo(Durations.MAX);
    }

    @Test
    void should_refuse_a_duration_too_long_for_a_client_timeout_instead_of_overflowing() {
        // 9999999999999999h overflowed Duration.ofHours (ArithmeticException, a stack trace at the launcher)
        for (String text : new String[] {"9999999999999999h", "99999999999999999999h", "577h", "34560m1s",
            "PT999999999H", "PT600H", "9223372036854775807s", "9223372036854775807ms1h"}) {
            Validated<Duration> parsed = Durations.parse(text, "--timeout");

            assertThat(parsed.isOk()).as(text).isFalse();
            assertThat(parsed.errors().get(0).format()).as(text).contains("is too long: at most 576h");
        }
    }
}
