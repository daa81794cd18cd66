package dev.kshell.rules.radar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A broker's listeners from its configs, each with its security protocol. */
@Timeout(30)
class ListenersTest {

    @Test
    void should_read_each_listener_with_its_protocol_from_the_map() {
        List<Listeners.Listener> ls = Listeners.parse("PLAINTEXT://10.0.0.5:9092,EXTERNAL://kafka-1.example.com:9094",
                "CONTROLLER:PLAINTEXT,PLAINTEXT:SSL,EXTERNAL:SASL_SSL");

        assertThat(ls).containsExactly(new Listeners.Listener("PLAINTEXT", "10.0.0.5", 9092, "SSL"),
                new Listeners.Listener("EXTERNAL", "kafka-1.example.com", 9094, "SASL_SSL"));
        assertThat(ls).allMatch(Listeners.Listener::tls);
    }

    @Test
    void should_take_a_protocols_name_as_its_protocol_when_the_map_does_not_name_it() {
        assertThat(Listeners.parse("SSL://h:9093,SASL_PLAINTEXT://h:9095,INTERNAL://h:9096", null))
                .extracting(Listeners.Listener::protocol).containsExactly("SSL", "SASL_PLAINTEXT", null);
    }

    @Test
    void should_read_ipv6_hosts_and_an_empty_host() {
        List<Listeners.Listener> ls = Listeners.parse("SSL://[::1]:9093,PLAINTEXT://:9092", "");

        assertThat(ls.get(0).host()).isEqualTo("::1");
        assertThat(ls.get(0).endpoint()).isEqualTo("[::1]:9093");
        assertThat(ls.get(1).host()).isEmpty();
    }

    @Test
    void should_leave_out_what_is_not_a_listener() {
        assertThat(Listeners.parse("nonsense, SSL://h:port ,", "")).isEmpty();
        assertThat(Listeners.parse(null, null)).isEmpty();
    }
}
