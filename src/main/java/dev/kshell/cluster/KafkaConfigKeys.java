package dev.kshell.cluster;

import dev.kshell.diagnosis.lint.KnownKeys;
import org.apache.kafka.server.config.AbstractKafkaConfig;

import java.util.Set;

/**
 * The broker/controller config keys of the Kafka release on the class path: {@code AbstractKafkaConfig.CONFIG_DEF},
 * the definition {@code kafka.server.KafkaConfig} validates against. Kafka's classes stay out of {@code diagnosis/}:
 * lint's {@link KnownKeys} finds this source through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.kshell.diagnosis.lint.KnownKeys$Source}).
 */
public final class KafkaConfigKeys implements KnownKeys.Source {

    @Override
    public Set<String> keys() {
        return Set.copyOf(AbstractKafkaConfig.CONFIG_DEF.names());
    }
}
