package dev.kshell.testsupport;

import dev.kshell.sandbox.KafkaRuntime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The class paths of other Kafka releases for the compatibility matrix, resolved by Maven from
 * {@code kafka-versions/<line>/pom.xml} (the same Maven, settings, local repository and offline mode as the build
 * that runs the tests; surefire passes them) into {@code target/kafka-<line>.classpath}, once per build.
 */
public final class KafkaVersions {

    private KafkaVersions() {
    }

    /** Kafka 3.9 (3.9.1 + ZooKeeper 3.8.4 + its TopicCommand). */
    public static KafkaRuntime kafka39() {
        return resolve("3.9");
    }

    public static synchronized KafkaRuntime resolve(String line) {
        Path pom = Path.of("kafka-versions", line, "pom.xml").toAbsolutePath();
        Path out = Path.of("target", "kafka-" + line + ".classpath").toAbsolutePath();
        try {
            if (!Files.exists(out) || Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(pom)) < 0) {
                runMaven(pom, out);
            }
            return KafkaRuntime.fromClassPathFile(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while resolving Kafka " + line, e);
        }
    }

    private static void runMaven(Path pom, Path out) throws IOException, InterruptedException {
        String home = System.getProperty("maven.home");
        String mvn = home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))
                ? Path.of(home, "bin", "mvn").toString() : "mvn";
        List<String> cmd = new ArrayList<>(List.of(mvn, "-B", "-q", "-f", pom.toString(),
                "dependency:build-classpath", "-Dmdep.outputFile=" + out));
        // "offline=true" (surefire cannot pass a bare boolean of the settings through)
        if (System.getProperty("kshell.maven.offline", "").endsWith("=true")) {
            cmd.add("-o");
        }
        String repo = System.getProperty("kshell.maven.repo");
        if (repo != null && !repo.isBlank() && !repo.startsWith("${")) {
            cmd.add("-Dmaven.repo.local=" + repo);
        }
        Files.createDirectories(out.getParent());
        Path log = out.resolveSibling(out.getFileName() + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("Maven did not resolve " + pom + " within 10 minutes; see " + log);
        }
        if (p.exitValue() != 0 || !Files.exists(out)) {
            throw new IOException("Maven could not resolve " + pom + " (exit " + p.exitValue() + "): "
                    + String.join("\n", Files.readAllLines(log)));
        }
    }
}
