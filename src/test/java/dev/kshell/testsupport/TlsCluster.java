package dev.kshell.testsupport;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The TLS flavour of the suite's real clusters: a 3-controller + 3-broker cluster (4.4 unless the spec says
 * otherwise) whose brokers listen on SSL only (the controllers keep a PLAINTEXT controller listener). The JDK's keytool
 * makes a test CA and, signed by it, the brokers' certificate (PKCS12, CN=localhost) with the validity and subject
 * alternative names asked for; clients trust the CA ({@link #clientProperties()}), so a certificate issued later
 * ({@link #issue}) is trusted too, as after a real renewal.
 */
public final class TlsCluster implements AutoCloseable {

    private static final String PASSWORD = "kshell-test";

    private final Path dir;
    private final LocalCluster cluster;
    private final boolean verifyHostnames;
    private int issued;

    private TlsCluster(Path dir, LocalCluster cluster, boolean verifyHostnames) {
        this.dir = dir;
        this.cluster = cluster;
        this.verifyHostnames = verifyHostnames;
    }

    /** A certificate valid for a year, for 127.0.0.1 and localhost. */
    public static TlsCluster start() throws IOException, InterruptedException {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How the cluster and its certificate are made. */
    public static final class Builder {
        private int validityDays = 365;
        private String san = "IP:127.0.0.1,DNS:localhost";
        private boolean verifyHostnames = true;
        private UnaryOperator<LocalClusterSpec> spec = s -> s;

        /** How many days the brokers' certificate is valid from now (keytool -validity). */
        public Builder validityDays(int days) {
            this.validityDays = days;
            return this;
        }

        /** The certificate's subject alternative names, as keytool takes them ("IP:127.0.0.1,DNS:localhost"). */
        public Builder san(String names) {
            this.san = names;
            return this;
        }

        /**
         * False: brokers and clients do not check host names ({@code ssl.endpoint.identification.algorithm} empty),
         * as where nobody noticed that the certificate does not name the address.
         */
        public Builder verifyHostnames(boolean verify) {
            this.verifyHostnames = verify;
            return this;
        }

        /** Shapes the cluster (another release, nodes on another release, fast failure detection is already on). */
        public Builder spec(UnaryOperator<LocalClusterSpec> shape) {
            this.spec = shape;
            return this;
        }

        public TlsCluster start() throws IOException, InterruptedException {
            Path dir = Files.createTempDirectory("kshell-tls-");
            keytool("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                    "-dname", "CN=kshell-test-ca", "-ext", "bc:c", "-storetype", "PKCS12", "-keystore",
                    dir.resolve("ca.p12").toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", dir.resolve("ca.p12").toString(),
                    "-storepass", PASSWORD, "-file", dir.resolve("ca.crt").toString());
            keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve("ca.crt").toString(),
                    "-storetype", "PKCS12", "-keystore", dir.resolve("truststore.p12").toString(), "-storepass",
                    PASSWORD);
            Path keystore = issue(dir, "keystore.p12", validityDays, san);
            Map<String, String> broker = new HashMap<>(Map.ofEntries(
                    // the broker listener keeps its name and speaks SSL; the controller listener stays PLAINTEXT
                    Map.entry("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:SSL"),
                    Map.entry("ssl.keystore.type", "PKCS12"),
                    Map.entry("ssl.keystore.location", keystore.toString()),
                    Map.entry("ssl.keystore.password", PASSWORD),
                    Map.entry("ssl.key.password", PASSWORD),
                    Map.entry("ssl.truststore.type", "PKCS12"),
                    Map.entry("ssl.truststore.location", dir.resolve("truststore.p12").toString()),
                    Map.entry("ssl.truststore.password", PASSWORD)));
            if (!verifyHostnames) {
                broker.put("ssl.endpoint.identification.algorithm", "");
            }
            LocalCluster cluster = LocalCluster.start(spec.apply(LocalClusterSpec.seed().withFastFailureDetection(true)
                    .withExtraBrokerProps(broker)), line -> System.out.println("[tls-cluster] " + line));
            return new TlsCluster(dir, cluster, verifyHostnames);
        }
    }

    public LocalCluster cluster() {
        return cluster;
    }

    /** The directory holding the CA, the keystores and the truststore. */
    public Path dir() {
        return dir;
    }

    /** What a client (kshell's --command-config) needs: SSL and the truststore (and no host name check if so made). */
    public Map<String, String> clientProperties() {
        Map<String, String> props = new HashMap<>(Map.of("security.protocol", "SSL", "ssl.truststore.type", "PKCS12",
                "ssl.truststore.location", dir.resolve("truststore.p12").toString(),
                "ssl.truststore.password", PASSWORD));
        if (!verifyHostnames) {
            props.put("ssl.endpoint.identification.algorithm", "");
        }
        return props;
    }

    /** Kafka client settings for this cluster (its brokers, SSL, the truststore): an Admin's, a producer's. */
    public Map<String, Object> adminConfig() {
        Map<String, Object> config = new HashMap<>(clientProperties());
        config.put("bootstrap.servers", cluster.bootstrapServers());
        return config;
    }

    /**
     * A new keystore for the brokers: a new key and a certificate signed by the same CA, with the same subject and
     * subject alternative names (Kafka reloads a keystore at run time only then), valid {@code days} from now.
     */
    public Path issue(int days, String san) throws IOException, InterruptedException {
        return issue(dir, "keystore-" + (++issued) + ".p12", days, san);
    }

    @Override
    public void close() {
        cluster.close();
    }

    private static Path issue(Path dir, String name, int days, String san) throws IOException, InterruptedException {
        Path keystore = dir.resolve(name);
        Path csr = dir.resolve(name + ".csr");
        Path crt = dir.resolve(name + ".crt");
        keytool("-genkeypair", "-alias", "kafka", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=localhost",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass",
                PASSWORD);
        keytool("-certreq", "-alias", "kafka", "-keystore", keystore.toString(), "-storepass", PASSWORD, "-file",
                csr.toString());
        keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", dir.resolve("ca.p12").toString(), "-storepass",
                PASSWORD, "-infile", csr.toString(), "-outfile", crt.toString(), "-validity", String.valueOf(days),
                "-ext", "SAN=" + san);
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve("ca.crt").toString(), "-keystore",
                keystore.toString(), "-storepass", PASSWORD);
        keytool("-importcert", "-alias", "kafka", "-file", crt.toString(), "-keystore", keystore.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        return keystore;
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
