package dev.kshell.model;

import java.util.Set;

/**
 * The names of every broker and controller config key the Kafka release on the class path defines. Lint reads it
 * (through {@link java.util.ServiceLoader}) to call a key unknown; {@code cluster.KafkaConfigKeys}, in the one package
 * that may use Kafka's classes, provides it. A port on the lowest floor, so that neither side imports the other.
 */
public interface ConfigKeySource {
    Set<String> keys();
}
