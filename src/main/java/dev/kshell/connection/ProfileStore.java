package dev.kshell.connection;

import dev.kshell.util.Environment;
import dev.kshell.util.Suggest;
import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.kshell.model.RadarThresholds;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.dataformat.yaml.YAMLMapper;
import dev.kshell.util.InputFiles;

/**
 * Reads {@code profiles.yaml} from kshell's home directory ({@code ~/.kshell}, passed in so tests can use a temporary
 * directory). The file maps profile names to settings:
 *
 * <pre>
 * prod-eu:
 *   bootstrap-servers: kafka-1.eu:9092,kafka-2.eu:9092   # or a YAML list; or bootstrap-controllers
 *   command-config: ~/.kshell/prod-eu.properties          # Kafka client properties file
 *   properties: { security.protocol: SASL_SSL }            # inline, applied over command-config
 *   expected-cluster-id: q1Sh-9_ISia_zwGINzRvyQ
 *   timeout: 10s
 *   zookeeper: zk-1.eu:2181,zk-2.eu:2181/kafka             # ZooKeeper-mode clusters: read-only controller checks
 *   cert-warn-days: 14                                     # the radar's windows and limits (docs/radar.md)
 *   cert-critical-days: 3
 *   future-timestamp-max: 1h
 *   clock-skew-max: 30s
 * </pre>
 *
 * <p>Problems come back as values with the file and line, all of them at once; nothing here throws for bad input.
 */
public final class ProfileStore {

    /** The file name inside kshell's home directory. */
    public static final String FILE_NAME = "profiles.yaml";

    static final String BOOTSTRAP_SERVERS = "bootstrap-servers";
    static final String BOOTSTRAP_CONTROLLERS = "bootstrap-controllers";
    static final String COMMAND_CONFIG = "command-config";
    static final String PROPERTIES = "properties";
    static final String EXPECTED_CLUSTER_ID = "expected-cluster-id";
    static final String TIMEOUT = "timeout";
    static final String ZOOKEEPER = "zookeeper";

    /** Every key a profile may have, in the order documented. */
    public static final List<String> KEYS = List.of(BOOTSTRAP_SERVERS, BOOTSTRAP_CONTROLLERS, COMMAND_CONFIG,
            PROPERTIES, EXPECTED_CLUSTER_ID, TIMEOUT, ZOOKEEPER, ProfileRadar.CERT_WARN_DAYS,
            ProfileRadar.CERT_CRITICAL_DAYS, ProfileRadar.FUTURE_TIMESTAMP_MAX, ProfileRadar.CLOCK_SKEW_MAX);

    private static final YAMLMapper YAML = YAMLMapper.shared();

    private ProfileStore() {
    }

    /** {@code home/profiles.yaml}. */
    public static Path file(Path home) {
        return home.resolve(FILE_NAME);
    }

    /**
     * Loads every profile. A missing file is not an error: it is an empty set with {@code exists == false}.
     *
     * @param home kshell's home directory, normally {@code ~/.kshell}
     */
    public static Validated<ProfileSet> load(Path home) {
        Path file = file(home);
        if (!Files.exists(file) && !Files.isSymbolicLink(file)) {
            return Validated.ok(new ProfileSet(file, false, List.of()));
        }
        // a regular UTF-8 file of at most 4 MiB (a FIFO would hang the start, a device never ends)
        return InputFiles.readUtf8(file, InputFiles.MAX_TEXT_BYTES)
                .flatMap(text -> parse(text, file));
    }

    /**
     * Loads the profile called {@code name}. Unlike {@link #load}, a missing file is an error here, because a profile
     * was asked for: {@code no profile 'x' in ~/.kshell/profiles.yaml (known: a, b)}.
     */
    public static Validated<Profile> find(Path home, String name) {
        return load(home).flatMap(set -> set.find(name)
                .<Validated<Profile>>map(Validated::ok)
                .orElseGet(() -> Validated.failed(SettingsError.of("--profile", notFound(set, name)))));
    }

    private static String notFound(ProfileSet set, String name) {
        String where = SettingsError.display(set.file());
        if (!set.exists()) {
            return "no profile '" + name + "' in " + where + " (the file does not exist)";
        }
        if (set.profiles().isEmpty()) {
            return "no profile '" + name + "' in " + where + " (the file has no profiles)";
        }
        String hint = Suggest.closest(name, set.names()).map(s -> "; did you mean '" + s + "'?").orElse("");
        return "no profile '" + name + "' in " + where + " (known: " + String.join(", ", set.names()) + ")" + hint;
    }

    /**
     * Parses the text of a profiles file.
     *
     * @param file where the text came from: named in errors, and relative {@code command-config} paths are resolved
     *             against its directory
     */
    public static Validated<ProfileSet> parse(String text, Path file) {
        return new Reader(file).read(text);
    }

