package dev.kshell.rules.radar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A certificate against the address clients use, as the JDK's HTTPS endpoint identification judges it. */
@Timeout(30)
class HostnameMatchTest {

    @Test
    void should_match_an_ip_address_only_against_ip_names() {
        assertThat(HostnameMatch.matches("127.0.0.1", List.of("IP:127.0.0.1"), "CN=localhost")).isTrue();
        assertThat(HostnameMatch.matches("127.0.0.1", List.of("DNS:127.0.0.1"), "CN=127.0.0.1")).isFalse();
        assertThat(HostnameMatch.matches("10.0.0.5", List.of("IP:10.0.0.6", "DNS:kafka-1"), "CN=10.0.0.5"))
                .isFalse();
    }

    @Test
    void should_compare_ipv6_names_in_their_normal_form() {
        assertThat(HostnameMatch.matches("0:0:0:0:0:0:0:1", List.of("IP:0:0:0:0:0:0:0:1"), null)).isTrue();
        assertThat(HostnameMatch.matches("[fe80:0:0:0:0:0:0:1]", List.of("IP:FE80:0:0:0:0:0:0:1"), null)).isTrue();
    }

    @Test
    void should_match_host_names_without_regard_to_case_or_a_trailing_dot() {
        assertThat(HostnameMatch.matches("kafka-1.example.com", List.of("DNS:Kafka-1.Example.COM"), null)).isTrue();
        assertThat(HostnameMatch.matches("kafka-1.example.com.", List.of("DNS:kafka-1.example.com"), null)).isTrue();
        assertThat(HostnameMatch.matches("kafka-2.example.com", List.of("DNS:kafka-1.example.com"), null)).isFalse();
    }

    @Test
    void should_take_a_wildcard_only_as_the_left_most_label_and_never_across_a_dot() {
        List<String> wildcard = List.of("DNS:*.kafka.example.com");
        assertThat(HostnameMatch.matches("b1.kafka.example.com", wildcard, null)).isTrue();
        assertThat(HostnameMatch.matches("a.b1.kafka.example.com", wildcard, null)).isFalse();
        assertThat(HostnameMatch.matches("kafka.example.com", wildcard, null)).isFalse();
        assertThat(HostnameMatch.matches("b1.kafka.example.com", List.of("DNS:b1.*.example.com"), null)).isFalse();
        assertThat(HostnameMatch.matches("broker-7.example.com", List.of("DNS:broker-*.example.com"), null)).isTrue();
        assertThat(HostnameMatch.matches("node-7.example.com", List.of("DNS:broker-*.example.com"), null)).isFalse();
    }

    @Test
    void should_refuse_a_wildcard_over_fewer_than_two_labels_and_for_an_ip() {
        assertThat(HostnameMatch.matches("example.com", List.of("DNS:*.com"), null)).isFalse();
        assertThat(HostnameMatch.matches("10.0.0.5", List.of("DNS:*.0.0.5"), null)).isFalse();
    }

    @Test
    void should_fall_back_to_the_common_name_only_without_dns_names() {
        assertThat(HostnameMatch.matches("localhost", List.of(), "CN=localhost,O=kshell")).isTrue();
        assertThat(HostnameMatch.matches("localhost", List.of("IP:127.0.0.1"), "CN=localhost")).isTrue();
        assertThat(HostnameMatch.matches("localhost", List.of("DNS:kafka.example.com"), "CN=localhost")).isFalse();
        assertThat(HostnameMatch.matches("localhost", List.of(), "O=kshell")).isFalse();
    }
}
