package dev.kshell.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every config Kafka reports for one {@link ConfigEntity} (describeConfigs), each with its effective value and where
 * it comes from. For the cluster-wide default ({@code brokers}) Kafka reports only the values set there.
 *
 * @param entity  whose configs
 * @param entries in Kafka's order
 */
public record EntityConfigs(ConfigEntity entity, List<Entry> entries) {

    /**
     * One config.
     *
     * @param name      the key
     * @param value     the effective value; null when Kafka hides it (a sensitive value) or has none
     * @param source    Kafka's source: DYNAMIC_TOPIC_CONFIG, DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG,
     *                  STATIC_BROKER_CONFIG, DEFAULT_CONFIG, ...
     * @param readOnly  Kafka cannot change it at run time: only server.properties and a restart can
     * @param sensitive a secret (Kafka never returns its value)
     * @param below     the value the next level down gives (Kafka's synonyms: what applies once the entity's own
     *                  value is deleted), or null when no level below sets one
     * @param belowSource that level's source, or null
     */
    public record Entry(String name, String value, String source, boolean readOnly, boolean sensitive, String below,
                        String belowSource) {

        public Entry(String name, String value, String source, boolean readOnly, boolean sensitive) {
            this(name, value, source, readOnly, sensitive, null, null);
        }

        /** True when the value is set on the entity itself (so that deleting it means something). */
        public boolean setOn(ConfigEntity entity) {
            return entity.ownSource().equals(source);
        }
    }

    public EntityConfigs {
        entries = List.copyOf(entries);
    }

    public Optional<Entry> get(String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** By name, in Kafka's order. */
    public Map<String, Entry> byName() {
        Map<String, Entry> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.name(), e));
        return out;
    }
}
