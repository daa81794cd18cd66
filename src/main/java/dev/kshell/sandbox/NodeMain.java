package dev.kshell.sandbox;

import java.time.Duration;

/**
 * Entry point of one child JVM of a {@link LocalCluster}: {@code NodeMain <server.properties>}.
 *
 * <p>If the system property {@value #PARENT_PID} is set, a daemon thread watches that process and halts this JVM
 * when it is gone (the shell was killed with {@code kill -9} or crashed); then it runs {@code kafka.Kafka.main}.
 */
public final class NodeMain {

    /** System property carrying the launching JVM's pid. */
    public static final String PARENT_PID = "kshell.parent.pid";

    private NodeMain() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: NodeMain <server.properties>");
            System.exit(2);
        }
        String parent = System.getProperty(PARENT_PID);
        if (parent != null && !parent.isBlank()) {
            long pid = Long.parseLong(parent.trim());
            ParentWatchdog.start(pid, Duration.ofMillis(500), () -> {
                System.err.println("kshell: parent process " + pid + " is gone, halting node");
                Runtime.getRuntime().halt(3);
            });
        }
        kafka.Kafka.main(new String[] {args[0]});
    }
}
