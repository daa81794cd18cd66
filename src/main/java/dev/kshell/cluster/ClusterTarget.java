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
 * @param zooKeeper            a ZooKeeper-mode cluster's ensemble, {@code HOST:PORT[,HOST:PORT...][/chroot]} as
 *                             given by --zookeeper (read-only: controller, epoch, registered brokers), or null
 */
public record ClusterTarget(String bootstrapServers, String bootstrapControllers, Map<String, String> clientProperties,
                            Duration timeout, String zooKeeper) {

    public ClusterTarget {
        if ((bootstrapServers == null) == (bootstrapControllers == null)) {
            throw new IllegalArgumentException("exactly one of bootstrap servers / bootstrap controllers must be set");
        }
        clientProperties = clientProperties == null ? Map.of() : Map.copyOf(clientProperties);
        zooKeeper = zooKeeper == null || zooKeeper.isBlank() ? null : zooKeeper.trim();
    }

    /** A target without ZooKeeper. */
    public ClusterTarget(String bootstrapServers, String bootstrapControllers, Map<String, String> clientProperties,
                         Duration timeout) {
        this(bootstrapServers, bootstrapControllers, clientProperties, timeout, null);
    }

    public boolean viaControllers() {
        return bootstrapControllers != null;
    }

    /** The endpoints as the operator typed them, for messages. */
    public String endpoints() {
        return viaControllers() ? bootstrapControllers : bootstrapServers;
    }

    public ClusterTarget withTimeout(Duration newTimeout) {
        return new ClusterTarget(bootstrapServers, bootstrapControllers, clientProperties, newTimeout, zooKeeper);
    }

    /** This target with (or, for null, without) a ZooKeeper ensemble to read. */
    public ClusterTarget withZooKeeper(String connect) {
        return new ClusterTarget(bootstrapServers, bootstrapControllers, clientProperties, timeout, connect);
    }
}
