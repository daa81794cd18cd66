package dev.kshell.connection;

import dev.kshell.model.RadarThresholds;
import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Files;

/**
 * Everything needed to open a connection, resolved from a profile and/or command-line options.
 * Exactly one of {@code bootstrapServers} and {@code bootstrapControllers} is set.
 *
 * @param bootstrapServers     comma-separated broker host:port list, or null
 * @param bootstrapControllers comma-separated controller host:port list, or null
 * @param clientProperties     Kafka client properties (command-config file, then inline profile properties, then
 *                             {@code --command-config}); may hold secrets: show only through {@link Secrets}
 * @param timeout              deadline for each command's cluster calls, positive
 * @param expectedClusterId    the cluster id the connection must reach, or null for "any"
 * @param profileName          the profile these settings came from, or null when from options only
 * @param radarThresholds      the radar's windows and limits (the profile's, else kshell's defaults); never null
 */
public record ConnectionSettings(String bootstrapServers, String bootstrapControllers,
                                 Map<String, String> clientProperties, Duration timeout, String expectedClusterId,
                                 String profileName, RadarThresholds radarThresholds) {

    /** Used when neither the profile nor {@code --timeout} sets one. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** @throws IllegalArgumentException when not exactly one bootstrap list is set or the timeout is not positive */
    public ConnectionSettings {
        bootstrapServers = BootstrapList.normalise(bootstrapServers);
        bootstrapControllers = BootstrapList.normalise(bootstrapControllers);
        if ((bootstrapServers == null) == (bootstrapControllers == null)) {
            throw new IllegalArgumentException(
                    "exactly one of bootstrapServers and bootstrapControllers must be set");
        }
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        clientProperties = Collections.unmodifiableMap(
                new LinkedHashMap<>(clientProperties == null ? Map.of() : clientProperties));
        radarThresholds = radarThresholds == null ? RadarThresholds.DEFAULTS : radarThresholds;
    }

    /** With kshell's default radar settings. */
    public ConnectionSettings(String bootstrapServers, String bootstrapControllers,
                              Map<String, String> clientProperties, Duration timeout, String expectedClusterId,
                              String profileName) {
        this(bootstrapServers, bootstrapControllers, clientProperties, timeout, expectedClusterId, profileName, null);
    }

    /** True when connecting to controllers directly ({@code --bootstrap-controller}). */
    public boolean viaControllers() {
        return bootstrapControllers != null;
    }

    /** The host:port list that is set, whichever kind it is. */
    public String bootstrap() {
        return viaControllers() ? bootstrapControllers : bootstrapServers;
    }

    /** {@code --bootstrap-server h:9092} or {@code --bootstrap-controller c:9093}, for messages. */
    public String target() {
        return viaControllers() ? "--bootstrap-controller " + bootstrapControllers
                : "--bootstrap-server " + bootstrapServers;
    }

    /** Client properties with secrets masked, for {@code status} and echoes. */
    public Map<String, String> maskedClientProperties() {
        return Secrets.mask(clientProperties);
    }

    /** Never prints secret values. */
    @Override
    public String toString() {
        return "ConnectionSettings[" + target() + ", clientProperties=" + maskedClientProperties()
                + ", timeout=" + Durations.format(timeout) + ", expectedClusterId=" + expectedClusterId
                + ", profileName=" + profileName + "]";
    }

    /** Settings from one profile alone (its command-config file is read here). */
    public static Validated<ConnectionSettings> fromProfile(Profile profile) {
        return build(profile, ConnectionOptions.none());
    }

    /**
     * Resolves options against kshell's home directory. Rules:
     * <ul>
     *   <li>{@code --bootstrap-server} and {@code --bootstrap-controller} together are an error;</li>
     *   <li>with {@code --profile}, the profile is the base and each option given overrides it (a bootstrap option
     *       replaces the profile's target, whichever kind it is; {@code --command-config} properties are applied
     *       over the profile's);</li>
     *   <li>without a profile, one bootstrap option is required;</li>
     *   <li>timeout: {@code --timeout}, else the profile's, else {@link #DEFAULT_TIMEOUT}.</li>
     * </ul>
     * All problems found are returned together.
     *
     * @param home kshell's home directory, normally {@code ~/.kshell}
     */
    public static Validated<ConnectionSettings> resolve(ConnectionOptions options, Path home) {
        if (options.profile() != null && !options.profile().isBlank()) {
            return ProfileStore.find(home, options.profile().trim()).flatMap(p -> build(p, options));
        }
        return build(null, options);
    }

    private static Validated<ConnectionSettings> build(Profile profile, ConnectionOptions options) {
        List<SettingsError> errors = new ArrayList<>();
        String optServers = option(options.bootstrapServer(), "--bootstrap-server", errors);
        String optControllers = option(options.bootstrapController(), "--bootstrap-controller", errors);
        if (options.bootstrapServer() != null && options.bootstrapController() != null) {
            errors.add(SettingsError.of("--bootstrap-server",
                    "give either --bootstrap-server (brokers) or --bootstrap-controller (controllers), not both"));
        }

        String servers = profile == null ? null : profile.bootstrapServers();
        String controllers = profile == null ? null : profile.bootstrapControllers();
        if (options.bootstrapServer() != null || options.bootstrapController() != null) {
            servers = optServers;
            controllers = optControllers;
        }
        if (profile == null && options.bootstrapServer() == null && options.bootstrapController() == null) {
            errors.add(SettingsError.of("connect",
                    "no cluster given: use --bootstrap-server host:9092, --bootstrap-controller host:9093"
                            + " or --profile NAME"));
        }

        Map<String, String> props = new LinkedHashMap<>();
        if (profile != null) {
            if (profile.commandConfig() != null) {
                addFile(profile.commandConfig(), props, errors);
            }
            props.putAll(profile.properties());
        }
        if (options.commandConfig() != null) {
            if (options.commandConfig().isBlank()) {
                errors.add(SettingsError.of("--command-config", "needs a file name"));
            } else {
                addFile(Path.of(options.commandConfig().trim()), props, errors);
            }
        }

        Duration timeout = profile != null && profile.timeout() != null ? profile.timeout() : DEFAULT_TIMEOUT;
        if (options.timeout() != null) {
            Validated<Duration> parsed = Durations.parse(options.timeout(), "--timeout");
            if (parsed instanceof Validated.Ok<Duration> ok) {
                timeout = ok.value();
            } else {
                errors.addAll(parsed.errors());
            }
        }

        checkStoreFiles(props, errors);
        if (!errors.isEmpty()) {
            return Validated.failed(errors);
        }
        return Validated.ok(new ConnectionSettings(servers, controllers, props, timeout,
                profile == null ? null : profile.expectedClusterId(), profile == null ? null : profile.name(),
                profile == null ? null : profile.radar()));
    }

    private static String option(String value, String name, List<SettingsError> errors) {
        if (value == null) {
            return null;
        }
        String normalised = BootstrapList.normalise(value);
        String problem = BootstrapList.problem(normalised);
        if (problem != null) {
            errors.add(SettingsError.of(name, problem));
            return null;
        }
        return normalised;
    }

    /** The client properties that name a file the Kafka client reads when it connects. */
    static final List<String> STORE_FILE_KEYS = List.of("ssl.keystore.location", "ssl.truststore.location");

    // A keystore or truststore named but missing (or a FIFO, a directory) is a settings error, one line and exit 2,
    // before the Admin client is made: Kafka's own report is a KafkaException around a NoSuchFileException (exit 5).
    private static void checkStoreFiles(Map<String, String> props, List<SettingsError> errors) {
        for (String key : STORE_FILE_KEYS) {
            String location = props.get(key);
            if (location == null || location.isBlank()) {
                continue;
            }
            Path file = Path.of(location.trim());
            String where = key + " " + SettingsError.display(file);
            if (!Files.exists(file)) {
                errors.add(SettingsError.of(where, "no such file"));
            } else if (!Files.isRegularFile(file)) {
                errors.add(SettingsError.of(where, "is not a regular file"));
            } else if (!Files.isReadable(file)) {
                errors.add(SettingsError.of(where, "permission denied"));
            }
        }
    }

    private static void addFile(Path file, Map<String, String> into, List<SettingsError> errors) {
        Validated<Map<String, String>> loaded = ClientProperties.load(file);
        if (loaded instanceof Validated.Ok<Map<String, String>> ok) {
            into.putAll(ok.value());
        } else {
            errors.addAll(loaded.errors());
        }
    }
}
