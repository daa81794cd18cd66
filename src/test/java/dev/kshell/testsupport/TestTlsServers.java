package dev.kshell.testsupport;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * Listeners on loopback for the fast tests of TLS code, without Kafka: a TLS server socket presenting a keytool
 * certificate, and an accept loop that hands each connection to a handler (a handshake, a read that drops it, a
 * sleep that never answers).
 */
public final class TestTlsServers {

    private static final String PASSWORD = "kshell-test";

    private TestTlsServers() {
    }

    /** What a listener does with one accepted connection. */
    public interface Handler {
        void handle(Socket s) throws Exception;
    }

    /**
     * A TLS server socket on loopback presenting a new self-signed certificate ({@code keytool -genkeypair}).
     *
     * @param san keytool's {@code -ext SAN=...} value, or null for none
     */
    public static SSLServerSocket tls(Path dir, String dname, String san, int validityDays) throws Exception {
        Path keystore = dir.resolve("keystore-" + System.nanoTime() + ".p12");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString(), "-genkeypair", "-alias", "kafka", "-keyalg", "RSA", "-keysize", "2048", "-validity",
                String.valueOf(validityDays), "-dname", dname, "-storetype", "PKCS12", "-keystore",
                keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD));
        if (san != null) {
            cmd.addAll(List.of("-ext", "SAN=" + san));
        }
        Process keytool = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        keytool.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (!keytool.waitFor(30, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool -genkeypair failed");
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
    }

    /** A plain server socket on loopback. */
    public static ServerSocket plain() throws Exception {
        return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    /** Accepts connections one after the other on a daemon thread, each handed to {@code handler}. */
    public static void serve(ServerSocket server, Handler handler) {
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

    /** "127.0.0.1:PORT" of a loopback listener. */
    public static String at(ServerSocket s) {
        return "127.0.0.1:" + s.getLocalPort();
    }
}
