package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.EntityConfigs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which configs an incident cares about first, which are secrets, and how values read. Pure.
 */
public final class ConfigKeys {

    public static final String MIN_ISR = "min.insync.replicas";
    public static final String UNCLEAN = "unclean.leader.election.enable";
    /** What a masked value shows. */
    public static final String MASK = "****";

    /** Shown first, in this order, whatever their source: what decides availability and durability in an incident. */
    public static final List<String> INCIDENT_KEYS = List.of(MIN_ISR, UNCLEAN, "retention.ms", "retention.bytes",
            "log.retention.ms", "log.retention.hours", "log.retention.bytes", "cleanup.policy",
            "leader.replication.throttled.rate", "follower.replication.throttled.rate",
            "leader.replication.throttled.replicas", "follower.replication.throttled.replicas",
            "replica.alter.log.dirs.io.max.bytes.per.second", "message.timestamp.type", "max.message.bytes",
            "message.max.bytes", "default.replication.factor", "offsets.topic.replication.factor",
            "transaction.state.log.replication.factor", "transaction.state.log.min.isr", "auto.leader.rebalance.enable",
            "broker.session.timeout.ms", "replica.lag.time.max.ms", "segment.ms", "segment.bytes");

    private ConfigKeys() {
    }

    /**
     * A secret: Kafka says so (a sensitive entry), or its name does (password, secret, jaas, token, a private key),
     * as kshell masks secrets everywhere else (docs/elections.md, "Secrets in what kshell writes").
     */
    public static boolean secret(String key, EntityConfigs.Entry entry) {
        if (entry != null && entry.sensitive()) {
            return true;
        }
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.contains("jaas") || k.contains("token")
                || k.endsWith("keystore.key") || k.contains("private.key") || k.endsWith(".credentials");
    }

    /** The value as shown: masked for a secret, {@code (not set)} for none. */
    public static String shown(String key, String value, EntityConfigs.Entry entry) {
        if (secret(key, entry)) {
            return MASK;
        }
        return value == null ? "(not set)" : value;
    }

    /**
     * The entries to show: the incident keys first (those the entity has), then, in Kafka's order, every value set
     * somewhere other than Kafka's own default, or with {@code all} everything.
     */
    public static List<EntityConfigs.Entry> ordered(EntityConfigs configs, boolean all) {
        List<EntityConfigs.Entry> out = new ArrayList<>();
        for (String key : INCIDENT_KEYS) {
            configs.get(key).ifPresent(out::add);
        }
        for (EntityConfigs.Entry e : configs.entries()) {
            if (!out.contains(e) && (all || !"DEFAULT_CONFIG".equals(e.source()))) {
                out.add(e);
            }
        }
        return out;
    }

    /** Kafka's source in words. */
    public static String source(String source) {
        if (source == null) {
            return "-";
        }
        return switch (source) {
            case "DYNAMIC_TOPIC_CONFIG" -> "dynamic topic";
            case "DYNAMIC_BROKER_CONFIG" -> "dynamic broker";
            case "DYNAMIC_DEFAULT_BROKER_CONFIG" -> "dynamic default";
            case "DYNAMIC_BROKER_LOGGER_CONFIG" -> "dynamic logger";
            case "DYNAMIC_CLIENT_METRICS_CONFIG" -> "dynamic client metrics";
            case "DYNAMIC_GROUP_CONFIG" -> "dynamic group";
            case "STATIC_BROKER_CONFIG" -> "server.properties";
            case "DEFAULT_CONFIG" -> "Kafka's default";
            default -> source.toLowerCase(Locale.ROOT).replace('_', ' ');
        };
    }

    /** True when a value from this source can be deleted from {@code entity} (it is set there). */
    public static boolean setOn(ConfigEntity entity, String source) {
        return entity.ownSource().equals(source);
    }
}