    /** One pass over the token stream; keeps going after an error so that all errors are reported together. */
    private static final class Reader {
        private final Path file;
        private final String source;
        private final List<SettingsError> errors = new ArrayList<>();
        private final List<Profile> profiles = new ArrayList<>();
        private JsonParser p;

        Reader(Path file) {
            this.file = file;
            this.source = SettingsError.display(file);
        }

        Validated<ProfileSet> read(String text) {
            try (JsonParser parser = YAML.createParser(text)) {
                this.p = parser;
                JsonToken t = p.nextToken();
                if (t == null || t == JsonToken.VALUE_NULL) {
                    return done(); // empty file (or only comments): no profiles
                }
                if (t != JsonToken.START_OBJECT) {
                    error("expected profile names mapped to their settings (name: {bootstrap-servers: ...}), found "
                            + describe(t));
                    return done();
                }
                Set<String> seen = new HashSet<>();
                while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                    String name = p.currentName();
                    TokenStreamLocation at = p.currentTokenLocation();
                    if (!seen.add(name)) {
                        error(at, "profile '" + name + "' is defined twice");
                    }
                    JsonToken value = p.nextToken();
                    if (value != JsonToken.START_OBJECT) {
                        error(at, "profile '" + name + "' must be a mapping of settings (bootstrap-servers: host:port"
                                + " ...), found " + describe(value));
                        p.skipChildren();
                        continue;
                    }
                    readProfile(name, at);
                }
            } catch (JacksonException e) {
                TokenStreamLocation at = e.getLocation();
                String message = firstLine(e.getOriginalMessage());
                errors.add(new SettingsError(source, at == null ? 0 : Math.max(0, at.getLineNr()),
                        at == null ? 0 : Math.max(0, at.getColumnNr()), "invalid YAML: " + message));
            }
            return done();
        }

        private Validated<ProfileSet> done() {
            return errors.isEmpty()
                    ? Validated.ok(new ProfileSet(file, true, profiles))
                    : Validated.failed(errors);
        }

