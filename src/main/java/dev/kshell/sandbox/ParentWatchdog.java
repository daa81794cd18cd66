package dev.kshell.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Watches a parent process and runs an action once it is gone, so that a {@code kill -9} of the shell never
 * leaves orphan Kafka JVMs. The parent's start instant is remembered, so a recycled pid is not mistaken for it.
 */
final class ParentWatchdog {

    private ParentWatchdog() {
    }

    /**
     * Starts a daemon thread that polls every {@code interval} and runs {@code onGone} once (then ends) when
     * the process {@code pid} is no longer alive. If the pid is unknown already, {@code onGone} runs at once.
     */
    static Thread start(long pid, Duration interval, Runnable onGone) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        Optional<Instant> started = handle.flatMap(h -> h.info().startInstant());
        Thread thread = new Thread(() -> {
            try {
                while (isAlive(pid, started)) {
                    Thread.sleep(interval.toMillis());
                }
                onGone.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kshell-parent-watchdog");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** True while {@code pid} is alive and (when known) still the process that started at {@code started}. */
    static boolean isAlive(long pid, Optional<Instant> started) {
        Optional<ProcessHandle> now = ProcessHandle.of(pid);
        if (now.isEmpty() || !now.get().isAlive()) {
            return false;
        }
        if (started.isEmpty()) {
            return true;
        }
        Optional<Instant> nowStarted = now.get().info().startInstant();
        return nowStarted.isEmpty() || nowStarted.equals(started);
    }
}
