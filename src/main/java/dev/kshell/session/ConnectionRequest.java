package dev.kshell.session;

import dev.kshell.cluster.ClusterTarget;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What the operator asked to connect to, as typed (launcher options or {@code connect}).
 *
 * @param bootstrapServers     --bootstrap-server, or null
 * @param bootstrapControllers --bootstrap-controller, or null
 * @param commandConfig        --command-config file, or null
 * @param profile              --profile name, or null
 * @param timeout              --timeout, or null for the profile's or the session's default
 */
public record ConnectionRequest(String bootstrapServers, String bootstrapControllers, String commandConfig,
                                String profile, Duration timeout) {

    public boolean isEmpty() {
        return bootstrapServers == null && bootstrapControllers == null && profile == null;
    }

    /** A request resolved into endpoints and client properties. */
    public record Resolved(ClusterTarget target, String label, String expectedClusterId) {
    }

    /** Thrown with one line naming what was wrong (exit code 2). */
    public static class InvalidRequest extends RuntimeException {
        public InvalidRequest(String message) {
            super(message);
        }
    }

    /** Turns requests into targets, reading profiles and client property files. */
    public interface Resolver {
        Resolved resolve(ConnectionRequest request, Duration defaultTimeout);
    }

    /** Reads a Kafka client properties file (as Kafka's tools' --command-config). */
    public static Map<String, String> readClientProperties(String file) {
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw new InvalidRequest("--command-config " + file + ": no such file");
        }
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
            props.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidRequest("--command-config " + file + ": cannot read: " + e.getMessage());
        }
        Map<String, String> map = new HashMap<>();
        props.stringPropertyNames().forEach(k -> map.put(k, props.getProperty(k)));
        return map;
    }
}
