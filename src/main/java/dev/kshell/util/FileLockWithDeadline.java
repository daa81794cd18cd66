package dev.kshell.util;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.io.InputStream;
import java.nio.file.LinkOption;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * An exclusive lock on a lock file, taken within a deadline. It serialises threads of this JVM (an in-process lock)
 * and other processes (an OS file lock on {@code lockFile}); while it is held, the lock file names its holder
 * (pid, user, host, since when), so a shell that cannot get it can say who has it.
 *
 * <p>Use with try-with-resources:
 * <pre>{@code
 * try (FileLockWithDeadline lock = FileLockWithDeadline.acquire(dir.resolve("audit.jsonl.lock"), Duration.ofSeconds(10))) {
 *     ... write the guarded file ...
 * }
 * }</pre>
 * A deadline that passes throws {@link Timeout} with one sentence naming the file and the holder, never waits forever.
 */
public final class FileLockWithDeadline implements AutoCloseable {

    /** How often a held OS lock is tried again. */
    static final long POLL_MS = 50;

    /** File locks are per process: threads of one JVM need a lock of their own. */
    private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private final Path lockFile;
    private final ReentrantLock jvmLock;
    /** The OS lock; its channel, holding the holder line, is closed with it. */
    private final FileLock fileLock;

    private FileLockWithDeadline(Path lockFile, ReentrantLock jvmLock, FileLock fileLock) {
        this.lockFile = lockFile;
        this.jvmLock = jvmLock;
        this.fileLock = fileLock;
    }

    /**
     * The lock could not be had before the deadline; the message names the file and its holder ("pid 4711
     * (alice@host1, since 2026-12-01T09:00:00Z)"), or says the holder is unknown when the lock file names nobody.
     */
    public static final class Timeout extends RuntimeException {
        Timeout(Path file, Duration deadline, String holder) {
            super("could not lock " + file + " within " + Durations.format(deadline)
                    + (holder == null ? " (holder unknown)" : ": held by " + holder));
        }
    }

    /**
     * Takes the lock, waiting at most {@code deadline}.
     *
     * @throws Timeout     when another thread or process holds it past the deadline
     * @throws IOException when the lock file cannot be created or opened
     */
    public static FileLockWithDeadline acquire(Path lockFile, Duration deadline) throws IOException {
        // A FileChannel used by an interrupted thread closes itself (ClosedByInterruptException): take the lock
        // with the flag cleared and give it back after, so that a closing audit line can still be written after
        // Ctrl-C.
        boolean[] interrupted = {Thread.interrupted()};
        try {
            return acquireUninterrupted(lockFile, deadline, interrupted);
        } finally {
            if (interrupted[0]) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static FileLockWithDeadline acquireUninterrupted(Path lockFile, Duration deadline, boolean[] interrupted) throws IOException {
        Path file = lockFile.toAbsolutePath().normalize();
        long until = System.nanoTime() + deadline.toNanos();
        ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(file, p -> new ReentrantLock());
        if (!tryLockUninterruptibly(jvmLock, until, interrupted)) {
            throw new Timeout(file, deadline, holderOf(file, "another thread of this shell"));
        }
        FileChannel channel = null;
        try {
            Path parent = file.getParent();
            if (parent != null) {
                PrivateFiles.createDirectories(parent);
            }
            // 0600: a lock file names its holder (pid, host), which is nobody else's business
            channel = PrivateFiles.openChannel(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE));
            FileLock lock;
            while (true) {
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    lock = null;
                }
                if (lock != null) {
                    break;
                }
                if (System.nanoTime() >= until) {
                    throw new Timeout(file, deadline, holderOf(file, null));
                }
                sleepQuietly(POLL_MS, interrupted);
            }
            writeHolder(channel);
            return new FileLockWithDeadline(file, jvmLock, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            jvmLock.unlock();
            throw e;
        }
    }

    public Path file() {
        return lockFile;
    }

    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        FileChannel channel = fileLock.channel();
        try {
            if (fileLock.isValid()) {
                channel.truncate(0);
                fileLock.release();
            }
        } catch (IOException ignored) {
            // closing the channel below releases the OS lock anyway
        } finally {
            closeQuietly(channel);
            jvmLock.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** This process as a holder line: what a waiting shell prints. */
    static String describeSelf() {
        return "pid " + ProcessHandle.current().pid() + " (" + OsIdentity.user() + "@" + OsIdentity.host()
                + ", since " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")";
    }

    private static void writeHolder(FileChannel channel) throws IOException {
        channel.truncate(0);
        ByteBuffer text = ByteBuffer.wrap((describeSelf() + "\n").getBytes(StandardCharsets.UTF_8));
        long at = 0;
        while (text.hasRemaining()) {
            at += channel.write(text, at);
        }
    }

    private static String holderOf(Path file, String fallback) {
        try {
            // another user's process may have written anything there: read a bounded first line, no link followed
            byte[] head;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                head = in.readNBytes(MAX_HOLDER * 4);
            }
            String text = sanitised(new String(head, StandardCharsets.UTF_8));
            return text.isEmpty() ? fallback : text;
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }

    /** The longest holder text shown (a pid, a user, a host and a time fit in far less). */
    static final int MAX_HOLDER = 160;

    /**
     * A holder line fit to print: its first line, control characters (terminal escapes) shown as {@code ?}, at most
     * {@link #MAX_HOLDER} characters. The lock file is writable by whoever can write the home.
     */
    static String sanitised(String text) {
        String first = text.strip().lines().findFirst().orElse("");
        StringBuilder out = new StringBuilder(Math.min(first.length(), MAX_HOLDER));
        first.codePoints().limit(MAX_HOLDER).forEach(cp -> {
            if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                out.append('?');
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.toString().strip();
    }

    /** Waits for the in-process lock up to {@code until} (System.nanoTime), an interrupt does not cut it short. */
    private static boolean tryLockUninterruptibly(ReentrantLock lock, long until, boolean[] interrupted) {
        while (true) {
            try {
                return lock.tryLock(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                interrupted[0] = true;
            }
        }
    }

    /** Sleeps; an interrupt ends the sleep early but not the wait (acquire() restores the flag at the end). */
    private static void sleepQuietly(long ms, boolean[] interrupted) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            interrupted[0] = true;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }
}
