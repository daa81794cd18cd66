package dev.kshell.sandbox;

import dev.kshell.util.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.io.File;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Which Kafka a {@link LocalCluster}'s nodes run. Each release needs its own class path (Kafka 3.9's and 4.4's
 * jars cannot share one), so a node of another release than kshell's own runs from the jars Maven resolved for it
 * ({@code kafka-versions/<line>/pom.xml}), with a tiny launcher ({@link NodeMain}) copied beside them.
 *
 * @param version   the Kafka version, e.g. "4.4.0" or "3.9.1"
 * @param classPath the release's jars, or empty for the Kafka on kshell's own class path
 */
public record KafkaRuntime(String version, List<Path> classPath) {

    /** System property naming, per release line, a file that holds its class path: {@code kshell.kafka.3.9.classpath}. */
    public static String classPathProperty(String line) {
        return Environment.kafkaClassPathProperty(line);
    }

    public KafkaRuntime {
        classPath = classPath == null ? List.of() : List.copyOf(classPath);
    }

    /** The Kafka on kshell's own class path (4.4): nodes reuse this JVM's class path. */
    public static KafkaRuntime bundled() {
        return new KafkaRuntime(AppInfoParser.getVersion(), List.of());
    }

    /**
     * A release whose class path Maven wrote into {@code file} ({@code dependency:build-classpath}: entries joined
     * by the path separator).
     *
     * @throws UncheckedIOException if the file cannot be read or names a jar that is missing
     */
    public static KafkaRuntime fromClassPathFile(String version, Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            List<Path> jars = Arrays.stream(text.split(File.pathSeparator)).filter(s -> !s.isBlank())
                    .map(Path::of).toList();
            for (Path jar : jars) {
                if (!Files.exists(jar)) {
                    throw new IOException(jar + " (listed in " + file + ") is missing: resolve Kafka " + version
                            + " again");
                }
            }
            return new KafkaRuntime(version, jars);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Kafka " + version + " class path from " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * The release line named by the operator ("3.9", "4.4"): kshell's own for its line, else the class path file
     * named by {@link #classPathProperty(String)}.
     *
     * @throws IllegalArgumentException naming what to do when the line is unknown or not resolved
     */
    public static KafkaRuntime forLine(String line) {
        KafkaRuntime own = bundled();
        if (own.version().startsWith(line + ".") || own.version().equals(line)) {
            return own;
        }
        String file = Environment.kafkaClassPathFile(line);
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("Kafka " + line + " is not resolved: scripts/kshell --sandbox --kafka "
                    + line + " resolves it with Maven (kafka-versions/" + line + "/pom.xml); kshell's own Kafka is "
                    + own.version());
        }
        return fromClassPathFile(Path.of(file));
    }

    /** A release whose class path Maven wrote into {@code file}; its version is that of its kafka_2.13 jar. */
    public static KafkaRuntime fromClassPathFile(Path file) {
        KafkaRuntime read = fromClassPathFile("unknown", file);
        for (Path jar : read.classPath()) {
            String name = jar.getFileName().toString();
            if (name.startsWith("kafka_2.13-") && name.endsWith(".jar")) {
                return new KafkaRuntime(name.substring("kafka_2.13-".length(), name.length() - ".jar".length()),
                        read.classPath());
            }
        }
        throw new UncheckedIOException(new IOException("no kafka_2.13 jar in the class path listed in " + file));
    }

    /** True when nodes run from kshell's own class path. */
    public boolean isBundled() {
        return classPath.isEmpty();
    }

    /** The major version (3 for "3.9.1"). */
    public int major() {
        return Integer.parseInt(version.split("\\.")[0]);
    }

    /** "3.9" for "3.9.1". */
    public String line() {
        String[] parts = version.split("\\.");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : version;
    }

    /** Kafka 4.0 removed ZooKeeper mode. */
    public boolean supportsZooKeeperMode() {
        return major() < 4;
    }

    /** True when this release can run a dynamic KRaft quorum (KIP-853: Kafka 3.9 and later). */
    public boolean supportsKraftJbod() {
        String[] parts = version.split("\\.");
        int minor = parts.length > 1 ? Integer.parseInt(parts[1].replaceAll("\\D.*", "")) : 0;
        return major() > 3 || (major() == 3 && minor >= 7);
    }

    /** True from Kafka 3.9 (KIP-853). */
    public boolean supportsDynamicQuorum() {
        String[] parts = version.split("\\.");
        int minor = parts.length > 1 ? Integer.parseInt(parts[1].replaceAll("\\D.*", "")) : 0;
        return major() > 3 || (major() == 3 && minor >= 9);
    }
}
