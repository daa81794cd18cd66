package dev.kshell.model;

/**
 * One change of one config: set {@code key} to {@code value}, or delete it from the entity (then the next level's
 * value applies: the broker's, the cluster default, server.properties, Kafka's default).
 *
 * @param key   the config key
 * @param value the new value, or null to delete
 */
public record ConfigOp(String key, String value) {

    public static ConfigOp set(String key, String value) {
        return new ConfigOp(key, value);
    }

    public static ConfigOp delete(String key) {
        return new ConfigOp(key, null);
    }

    public boolean deletes() {
        return value == null;
    }
}
