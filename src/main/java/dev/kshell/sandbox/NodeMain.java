package dev.kshell.sandbox;

import java.time.Duration;
import java.lang.reflect.InvocationTargetException;

/**
 * Entry point of one child JVM of a {@link LocalCluster}: {@code NodeMain <server.properties>}.
 *
 * <p>If the system property {@value #PARENT_PID} is set, a daemon thread watches that process and halts this JVM
 * when it is gone (the shell was killed with {@code kill -9} or crashed); then it runs {@code kafka.Kafka.main}, or
 * the main class named by {@value #MAIN_CLASS}. It must stay free of anything but the JDK and Kafka: it is copied
 * beside another Kafka release's jars to launch that release's nodes.
 *
 * <p>It reads its two system properties itself rather than through {@code util.Environment} (the one reader in the
 * rest of src/main): it runs in the child JVM, often from a directory that holds only this class and
 * {@link ParentWatchdog}, where no other kshell class is on the class path.
 */
public final class NodeMain {

    /** System property carrying the launching JVM's pid. */
    public static final String PARENT_PID = "kshell.parent.pid";
    /** System property naming another main class to run instead of {@code kafka.Kafka} (e.g. a ZooKeeper server). */
    public static final String MAIN_CLASS = "kshell.node.main";

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
        String main = System.getProperty(MAIN_CLASS);
        if (main == null || main.isBlank()) {
            kafka.Kafka.main(new String[] {args[0]});
            return;
        }
        try {
            Class.forName(main.trim()).getMethod("main", String[].class).invoke(null, (Object) new String[] {args[0]});
        } catch (InvocationTargetException e) {
            e.getCause().printStackTrace();
            System.exit(1);
        } catch (ReflectiveOperationException e) {
            System.err.println("kshell: cannot run " + main + ": " + e);
            System.exit(2);
        }
    }
}
