package dev.kshell.sandbox;

import java.nio.file.Path;
import java.util.Map;

/**
 * The shape of a {@link LocalCluster}.
 *
 * <p>Node ids follow the seed incident: controllers are {@code 1..controllers}, brokers
 * {@code controllers+1..controllers+brokers}.
 *
 * @param controllers          number of controller nodes (1 or more; 3 for a quorum that survives one loss)
 * @param brokers              number of broker nodes (1 or more)
 * @param dataDir              where node directories go; {@code null} means a fresh temp dir deleted on close
 * @param fastFailureDetection {@code broker.session.timeout.ms=3000} and {@code broker.heartbeat.interval.ms=500}
 *                             (a killed broker is fenced in ~3 s instead of ~9 s); for tests and demos
 * @param extraBrokerProps     extra {@code server.properties} entries for brokers only, applied last (they win);
 *                             note that in KRaft some topic defaults ({@code num.partitions},
 *                             {@code default.replication.factor}) are applied by the controller
 * @param runtime              which Kafka the nodes run ({@link KafkaRuntime#bundled()}, kshell's own 4.4, when null)
 * @param zooKeeperMode        a ZooKeeper-mode cluster (Kafka 3.x and older): node 1 is a standalone ZooKeeper
 *                             server instead of the controllers, and the brokers keep their ids
 *                             ({@code controllers+1..}, so the seed shape gives ZooKeeper 1 and brokers 4-6)
 * @param extraControllerProps extra {@code server.properties} entries for KRaft controllers only, applied last;
 *                             the controller is what acts on e.g. {@code auto.leader.rebalance.enable} and
 *                             {@code broker.session.timeout.ms}
 * @param dynamicQuorum        a dynamic quorum (KIP-853, Kafka 3.9+, {@code kraft.version} 1): every node carries
 *                             {@code controller.quorum.bootstrap.servers} instead of {@code controller.quorum.voters}
 *                             and is formatted with the same {@code --initial-controllers} (each controller's id,
 *                             endpoint and a random directory id); false for a static quorum
 *                             ({@code controller.quorum.voters}), which cannot change its voters
 * @param twoLogDirs           each broker has two log directories ({@code data}, {@code data2}: JBOD, so that one
 *                             can fail while the broker runs on; KRaft needs Kafka 3.7+ for it)
 * @param nodeRuntimes         nodes that run another release than {@code runtime}, by id (brokers on two releases,
 *                             as a rolling upgrade leaves them; the storage is formatted by {@code runtime}, so the
 *                             metadata.version is one both support)
 */
