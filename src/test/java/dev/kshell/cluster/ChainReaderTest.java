package dev.kshell.cluster;

import dev.kshell.model.PresentedChain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
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

    private static final char[] PASSWORD = "kshell-test".toCharArray();
    @TempDir
    static Path dir;
    private static SSLServerSocket tls;
    private static SSLServerSocket mutual;
    private static ServerSocket dropping;
    private static ServerSocket silent;
    private final ChainReader reader = new ChainReader(Duration.ofMillis(1500));

    @BeforeAll
    static void listen() throws Exception {
        Path keystore = dir.resolve("keystore.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "kafka", "-keyalg", "RSA", "-keysize", "2048", "-validity", "5",
                "-dname", "CN=kafka-1,O=kshell", "-ext", "SAN=DNS:kafka.example.com", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", new String(PASSWORD), "-keypass",
                new String(PASSWORD)).redirectErrorStream(true).start();
        keytool.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertThat(keytool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        tls = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        serve(tls, s -> ((SSLSocket) s).startHandshake());
        mutual = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        mutual.setNeedClientAuth(true);
        serve(mutual, s -> ((SSLSocket) s).startHandshake());
        dropping = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        serve(dropping, s -> s.getInputStream().read(new byte[4]));
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        serve(silent, s -> Thread.sleep(60_000));
    }

    interface Handler {
        void handle(Socket s) throws Exception;
    }

    private static void serve(ServerSocket server, Handler handler) {
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                    handler.handle(s);
                } catch (Exception e) {
                    // the client went away: the next one
                }
            }
        }, "test-listener");
        thread.setDaemon(true);
        thread.start();
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
