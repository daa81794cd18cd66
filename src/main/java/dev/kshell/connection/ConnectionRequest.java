package dev.kshell.connection;

import dev.kshell.model.RadarThresholds;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

import dev.kshell.cluster.ClusterTarget;

import java.time.Duration;
import java.util.List;

/**
 * What the operator asked to connect to, as typed (launcher options or {@code connect}).
 *
 * @param bootstrapServers     --bootstrap-server, or null
 * @param bootstrapControllers --bootstrap-controller, or null
 * @param commandConfig        --command-config file, or null
 * @param profile              --profile name, or null
 * @param timeout              --timeout, or null for the profile's or the session's default
 * @param zooKeeper            --zookeeper HOST:PORT[/chroot] of a ZooKeeper-mode cluster, or null (the profile's)
 */
public record ConnectionRequest(String bootstrapServers, String bootstrapControllers, String commandConfig,
                                String profile, Duration timeout, String zooKeeper) {

    /** A request without ZooKeeper. */
    public ConnectionRequest(String bootstrapServers, String bootstrapControllers, String commandConfig,
                             String profile, Duration timeout) {
        this(bootstrapServers, bootstrapControllers, commandConfig, profile, timeout, null);
    }

    public boolean isEmpty() {
        return bootstrapServers == null && bootstrapControllers == null && profile == null;
    }

    /**
     * A request resolved into endpoints and client properties.
     *
     * @param warnings one line each, for the operator (a file holding a secret that others may read), never null
     */
    public record Resolved(ClusterTarget target, String label, String expectedClusterId,
                           List<String> warnings, RadarThresholds radarThresholds) {

        public Resolved {
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
            radarThresholds = radarThresholds == null ? RadarThresholds.DEFAULTS : radarThresholds;
        }

        public Resolved(ClusterTarget target, String label, String expectedClusterId, List<String> warnings) {
            this(target, label, expectedClusterId, warnings, null);
        }

        public Resolved(ClusterTarget target, String label, String expectedClusterId) {
            this(target, label, expectedClusterId, List.of());
        }

        /** The endpoints to connect to, as given. */
        public String endpoints() {
            return target.endpoints();
        }

        public boolean viaControllers() {
            return target.viaControllers();
        }
    }

    /** Thrown with one line naming what was wrong (exit code 2). */
    public static class InvalidRequest extends KshellFailure {
        public InvalidRequest(String message) {
            super(ExitCode.USAGE, message);
        }
    }

    /** Turns requests into targets, reading profiles and client property files. */
    public interface Resolver {
        Resolved resolve(ConnectionRequest request, Duration defaultTimeout);
    }
}
