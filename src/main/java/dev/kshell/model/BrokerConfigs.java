package dev.kshell.model;

import java.util.Map;
import java.util.TreeMap;
import java.util.Collections;

/**
 * Broker-level configs as the cluster reports them, for the config audit.
 *
 * @param clusterDefault cluster-wide dynamic defaults (Kafka's broker resource "" : only values set with
 *                       {@code kafka-configs.sh --entity-default}), by config name
 * @param brokers        each answering broker's effective values (with the source that won), by broker id, then
 *                       config name
 * @param errors         brokers whose configs could not be read, with the reason (one sentence)
 */
public record BrokerConfigs(Map<String, ConfigValue> clusterDefault, Map<Integer, Map<String, ConfigValue>> brokers,
                            Map<Integer, String> errors) {

    public BrokerConfigs {
        clusterDefault = Map.copyOf(clusterDefault);
        Map<Integer, Map<String, ConfigValue>> sorted = new TreeMap<>();
        brokers.forEach((id, values) -> sorted.put(id, Map.copyOf(values)));
        brokers = Collections.unmodifiableMap(sorted);
        errors = Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    public static BrokerConfigs empty() {
        return new BrokerConfigs(Map.of(), Map.of(), Map.of());
    }
}
