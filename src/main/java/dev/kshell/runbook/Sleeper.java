package dev.kshell.runbook;

import java.time.Duration;

/** Waits between {@code wait-until} polls; tests pass a fake that advances a fake clock instead. */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration duration) throws InterruptedException;

    /** The real one: {@link Thread#sleep(long)}, so Ctrl-C (a thread interrupt) ends the wait at once. */
    Sleeper SYSTEM = d -> Thread.sleep(d.toMillis());
}
