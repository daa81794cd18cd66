package dev.kshell.cluster;

import dev.kshell.model.ConfigKeySource;
import org.apache.kafka.server.config.AbstractKafkaConfig;

import java.util.Set;

/**
 * The broker/controller config keys of the Kafka release on the class path: {@code AbstractKafkaConfig.CONFIG_DEF},
 * the definition {@code kafka.server.KafkaConfig} validates against. Kafka's classes stay out of {@code diagnosis/}:
 * lint (diagnosis.lint.KnownKeys) finds this source through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.kshell.model.ConfigKeySource}).
 */
public final class KafkaConfigKeys implements ConfigKeySource {

    @Override
    public Set<String> keys() {
        return Set.copyOf(AbstractKafkaConfig.CONFIG_DEF.names());
    }
}
