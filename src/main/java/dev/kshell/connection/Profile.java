package dev.kshell.connection;

import dev.kshell.model.RadarThresholds;
import dev.kshell.util.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One named cluster from {@code ~/.kshell/profiles.yaml}. Exactly one of {@code bootstrapServers} and
 * {@code bootstrapControllers} is set (the loader guarantees it).
 *
 * @param name                 the profile name, as written in the file
 * @param bootstrapServers     comma-separated host:port list of brokers, or null
 * @param bootstrapControllers comma-separated host:port list of controllers, or null
 * @param commandConfig        Kafka client properties file (absolute; relative paths in the file are resolved
 *                             against the directory of profiles.yaml), or null
 * @param properties           inline client properties, in file order; applied over {@code commandConfig}'s
 * @param expectedClusterId    the cluster id this profile must reach (a guard against the wrong cluster), or null
 * @param timeout              default deadline for each command, or null for kshell's default
 * @param line                 1-based line of the profile's name in the file
 * @param zooKeeper            {@code zookeeper: HOST:PORT[/chroot]} of a ZooKeeper-mode cluster (read-only), or null
 * @param radar                the radar's windows and limits ({@code cert-warn-days}, {@code cert-critical-days},
 *                             {@code future-timestamp-max}, {@code clock-skew-max}), or null for kshell's defaults
 */
public record Profile(String name, String bootstrapServers, String bootstrapControllers, Path commandConfig,
                      Map<String, String> properties, String expectedClusterId, Duration timeout, int line,
                      String zooKeeper, RadarThresholds radar) {

    public Profile {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties == null ? Map.of() : properties));
    }

    /** A profile with kshell's default radar settings. */
    public Profile(String name, String bootstrapServers, String bootstrapControllers, Path commandConfig,
                   Map<String, String> properties, String expectedClusterId, Duration timeout, int line,
                   String zooKeeper) {
        this(name, bootstrapServers, bootstrapControllers, commandConfig, properties, expectedClusterId, timeout, line,
                zooKeeper, null);
    }

    /** A profile without ZooKeeper. */
    public Profile(String name, String bootstrapServers, String bootstrapControllers, Path commandConfig,
                   Map<String, String> properties, String expectedClusterId, Duration timeout, int line) {
        this(name, bootstrapServers, bootstrapControllers, commandConfig, properties, expectedClusterId, timeout, line,
                null);
    }

    /** What this profile connects to: {@code bootstrap-servers h1:9092} or {@code bootstrap-controllers c1:9093}. */
    public String target() {
        return bootstrapServers != null
                ? "bootstrap-servers " + bootstrapServers
                : "bootstrap-controllers " + bootstrapControllers;
    }

    /** Never prints secret values. */
    @Override
    public String toString() {
        return "Profile[name=" + name + ", " + target() + ", commandConfig=" + commandConfig
                + ", properties=" + Secrets.mask(properties) + ", expectedClusterId=" + expectedClusterId
                + ", timeout=" + Durations.format(timeout) + ", line=" + line + "]";
    }
}
