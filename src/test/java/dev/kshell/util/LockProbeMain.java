package dev.kshell.util;

import java.nio.file.Path;
import java.time.Duration;

/** Another process trying a lock for 300 ms: prints what it got. */
public final class LockProbeMain {

    private LockProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(Path.of(args[0]), Duration.ofMillis(300))) {
            System.out.println("locked");
        } catch (FileLockWithDeadline.Timeout e) {
            System.out.println(e.getMessage());
        }
    }
}
