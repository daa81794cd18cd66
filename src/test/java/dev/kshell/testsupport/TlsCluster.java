package dev.kshell.testsupport;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;

/**
 * The TLS flavour of the suite's real clusters: a 3-controller + 3-broker 4.4 cluster whose brokers listen on SSL
 * only (the controllers keep a PLAINTEXT controller listener), with a self-signed certificate made by the JDK's
 * keytool (PKCS12, SAN IP:127.0.0.1). Clients need {@link #clientProperties()}.
 */
public final class TlsCluster implements AutoCloseable {

    private static final String PASSWORD = "kshell-test";

    private final Path dir;
    private final LocalCluster cluster;

    private TlsCluster(Path dir, LocalCluster cluster) {
        this.dir = dir;
        this.cluster = cluster;
    }

    public static TlsCluster start() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("kshell-tls-");
        keytool("-genkeypair", "-alias", "kafka", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=IP:127.0.0.1,DNS:localhost", "-storetype", "PKCS12",
                "-keystore", dir.resolve("keystore.p12").toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-alias", "kafka", "-keystore", dir.resolve("keystore.p12").toString(),
                "-storepass", PASSWORD, "-file", dir.resolve("kafka.crt").toString());
        keytool("-importcert", "-noprompt", "-alias", "kafka", "-file", dir.resolve("kafka.crt").toString(),
                "-storetype", "PKCS12", "-keystore", dir.resolve("truststore.p12").toString(), "-storepass", PASSWORD);
        Map<String, String> broker = Map.ofEntries(
                // the broker listener keeps its name and speaks SSL; the controller listener stays PLAINTEXT
                Map.entry("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:SSL"),
                Map.entry("ssl.keystore.type", "PKCS12"),
                Map.entry("ssl.keystore.location", dir.resolve("keystore.p12").toString()),
                Map.entry("ssl.keystore.password", PASSWORD),
                Map.entry("ssl.key.password", PASSWORD),
                Map.entry("ssl.truststore.type", "PKCS12"),
                Map.entry("ssl.truststore.location", dir.resolve("truststore.p12").toString()),
                Map.entry("ssl.truststore.password", PASSWORD));
        LocalCluster cluster = LocalCluster.start(LocalClusterSpec.seed().withFastFailureDetection(true)
                .withExtraBrokerProps(broker), line -> System.out.println("[tls-cluster] " + line));
        return new TlsCluster(dir, cluster);
    }

    public LocalCluster cluster() {
        return cluster;
    }

    /** What a client (kshell's --command-config) needs: SSL and the truststore. */
    public Map<String, String> clientProperties() {
        return Map.of("security.protocol", "SSL", "ssl.truststore.type", "PKCS12",
                "ssl.truststore.location", dir.resolve("truststore.p12").toString(),
                "ssl.truststore.password", PASSWORD);
    }

    @Override
    public void close() {
        cluster.close();
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool " + args[0] + " failed: " + out);
        }
    }
}
