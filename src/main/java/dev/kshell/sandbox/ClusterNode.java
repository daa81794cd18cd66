package dev.kshell.sandbox;

import java.nio.file.Path;
import java.util.Locale;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;

/** Mutable launcher-side state of one node of a {@link LocalCluster}; guarded by the cluster's monitor. */
final class ClusterNode {
    final int id;
    final Role role;
    final int port;
    final Path dir;
    volatile Process process;
    volatile State state = State.STOPPED;
    /**
     * The metadata directory id a dynamic quorum's controller was formatted with ({@code meta.properties}'
     * {@code directory.id}); null for a static quorum, a broker, or a kept directory formatted earlier.
     */
    volatile String directoryId;
    /** Length of the node's log when it was last launched: readiness looks only at what follows. */
    long logOffset;

    ClusterNode(int id, Role role, int port, Path dir) {
        this.id = id;
        this.role = role;
        this.port = port;
        this.dir = dir;
    }

    String name() {
        return role.name().toLowerCase(Locale.ROOT) + " " + id;
    }

    Path propsFile() {
        return dir.resolve("server.properties");
    }

    Path logFile() {
        return dir.resolve("kafka.log");
    }

    Path dataDir() {
        return dir.resolve("data");
    }

    /** A broker's second log directory (when the cluster has two per broker). */
    Path secondDataDir() {
        return dir.resolve("data2");
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    NodeInfo info() {
        State s = state;
        if (s == State.RUNNING && !alive()) {
            s = State.EXITED;
        }
        long pid = alive() ? process.pid() : -1;
        return new NodeInfo(id, role, port, s, dir, pid, logFile());
    }
}
