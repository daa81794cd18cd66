package dev.kshell.util;

import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

/**
 * Threads for kshell's own pools: named (so a thread dump says whose they are) and daemons, so that work abandoned
 * at its deadline (a blocking Admin call, a probe that does not answer) never holds the JVM open.
 */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Every thread called {@code name}. */
    public static ThreadFactory named(String name) {
        return named(() -> name);
    }

    /** Each thread called what {@code name} gives when it is made. */
    public static ThreadFactory named(Supplier<String> name) {
        return r -> {
            Thread t = new Thread(r, name.get());
            t.setDaemon(true);
            return t;
        };
    }
}
