package dev.kshell.cluster;

import dev.kshell.model.PresentedChain;
import dev.kshell.testsupport.TestTlsServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chain a listener presents, read with no trust store, over real sockets: a TLS listener whose keytool
 * certificate is valid 5 days for kafka.example.com only, one that also asks for a client certificate kshell does not
 * have, a plain listener that drops a TLS hello (as a plaintext Kafka listener does), one that never answers.
 */
@Timeout(60)
class ChainReaderTest {

    @TempDir
    static Path dir;
    private static SSLServerSocket tls;
    private static SSLServerSocket mutual;
    private static ServerSocket dropping;
    private static ServerSocket silent;
    private final ChainReader reader = new ChainReader(Duration.ofMillis(1500));

    @BeforeAll
    static void listen() throws Exception {
        tls = TestTlsServers.tls(dir, "CN=kafka-1,O=kshell", "DNS:kafka.example.com", 5);
        TestTlsServers.serve(tls, s -> ((SSLSocket) s).startHandshake());
        mutual = TestTlsServers.tls(dir, "CN=kafka-1,O=kshell", "DNS:kafka.example.com", 5);
        mutual.setNeedClientAuth(true);
        TestTlsServers.serve(mutual, s -> ((SSLSocket) s).startHandshake());
        dropping = TestTlsServers.plain();
        TestTlsServers.serve(dropping, s -> s.getInputStream().read(new byte[4]));
        silent = TestTlsServers.plain();
        TestTlsServers.serve(silent, s -> Thread.sleep(60_000));
    }

    @AfterAll
    static void close() throws Exception {
        for (ServerSocket s : new ServerSocket[]{tls, mutual, dropping, silent}) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static Radar.TlsTarget target(ServerSocket s, Boolean tls) {
        return new Radar.TlsTarget(4, "broker", "SSL", "127.0.0.1:" + s.getLocalPort(), tls);
    }

    @Test
    void should_read_the_presented_certificate_without_trusting_it() {
        PresentedChain c = reader.readOne(target(tls, true));

        assertThat(c.error()).isNull();
        assertThat(c.tls()).isTrue();
        assertThat(c.address()).isEqualTo("127.0.0.1");
        PresentedChain.Certificate leaf = c.leaf();
        assertThat(leaf.subject()).isEqualTo("CN=kafka-1,O=kshell");
        assertThat(leaf.subjectAltNames()).containsExactly("DNS:kafka.example.com");
        assertThat(leaf.notAfter()).isBetween(Instant.now().plus(Duration.ofDays(4)), Instant.now()
                .plus(Duration.ofDays(5)));
        assertThat(leaf.sha256()).hasSize(64);
    }

    @Test
    void should_read_the_certificate_of_a_listener_that_asks_for_a_client_certificate() {
        PresentedChain c = reader.readOne(target(mutual, true));

        assertThat(c.leaf()).isNotNull();
        assertThat(c.leaf().subject()).isEqualTo("CN=kafka-1,O=kshell");
    }

    @Test
    void should_find_a_listener_of_unknown_protocol_that_does_not_answer_tls_to_be_plain() {
        PresentedChain c = reader.readOne(target(dropping, null));

        assertThat(c.tls()).isFalse();
        assertThat(c.error()).isNull();
        assertThat(c.chain()).isEmpty();
    }

    @Test
    void should_say_why_nothing_was_read_from_a_tls_listener() {
        assertThat(reader.readOne(target(dropping, true)).error()).startsWith("TLS handshake failed before a "
                + "certificate was presented");
        assertThat(reader.readOne(target(silent, true)).error()).isEqualTo("TLS handshake not answered within 1.5 s");
        assertThat(reader.readOne(new Radar.TlsTarget(4, "broker", "SSL", "127.0.0.1:1", true)).error())
                .isEqualTo("connection refused");
    }

    @Test
    void should_ask_nothing_of_a_listener_known_to_be_plain() {
        assertThat(reader.readOne(target(silent, false))).satisfies(c -> {
            assertThat(c.tls()).isFalse();
            assertThat(c.error()).isNull();
        });
    }

    @Test
    void should_read_every_listener_at_once_in_the_order_given() {
        List<PresentedChain> all = reader.read(List.of(target(silent, true), target(tls, true)));

        assertThat(all).extracting(PresentedChain::endpoint).containsExactly("127.0.0.1:" + silent.getLocalPort(),
                "127.0.0.1:" + tls.getLocalPort());
        assertThat(all.get(1).leaf()).isNotNull();
    }

    @Test
    void should_give_ip_literals_their_normal_form() {
        assertThat(ChainReader.normalHost("[::1]")).isEqualTo("0:0:0:0:0:0:0:1");
        assertThat(ChainReader.normalHost("Kafka-1.Example.com.")).isEqualTo("kafka-1.example.com");
    }
}