public record LocalClusterSpec(int controllers, int brokers, Path dataDir, boolean fastFailureDetection,
                               Map<String, String> extraBrokerProps, KafkaRuntime runtime, boolean zooKeeperMode,
                               Map<String, String> extraControllerProps, boolean dynamicQuorum, boolean twoLogDirs,
                               Map<Integer, KafkaRuntime> nodeRuntimes) {

    public LocalClusterSpec {
        if (controllers < 1) {
            throw new IllegalArgumentException("controllers must be at least 1, was " + controllers);
        }
        if (brokers < 1) {
            throw new IllegalArgumentException("brokers must be at least 1, was " + brokers);
        }
        extraBrokerProps = extraBrokerProps == null ? Map.of() : Map.copyOf(extraBrokerProps);
        extraControllerProps = extraControllerProps == null ? Map.of() : Map.copyOf(extraControllerProps);
        runtime = runtime == null ? KafkaRuntime.bundled() : runtime;
        nodeRuntimes = nodeRuntimes == null ? Map.of() : Map.copyOf(nodeRuntimes);
        if (zooKeeperMode && !runtime.supportsZooKeeperMode()) {
            throw new IllegalArgumentException("Kafka " + runtime.version() + " has no ZooKeeper mode (removed in 4.0):"
                    + " use Kafka 3.9 or older");
        }
        if (dynamicQuorum && (zooKeeperMode || !runtime.supportsDynamicQuorum())) {
            throw new IllegalArgumentException(zooKeeperMode ? "a ZooKeeper-mode cluster has no KRaft quorum"
                    : "Kafka " + runtime.version() + " has no dynamic quorum (KIP-853 came with 3.9)");
        }
        if (twoLogDirs && !zooKeeperMode && !runtime.supportsKraftJbod()) {
            throw new IllegalArgumentException("Kafka " + runtime.version() + " in KRaft mode has no JBOD (two log "
                    + "directories per broker came with 3.7)");
        }
    }

    /** Every node on {@code runtime}. */
    public LocalClusterSpec(int controllers, int brokers, Path dataDir, boolean fastFailureDetection,
                            Map<String, String> extraBrokerProps, KafkaRuntime runtime, boolean zooKeeperMode,
                            Map<String, String> extraControllerProps, boolean dynamicQuorum, boolean twoLogDirs) {
        this(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime, zooKeeperMode,
                extraControllerProps, dynamicQuorum, twoLogDirs, Map.of());
    }

    /** This spec with node {@code id} on another release (a broker not yet upgraded, or rolled back). */
    public LocalClusterSpec withNodeRuntime(int id, KafkaRuntime other) {
        Map<Integer, KafkaRuntime> all = new java.util.HashMap<>(nodeRuntimes);
        all.put(id, other);
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeperMode, extraControllerProps, dynamicQuorum, twoLogDirs, all);
    }

    /** The release node {@code id} runs. */
    public KafkaRuntime runtimeOf(int id) {
        return nodeRuntimes.getOrDefault(id, runtime);
    }

    /** The same spec with one log directory per broker. */
    public LocalClusterSpec(int controllers, int brokers, Path dataDir, boolean fastFailureDetection,
                            Map<String, String> extraBrokerProps, KafkaRuntime runtime, boolean zooKeeperMode,
                            Map<String, String> extraControllerProps, boolean dynamicQuorum) {
        this(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime, zooKeeperMode,
                extraControllerProps, dynamicQuorum, false);
    }

    /** This spec with two log directories per broker (true) or one (false). */
    public LocalClusterSpec withTwoLogDirs(boolean two) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeperMode, extraControllerProps, dynamicQuorum, two, nodeRuntimes);
    }

    /** The same spec without the dynamic-quorum flag (a static quorum). */
    public LocalClusterSpec(int controllers, int brokers, Path dataDir, boolean fastFailureDetection,
                            Map<String, String> extraBrokerProps, KafkaRuntime runtime, boolean zooKeeperMode,
                            Map<String, String> extraControllerProps) {
        this(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime, zooKeeperMode,
                extraControllerProps, false);
    }

    /** This spec with a dynamic quorum (true) or a static one (false). */
    public LocalClusterSpec withDynamicQuorum(boolean dynamic) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeperMode, extraControllerProps, dynamic, twoLogDirs, nodeRuntimes);
    }

    /** A KRaft cluster of kshell's own Kafka. */
    public LocalClusterSpec(int controllers, int brokers, Path dataDir, boolean fastFailureDetection,
                            Map<String, String> extraBrokerProps) {
        this(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, null, false, Map.of());
    }

    /** This spec on another Kafka release. */
    public LocalClusterSpec withRuntime(KafkaRuntime other) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, other,
                zooKeeperMode, extraControllerProps, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }

    /** This spec in ZooKeeper mode (true) or KRaft (false). */
    public LocalClusterSpec withZooKeeperMode(boolean zooKeeper) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeper, extraControllerProps, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }

    /** The seed incident's shape: controllers 1-3, brokers 4-6, temp dir, default failure detection. */
    public static LocalClusterSpec seed() {
        return new LocalClusterSpec(3, 3, null, false, Map.of());
    }

    /** This spec with data kept in {@code dir} (not deleted on close); {@code null} for a temp dir. */
    public LocalClusterSpec withDataDir(Path dir) {
        return new LocalClusterSpec(controllers, brokers, dir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeperMode, extraControllerProps, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }

    /** This spec with fast failure detection switched on or off. */
    public LocalClusterSpec withFastFailureDetection(boolean fast) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fast, extraBrokerProps, runtime, zooKeeperMode,
                extraControllerProps, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }

    /** This spec with these extra broker properties (replacing earlier ones). */
    public LocalClusterSpec withExtraBrokerProps(Map<String, String> props) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, props, runtime, zooKeeperMode,
                extraControllerProps, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }

    /** This spec with these extra controller properties (replacing earlier ones). */
    public LocalClusterSpec withExtraControllerProps(Map<String, String> props) {
        return new LocalClusterSpec(controllers, brokers, dataDir, fastFailureDetection, extraBrokerProps, runtime,
                zooKeeperMode, props, dynamicQuorum, twoLogDirs, nodeRuntimes);
    }
}
