package dev.kshell.audit;

import dev.kshell.util.FileLockWithDeadline;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;

/**
 * Append-only JSON-lines audit log ({@code ~/.kshell/audit.jsonl} by default). Each {@link #append} writes one
 * line, holding an exclusive lock with a deadline ({@link FileLockWithDeadline} on {@code audit.jsonl.lock}, so two
 * shells appending at once never interleave and none waits forever), forces it to disk
 * ({@code FileChannel.force(true)}) and only then returns. Any failure is an {@link AuditWriteException} naming the
 * path; callers must not run the mutation when the CONFIRMED line could not be written.
 *
 * <p>A new file is created owner-read/write only (0600) where the file system supports POSIX permissions: the log
 * holds bootstrap servers and command lines.
 */
public final class AuditLog {

    /** Seam for the fsync, so a test can see it happen after the write. */
    interface Sync {
        void force(FileChannel channel) throws IOException;
    }

    /** How long {@link #append} waits for another shell's write by default. */
    public static final Duration DEFAULT_LOCK_DEADLINE = Duration.ofSeconds(10);

    private final Path path;
    private final JsonMapper mapper;
    private final Sync sync;
    private final Duration lockDeadline;

    public AuditLog(Path path) {
        this(path, DEFAULT_LOCK_DEADLINE);
    }

    /** @param lockDeadline how long to wait for another shell holding the log's lock */
    public AuditLog(Path path, Duration lockDeadline) {
        this(path, JsonMapper.builder().build(), channel -> channel.force(true), lockDeadline);
    }

    AuditLog(Path path, JsonMapper mapper, Sync sync) {
        this(path, mapper, sync, DEFAULT_LOCK_DEADLINE);
    }

    AuditLog(Path path, JsonMapper mapper, Sync sync, Duration lockDeadline) {
        this.path = path.toAbsolutePath().normalize();
        this.mapper = mapper;
        this.sync = sync;
        this.lockDeadline = lockDeadline;
    }

    /** {@code <home>/.kshell/audit.jsonl}. */
    public static Path defaultPath(Path home) {
        return home.resolve(".kshell").resolve("audit.jsonl");
    }

    public Path path() {
        return path;
    }

    /** The exact line {@link #append} would write, without the newline. */
    public String line(AuditEntry entry) {
        try {
            return mapper.writeValueAsString(entry);
        } catch (RuntimeException e) {
            throw new AuditWriteException(path, e);
        }
    }

    /**
     * Writes one line, fsyncs it, returns. Throws {@link AuditWriteException} when the line is not on disk,
     * including when the lock is not had within the deadline (the message names the lock file and its holder).
     *
     * <p>Works on an interrupted thread (a Ctrl-C'd election still gets its closing line): the interrupt flag is
     * cleared for the write, which a {@code FileChannel} would otherwise refuse, and restored after. A line left
     * half-written by an earlier failure (disk full) is ended with a newline first, so it never swallows this one.
     */
    public void append(AuditEntry entry) {
        byte[] bytes = (line(entry) + "\n").getBytes(StandardCharsets.UTF_8);
        boolean interrupted = Thread.interrupted();
        try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(lockFile(), lockDeadline)) {
            Path parent = path.getParent();
            boolean created = !Files.exists(path);
            try (FileChannel channel = open()) {
                long size = channel.size();
                ByteBuffer buffer = endsWithNewline(channel, size) ? ByteBuffer.wrap(bytes) : withNewline(bytes);
                try {
                    long at = size;
                    while (buffer.hasRemaining()) {
                        at += channel.write(buffer, at);
                    }
                    sync.force(channel);
                } catch (IOException | RuntimeException e) {
                    // take back what this attempt wrote, best effort; the next append repairs it if this fails too
                    try {
                        channel.truncate(size);
                    } catch (IOException | RuntimeException ignoredToo) {
                        e.addSuppressed(ignoredToo);
                    }
                    throw e;
                }
            }
            if (created && parent != null) {
                syncDirectory(parent);
            }
        } catch (FileLockWithDeadline.Timeout e) {
            throw new AuditWriteException(path, e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw e instanceof AuditWriteException a ? a : new AuditWriteException(path, e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Writes an attempt's confirmed line and returns the {@link Approval} its act runs under: the only way to make
     * one. Called by the gate alone (ArchitectureTest).
     *
     * @throws AuditWriteException when the line is not on disk: nothing may act
     * @throws IllegalArgumentException when {@code confirmed} is not a confirmed line
     */
    public Approval confirm(AuditEntry confirmed) {
        if (!AuditDecision.CONFIRMED.label().equals(confirmed.decision())) {
            throw new IllegalArgumentException("only a confirmed line approves an act, not '" + confirmed.decision()
                    + "'");
        }
        append(confirmed);
        return new Approval(confirmed.attemptId(), confirmed.action());
    }

    /** The lock file beside the log: it serialises shells and names the holder while one writes. */
    Path lockFile() {
        return path.resolveSibling(path.getFileName() + ".lock");
    }

    private static boolean endsWithNewline(FileChannel channel, long size) throws IOException {
        if (size == 0) {
            return true;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) == '\n';
    }

    private static ByteBuffer withNewline(byte[] bytes) {
        ByteBuffer b = ByteBuffer.allocate(bytes.length + 1);
        b.put((byte) '\n').put(bytes).flip();
        return b;
    }

    private FileChannel open() throws IOException {
        // No APPEND (Java refuses READ + APPEND): every write is positioned at the end, under the lock.
        // O_NOFOLLOW: a symbolic link where the log should be is refused (PrivateFiles.openChannel)
        return dev.kshell.util.PrivateFiles.openChannel(path, Set.of(StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE));
    }

    /** Makes a new file's directory entry durable too; not every platform can open a directory: best effort. */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException ignored) {
            // the line itself is on disk; only a crash in the next instant could lose the new file's name
        }
    }
}
