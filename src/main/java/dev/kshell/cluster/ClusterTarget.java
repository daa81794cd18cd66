package dev.kshell.cluster;

import java.time.Duration;
import java.util.Map;

/**
 * Where and how to connect.
 *
 * @param bootstrapServers     broker endpoints (Kafka's bootstrap.servers), or null
 * @param bootstrapControllers controller endpoints (Kafka's bootstrap.controllers), or null; exactly one of the two
 * @param clientProperties     extra Kafka client properties (TLS, SASL, ...) as given by --command-config
 * @param timeout              deadline of every cluster call
 */
public record ClusterTarget(String bootstrapServers, String bootstrapControllers, Map<String, String> clientProperties,
                            Duration timeout) {

    public ClusterTarget {
        if ((bootstrapServers == null) == (bootstrapControllers == null)) {
            throw new IllegalArgumentException("exactly one of bootstrap servers / bootstrap controllers must be set");
        }
        clientProperties = clientProperties == null ? Map.of() : Map.copyOf(clientProperties);
    }

    public boolean viaControllers() {
        return bootstrapControllers != null;
    }

    /** The endpoints as the operator typed them, for messages. */
    public String endpoints() {
        return viaControllers() ? bootstrapControllers : bootstrapServers;
    }

    public ClusterTarget withTimeout(Duration newTimeout) {
        return new ClusterTarget(bootstrapServers, bootstrapControllers, clientProperties, newTimeout);
    }
}
