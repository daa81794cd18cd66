package dev.kshell.rules.lint;

import dev.kshell.util.EditDistance;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import dev.kshell.model.ConfigKeySource;

/**
 * The broker/controller config keys Kafka knows, taken from Kafka itself
 * ({@code AbstractKafkaConfig.CONFIG_DEF}, the definition {@code kafka.server.KafkaConfig} validates against), plus
 * keys read by plugins Kafka ships and prefixes whose keys go to plugins or per-listener overrides.
 */
public final class KnownKeys {

    /** Keys outside CONFIG_DEF that Kafka's own plugins read (StandardAuthorizer). */
    private static final List<String> PLUGIN_KEYS = List.of("super.users", "allow.everyone.if.no.acl.found");

    /** Prefixes whose keys are never flagged: per-listener overrides, security and plugin settings, logging. */
    private static final List<String> OPEN_PREFIXES = List.of("listener.name.", "ssl.", "sasl.", "log4j",
            "config.providers.", "rsm.config.", "rlmm.config.", "remote.log.metadata.", "remote.log.storage.",
            "client.quota.callback.", "kafka.metrics.", "authorizer.", "confluent.");

    private static final KnownKeys KAFKA = new KnownKeys(loadFromKafka());

    private final Set<String> keys;

    KnownKeys(Set<String> keys) {
        TreeSet<String> all = new TreeSet<>(keys);
        all.addAll(PLUGIN_KEYS);
        this.keys = Collections.unmodifiableSet(all);
    }

    /** The keys of the Kafka version on the class path (empty set if Kafka's config classes cannot load). */
    public static KnownKeys kafka() {
        return KAFKA;
    }

    /** For tests: a fixed key set. */
    static KnownKeys of(Set<String> keys) {
        return new KnownKeys(keys);
    }

    /** False when Kafka's definitions could not be loaded: then nothing is reported as unknown. */
    public boolean available() {
        return keys.size() > PLUGIN_KEYS.size();
    }

    public Set<String> keys() {
        return keys;
    }

    /** True when the key is defined or sits under a prefix whose keys go to plugins or listener overrides. */
    public boolean isKnown(String key) {
        if (!available() || keys.contains(key)) {
            return true;
        }
        for (String prefix : OPEN_PREFIXES) {
            if (key.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The closest known key within a small edit distance (scaled with the key's length), if any. */
    public Optional<String> suggest(String key) {
        String probe = key.trim().toLowerCase(Locale.ROOT).replace('_', '.').replace('-', '.');
        int limit = probe.length() <= 8 ? 1 : probe.length() <= 16 ? 2 : 3;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : keys) {
            if (Math.abs(candidate.length() - probe.length()) > limit) {
                continue;
            }
            int d = EditDistance.between(probe, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return bestDistance <= limit && !key.equals(best) ? Optional.of(best) : Optional.empty();
    }

    /**
     * The keys of the first {@link dev.kshell.model.ConfigKeySource} on the class path; none (then nothing is reported as unknown) when Kafka's
     * definitions cannot load, rather than a guess from a stale list.
     */
    private static Set<String> loadFromKafka() {
        try {
            return ServiceLoader.load(ConfigKeySource.class, KnownKeys.class.getClassLoader()).findFirst()
                    .map(source -> Set.copyOf(new TreeSet<>(source.keys()))).orElse(Set.of());
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            return Set.of();
        }
    }
}
