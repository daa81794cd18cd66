package dev.kshell.model;

import java.util.Locale;

/**
 * What a config belongs to, as kshell's commands name it: a topic ({@code topic orders}), one broker ({@code broker
 * 4}) or the cluster-wide broker default ({@code brokers}: Kafka's broker resource {@code ""}, what
 * {@code kafka-configs.sh --entity-default} sets).
 *
 * @param kind which of the three
 * @param name the topic's name, the broker's id as text, or "" for the cluster-wide default
 */
public record ConfigEntity(Kind kind, String name) {

    /** The three kinds of config owner. */
    public enum Kind {
        TOPIC, BROKER, BROKERS;

        /** As the commands spell it: {@code topic}, {@code broker}, {@code brokers}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ConfigEntity {
        name = kind == Kind.BROKERS ? "" : name;
        if (kind != Kind.BROKERS && (name == null || name.isEmpty())) {
            throw new IllegalArgumentException(kind.word() + " needs a name");
        }
    }

    public static ConfigEntity topic(String name) {
        return new ConfigEntity(Kind.TOPIC, name);
    }

    public static ConfigEntity broker(int id) {
        return new ConfigEntity(Kind.BROKER, String.valueOf(id));
    }

    public static ConfigEntity brokers() {
        return new ConfigEntity(Kind.BROKERS, "");
    }

    /** The words a kshell command takes for it: {@code topic orders}, {@code broker 4}, {@code brokers}. */
    public String words() {
        return kind == Kind.BROKERS ? "brokers" : kind.word() + " " + name;
    }

    /** For prose: {@code topic orders}, {@code broker 4}, {@code the cluster-wide broker default}. */
    public String label() {
        return kind == Kind.BROKERS ? "the cluster-wide broker default" : words();
    }

    /** Kafka's {@code kafka-configs.sh} entity options. */
    public String kafkaEntity() {
        return switch (kind) {
            case TOPIC -> "--entity-type topics --entity-name " + name;
            case BROKER -> "--entity-type brokers --entity-name " + name;
            case BROKERS -> "--entity-type brokers --entity-default";
        };
    }

    /** Kafka's config source that a value set on this entity carries. */
    public String ownSource() {
        return switch (kind) {
            case TOPIC -> "DYNAMIC_TOPIC_CONFIG";
            case BROKER -> "DYNAMIC_BROKER_CONFIG";
            case BROKERS -> "DYNAMIC_DEFAULT_BROKER_CONFIG";
        };
    }
}
