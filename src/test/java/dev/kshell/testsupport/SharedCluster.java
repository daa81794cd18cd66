package dev.kshell.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.sandbox.NodeInfo;

/**
 * One real 3-controller + 3-broker cluster (ids 1-3 and 4-6, fast failure detection) per test JVM, started on
 * first use and shared by every integration test class. Nobody closes it: {@link LocalCluster}'s own JVM shutdown
 * hook destroys the nodes and deletes the temp dir when the test JVM exits.
 *
 * <p>Tests that stop or kill nodes restore them: call {@link #ensureAllRunning()} in an {@code @AfterEach} (or
 * {@code @BeforeEach}) so the next test finds every node running.
 */
public final class SharedCluster {

    private static LocalCluster cluster;
    private static RuntimeException startFailure;

    private SharedCluster() {
    }

    /** The shared cluster, starting it (about 10 s on an idle machine, up to a minute on a busy one) on first call. */
    public static synchronized LocalCluster get() {
        if (startFailure != null) {
            throw new IllegalStateException("the shared cluster failed to start earlier", startFailure);
        }
        if (cluster == null) {
            try {
                long t0 = System.nanoTime();
                cluster = LocalCluster.start(LocalClusterSpec.seed().withFastFailureDetection(true),
                        line -> System.out.println("[shared-cluster] " + line));
                System.out.printf("[shared-cluster] started in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            } catch (IOException e) {
                startFailure = new UncheckedIOException(e);
                throw startFailure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                startFailure = new IllegalStateException("interrupted while starting the shared cluster", e);
                throw startFailure;
            }
        }
        return cluster;
    }

    /**
     * Starts again every node a test left stopped, killed or exited (controllers first), each call waiting until
     * the node is up (brokers: started and unfenced).
     */
    public static synchronized void ensureAllRunning() {
        LocalCluster c = get();
        for (NodeInfo.Role role : NodeInfo.Role.values()) {
            for (NodeInfo node : c.nodes()) {
                if (node.role() == role && node.state() != NodeInfo.State.RUNNING) {
                    c.startNode(node.id());
                }
            }
        }
    }
}
