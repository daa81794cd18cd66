package dev.kshell.model;

/**
 * One config value as a broker reports it.
 *
 * @param value    the effective value (null when Kafka reports none, e.g. a sensitive value)
 * @param source   Kafka's config source name: DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG,
 *                 STATIC_BROKER_CONFIG, DEFAULT_CONFIG, ...
 * @param readOnly true when Kafka cannot change it at run time (then only server.properties and a restart can)
 */
public record ConfigValue(String value, String source, boolean readOnly) {

    public boolean isTrue() {
        return Boolean.parseBoolean(value);
    }

    /** The value as a whole number, or null when it is not one. */
    public Integer asInt() {
        try {
            return value == null ? null : Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
