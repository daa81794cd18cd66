package dev.kshell.cluster;

import dev.kshell.testsupport.TestTlsServers;

import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLHandshakeException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A connection without TLS to a listener that speaks it, and the two ways a secured connection fails, each said as
 * such: real sockets (a TLS listener with a keytool certificate, a listener that drops what it cannot read, one that
 * accepts and never answers).
 */
@Timeout(60)
class ReachabilityTlsTest {

    @TempDir
    static Path dir;
    private static SSLServerSocket tls;
    private static ServerSocket dropping;
    private static ServerSocket silent;

    @BeforeAll
    static void listen() throws Exception {
        tls = TestTlsServers.tls(dir, "CN=localhost", null, 2);
        TestTlsServers.serve(tls, s -> ((SSLSocket) s).startHandshake());
        // a plaintext Kafka listener reads a TLS hello as an absurd request size and closes the connection
        dropping = TestTlsServers.plain();
        TestTlsServers.serve(dropping, s -> s.getInputStream().read(new byte[4]));
        // a black hole: accepts (the kernel would, for a frozen process) and never answers
        silent = TestTlsServers.plain();
        TestTlsServers.serve(silent, s -> Thread.sleep(60_000));
    }

    @AfterAll
    static void close() throws Exception {
        for (ServerSocket s : new ServerSocket[]{tls, dropping, silent}) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static String at(ServerSocket s) {
        return "127.0.0.1:" + s.getLocalPort();
    }

    @Test
    void should_name_a_tls_listener_reached_without_tls_and_the_setting_to_change() {
        assertThat(Reachability.tlsWhereNoneIsUsed(at(tls), Map.of())).hasValue(at(tls) + " speaks TLS, but this "
                + "connection uses security.protocol=PLAINTEXT: set security.protocol=SSL and ssl.truststore.location "
                + "(with its password) in the connection's client properties");
        assertThat(Reachability.tlsWhereNoneIsUsed(at(silent) + "," + at(tls),
                Map.of("security.protocol", "SASL_PLAINTEXT"))).get().asString()
                .startsWith(at(tls) + " speaks TLS, but this connection uses security.protocol=SASL_PLAINTEXT: "
                        + "set security.protocol=SASL_SSL");
    }

    @Test
    void should_answer_a_call_over_plaintext_to_a_tls_listener_with_the_mismatch_not_a_timeout() {
        try (AdminClientGateway gateway = new AdminClientGateway(new ClusterTarget(at(tls), null, Map.of(),
                Duration.ofSeconds(30)))) {
            assertThatThrownBy(gateway::clusterId).isInstanceOfSatisfying(ClusterException.class, e -> {
                assertThat(e.kind()).isEqualTo(ClusterException.Kind.INVALID);
                assertThat(e.getMessage()).startsWith(at(tls) + " speaks TLS, but this connection uses "
                        + "security.protocol=PLAINTEXT");
            });
        }
    }

    @Test
    void should_say_nothing_of_tls_where_the_listener_does_not_speak_it_or_the_connection_uses_it() {
        assertThat(Reachability.tlsWhereNoneIsUsed(at(dropping), Map.of())).isEmpty();
        assertThat(Reachability.tlsWhereNoneIsUsed(at(silent), Map.of())).isEmpty();
        assertThat(Reachability.tlsWhereNoneIsUsed(at(tls), Map.of("security.protocol", "SSL"))).isEmpty();
        assertThat(Reachability.tlsWhereNoneIsUsed("127.0.0.1:1", Map.of())).isEmpty();
    }

    @Test
    void should_tell_a_failed_tls_handshake_from_a_refused_sasl_login_each_with_its_next_step() {
        ClusterTarget ssl = new ClusterTarget("b1:9093", null, Map.of("security.protocol", "SSL"), Duration.ofSeconds(5));
        ClusterException handshake = KafkaErrors.translateCause(ssl, "describeCluster",
                new SslAuthenticationException("SSL handshake failed",
                        new SSLHandshakeException("PKIX path building failed: unable to find valid certification path")));
        assertThat(handshake.kind()).isEqualTo(ClusterException.Kind.DENIED);
        assertThat(handshake.getMessage()).isEqualTo("TLS handshake with b1:9093 failed: PKIX path building failed: "
                + "unable to find valid certification path (next: the listener must speak TLS for security.protocol=SSL, "
                + "and ssl.truststore.location must trust its certificate)");
        ClusterTarget sasl = new ClusterTarget("b1:9094", null, Map.of("security.protocol", "SASL_SSL"),
                Duration.ofSeconds(5));
        ClusterException login = KafkaErrors.translateCause(sasl, "describeCluster", new SaslAuthenticationException(
                "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512"));
        assertThat(login.kind()).isEqualTo(ClusterException.Kind.DENIED);
        assertThat(login.getMessage()).startsWith("SASL authentication to b1:9094 failed: Authentication failed during "
                + "authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512 (next: check "
                + "sasl.mechanism and the user and password in sasl.jaas.config");
    }
}