        private void readProfile(String name, TokenStreamLocation nameAt) {
            String servers = null;
            String controllers = null;
            Path commandConfig = null;
            Map<String, String> properties = new LinkedHashMap<>();
            String clusterId = null;
            Duration timeout = null;
            String zooKeeper = null;
            ProfileRadar radar = new ProfileRadar();
            int errorsBefore = errors.size();
            Set<String> seen = new HashSet<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String key = p.currentName();
                TokenStreamLocation keyAt = p.currentTokenLocation();
                JsonToken value = p.nextToken();
                if (!seen.add(key)) {
                    error(keyAt, "key '" + key + "' appears twice in profile '" + name + "'");
                }
                switch (key) {
                    case BOOTSTRAP_SERVERS -> servers = hostList(name, key, keyAt, value);
                    case BOOTSTRAP_CONTROLLERS -> controllers = hostList(name, key, keyAt, value);
                    case COMMAND_CONFIG -> {
                        String path = scalar(name, key, keyAt, value);
                        if (path != null) {
                            commandConfig = resolve(path);
                        }
                    }
                    case PROPERTIES -> readProperties(name, keyAt, value, properties);
                    case EXPECTED_CLUSTER_ID -> clusterId = scalar(name, key, keyAt, value);
                    case ZOOKEEPER -> zooKeeper = scalar(name, key, keyAt, value);
                    case TIMEOUT -> timeout = timeout(name, keyAt, scalar(name, key, keyAt, value), timeout);
                    case ProfileRadar.CERT_WARN_DAYS, ProfileRadar.CERT_CRITICAL_DAYS,
                            ProfileRadar.FUTURE_TIMESTAMP_MAX, ProfileRadar.CLOCK_SKEW_MAX ->
                            radar.set(name, key, scalar(name, key, keyAt, value), m -> error(keyAt, m));
                    default -> {
                        String hint = Suggest.closest(key, KEYS).map(s -> " (did you mean '" + s + "'?)")
                                .orElse(" (known keys: " + String.join(", ", KEYS) + ")");
                        error(keyAt, "unknown key '" + key + "' in profile '" + name + "'" + hint);
                        p.skipChildren();
                    }
                }
            }
            checkBootstrap(name, nameAt, servers, controllers, seen);
            RadarThresholds thresholds = radar.build(name, m -> error(nameAt, m));
            if (errors.size() == errorsBefore) {
                profiles.add(new Profile(name, servers, controllers, commandConfig, properties, clusterId, timeout,
                        nameAt.getLineNr(), zooKeeper, thresholds));
            }
        }

        private Duration timeout(String name, TokenStreamLocation keyAt, String text, Duration otherwise) {
            if (text == null) {
                return otherwise;
            }
            Validated<Duration> parsed = Durations.parse(text, source);
            if (parsed instanceof Validated.Ok<Duration> ok) {
                return ok.value();
            }
            error(keyAt, "profile '" + name + "': timeout " + parsed.errors().get(0).message());
            return otherwise;
        }

        /** Exactly one of the two bootstrap lists: said only when the keys are really absent or both there. */
        private void checkBootstrap(String name, TokenStreamLocation nameAt, String servers, String controllers,
                                    Set<String> seen) {
            if (servers == null && controllers == null) {
                // Only when the keys are really absent: a bad value already has its own error.
                if (!seen.contains(BOOTSTRAP_SERVERS) && !seen.contains(BOOTSTRAP_CONTROLLERS)) {
                    error(nameAt, "profile '" + name + "' has neither bootstrap-servers nor bootstrap-controllers;"
                            + " add one, e.g. bootstrap-servers: host:9092");
                }
            } else if (servers != null && controllers != null) {
                error(nameAt, "profile '" + name + "' sets both bootstrap-servers and bootstrap-controllers;"
                        + " keep one (a profile reaches brokers or controllers, not both)");
            }
        }

        private String hostList(String profile, String key, TokenStreamLocation at, JsonToken value) {
            String joined;
            if (value == JsonToken.START_ARRAY) {
                List<String> items = new ArrayList<>();
                JsonToken t;
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (!t.isScalarValue()) {
                        error(p.currentTokenLocation(), "profile '" + profile + "': " + key
                                + " entries must be host:port strings");
                        p.skipChildren();
                        continue;
                    }
                    items.add(p.getString());
                }
                joined = String.join(",", items);
            } else {
                joined = scalar(profile, key, at, value);
                if (joined == null) {
                    return null;
                }
            }
            String normalised = BootstrapList.normalise(joined);
            String problem = BootstrapList.problem(normalised);
            if (problem != null) {
                error(at, "profile '" + profile + "': " + key + " " + problem);
                return null;
            }
            return normalised;
        }

        private void readProperties(String profile, TokenStreamLocation at, JsonToken value, Map<String, String> into) {
            if (value != JsonToken.START_OBJECT) {
                error(at, "profile '" + profile + "': properties must be a mapping (security.protocol: SASL_SSL),"
                        + " found " + describe(value));
                p.skipChildren();
                return;
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String key = p.currentName();
                TokenStreamLocation keyAt = p.currentTokenLocation();
                JsonToken v = p.nextToken();
                if (v == JsonToken.VALUE_NULL) {
                    error(keyAt, "profile '" + profile + "': property '" + key + "' has no value");
                } else if (!v.isScalarValue()) {
                    error(keyAt, "profile '" + profile + "': property '" + key
                            + "' must be a single value, found " + describe(v));
                    p.skipChildren();
                } else {
                    into.put(key, p.getString());
                }
            }
        }

        /** The text of a scalar value, or null after recording an error. */
        private String scalar(String profile, String key, TokenStreamLocation at, JsonToken value) {
            if (value == JsonToken.VALUE_NULL) {
                error(at, "profile '" + profile + "': " + key + " has no value");
                return null;
            }
            if (!value.isScalarValue()) {
                error(at, "profile '" + profile + "': " + key + " must be a single value, found " + describe(value));
                p.skipChildren();
                return null;
            }
            String text = p.getString().trim();
            if (text.isEmpty()) {
                error(at, "profile '" + profile + "': " + key + " is empty");
                return null;
            }
            return text;
        }

        private Path resolve(String path) {
            if (path.equals("~") || path.startsWith("~/")) {
                return Path.of(Environment.userHome() + path.substring(1));
            }
            Path given = Path.of(path);
            if (given.isAbsolute()) {
                return given;
            }
            Path dir = file.toAbsolutePath().getParent();
            return dir == null ? given.toAbsolutePath() : dir.resolve(given).normalize();
        }

        private void error(String message) {
            error(p.currentTokenLocation(), message);
        }

        private void error(TokenStreamLocation at, String message) {
            errors.add(new SettingsError(source, Math.max(0, at.getLineNr()), Math.max(0, at.getColumnNr()), message));
        }

        private static String describe(JsonToken t) {
            if (t == null) {
                return "nothing";
            }
            return switch (t) {
                case START_ARRAY -> "a list";
                case START_OBJECT -> "a mapping";
                case VALUE_NULL -> "nothing";
                default -> "a single value";
            };
        }

        private static String firstLine(String message) {
            if (message == null || message.isBlank()) {
                return "unreadable";
            }
            int nl = message.indexOf('\n');
            return (nl < 0 ? message : message.substring(0, nl)).trim();
        }
    }
}
