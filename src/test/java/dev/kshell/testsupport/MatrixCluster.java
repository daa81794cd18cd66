package dev.kshell.testsupport;

import dev.kshell.sandbox.KafkaRuntime;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.sandbox.NodeInfo;

import dev.kshell.cluster.ZooKeeperReader;
import dev.kshell.model.ZooKeeperState;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.HashMap;

/**
 * The compatibility matrix's clusters: one per {@link Flavour} per test JVM, started on first use (small heaps,
 * serial GC, C1, fast failure detection, held still like {@link SharedCluster}) and closed by
 * {@link #close(Flavour)} when the flavour's tests are done, so that one old cluster runs at a time (the shared 4.4
 * one is frozen meanwhile: the matrix test carries {@link SharedCluster.Frozen}). Kafka 4.4 KRaft itself is
 * {@link SharedCluster}.
 */
public final class MatrixCluster {

    /** A Kafka release and mode of the matrix. */
    public enum Flavour {
        /** Kafka 3.9.1 in ZooKeeper mode: ZooKeeper 3.8.4 (node 1) and brokers 4-6. */
        KAFKA_39_ZOOKEEPER("3.9", true),
        /** Kafka 3.9.1 in KRaft mode: controllers 1-3, brokers 4-6. */
        KAFKA_39_KRAFT("3.9", false);

        public final String line;
        public final boolean zooKeeper;

        Flavour(String line, boolean zooKeeper) {
            this.line = line;
            this.zooKeeper = zooKeeper;
        }

        @Override
        public String toString() {
            return "Kafka " + line + (zooKeeper ? " ZooKeeper mode" : " KRaft");
        }
    }

    /**
     * {@code zookeeper.session.timeout.ms} of the ZooKeeper flavour's brokers: how long a killed controller broker
     * keeps {@code /controller} (and its {@code /brokers/ids/N}) before ZooKeeper moves it. Wide on purpose: a test
     * asserts what triage says inside that window, and on a busy 2-core machine a new kshell JVM takes seconds to
     * start (the sandbox's 4 s would close the window before triage read anything).
     */
    public static final int ZOOKEEPER_SESSION_TIMEOUT_MS = 20_000;

    private static final Map<Flavour, LocalCluster> CLUSTERS = new EnumMap<>(Flavour.class);
    private static final Map<Flavour, RuntimeException> FAILURES = new EnumMap<>(Flavour.class);
    /** Start figures per flavour, printed into the test output (the compatibility doc quotes them). */
    public static final Map<Flavour, Double> START_SECONDS = new EnumMap<>(Flavour.class);

    private MatrixCluster() {
    }

    public static synchronized LocalCluster get(Flavour flavour) {
        if (FAILURES.containsKey(flavour)) {
            throw new IllegalStateException(flavour + " failed to start earlier", FAILURES.get(flavour));
        }
        LocalCluster cluster = CLUSTERS.get(flavour);
        if (cluster != null) {
            return cluster;
        }
        try {
            long t0 = System.nanoTime();
            KafkaRuntime runtime = KafkaVersions.resolve(flavour.line);
            double resolved = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            LocalClusterSpec spec = SharedCluster.holdStill(LocalClusterSpec.seed().withFastFailureDetection(true)
                    .withRuntime(runtime).withZooKeeperMode(flavour.zooKeeper));
            if (flavour.zooKeeper) {
                Map<String, String> props = new HashMap<>(spec.extraBrokerProps());
                props.put("zookeeper.session.timeout.ms", Integer.toString(ZOOKEEPER_SESSION_TIMEOUT_MS));
                spec = spec.withExtraBrokerProps(props);
            }
            cluster = LocalCluster.start(spec,
                    line -> System.out.println("[" + flavour + "] " + line));
            if (flavour.zooKeeper) {
                BrokerMetadata.awaitEveryBroker(cluster);
            }
            double started = (System.nanoTime() - t1) / 1e9;
            START_SECONDS.put(flavour, started);
            System.out.printf("[%s] class path resolved in %.1f s, cluster started in %.1f s%n", flavour, resolved,
                    started);
            CLUSTERS.put(flavour, cluster);
            return cluster;
        } catch (IOException e) {
            FAILURES.put(flavour, new UncheckedIOException(e));
            throw FAILURES.get(flavour);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting " + flavour, e);
        } catch (RuntimeException e) {
            FAILURES.put(flavour, e);
            throw e;
        }
    }

    /** Stops the flavour's cluster (if it runs) to free the machine for the next one. */
    public static synchronized void close(Flavour flavour) {
        LocalCluster cluster = CLUSTERS.remove(flavour);
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * Starts again every node a test left stopped or killed (ZooKeeper and controllers first). In ZooKeeper mode a
     * killed broker is started only once ZooKeeper has dropped its old registration ({@link #awaitRegistrationGone}).
     */
    public static synchronized void ensureAllRunning(Flavour flavour) {
        LocalCluster c = CLUSTERS.get(flavour);
        if (c == null) {
            return;
        }
        for (NodeInfo.Role role : NodeInfo.Role.values()) {
            for (NodeInfo node : c.nodes()) {
                if (node.role() == role && node.state() != NodeInfo.State.RUNNING) {
                    if (c.zooKeeperMode() && role == NodeInfo.Role.BROKER) {
                        awaitRegistrationGone(c, node.id());
                    }
                    c.startNode(node.id());
                }
            }
        }
    }

    /** What the ZooKeeper-mode cluster's ZooKeeper says now: /controller, /controller_epoch, /brokers/ids. */
    public static ZooKeeperState zooKeeper(LocalCluster c) {
        return new ZooKeeperReader(c.zooKeeperConnect(), Duration.ofSeconds(10)).read();
    }

    /**
     * Waits until ZooKeeper no longer holds {@code /brokers/ids/<id>}: a broker started while its killed
     * predecessor's session still holds it exits with NodeExistsException (what {@code sandbox start-broker} waits
     * for too). Bounded by the session timeout and then some.
     */
    public static void awaitRegistrationGone(LocalCluster c, int id) {
        Await.until("ZooKeeper dropped /brokers/ids/" + id, Duration.ofMillis(ZOOKEEPER_SESSION_TIMEOUT_MS)
                .plusSeconds(60), () -> zooKeeper(c), zk -> zk.error() == null
                && !zk.registeredBrokers().contains(id));
    }
}
