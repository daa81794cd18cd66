package dev.kshell.sandbox;

import java.nio.file.Path;

/**
 * A snapshot of one node of a {@link LocalCluster}.
 *
 * @param id      the Kafka {@code node.id}
 * @param role    controller or broker (separate processes, never combined mode)
 * @param port    the node's only listener on 127.0.0.1
 * @param state   what the launcher last did to the node, or {@link State#EXITED} if the process ended by itself
 * @param dataDir the node's directory: {@code server.properties}, {@code logback.xml}, {@code data/}, logs
 * @param pid     the child JVM's process id, or -1 when no process is running
 * @param logFile the node's Kafka log ({@code kafka.log}); the JVM's own stdout/stderr go to {@code stdout.log} beside it
 */
public record NodeInfo(int id, Role role, int port, State state, Path dataDir, long pid, Path logFile) {

    /** The process role of a node; a ZooKeeper-mode cluster has a ZooKeeper server instead of controllers. */
    public enum Role { ZOOKEEPER, CONTROLLER, BROKER }

    /** The lifecycle state of a node's child JVM. */
    public enum State {
        /** Started by the launcher and still alive. */
        RUNNING,
        /** Stopped gracefully ({@code SIGTERM}, controlled shutdown). */
        STOPPED,
        /** Killed abruptly ({@code SIGKILL}): a real crash. */
        KILLED,
        /** The process ended on its own (see its log). */
        EXITED
    }

    /** {@code 127.0.0.1:port}. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }
}
