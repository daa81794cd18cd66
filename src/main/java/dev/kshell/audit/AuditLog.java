package dev.kshell.audit;

import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Append-only JSON-lines audit log ({@code ~/.kshell/audit.jsonl} by default). Each {@link #append} writes one
 * line, holding an exclusive file lock (so two shells appending at once never interleave), forces it to disk
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

    /** File locks are per process: threads of one JVM also need a lock of their own. */
    private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private final Path path;
    private final JsonMapper mapper;
    private final Sync sync;

    public AuditLog(Path path) {
        this(path, JsonMapper.builder().build(), channel -> channel.force(true));
    }

    AuditLog(Path path, JsonMapper mapper, Sync sync) {
        this.path = path.toAbsolutePath().normalize();
        this.mapper = mapper;
        this.sync = sync;
    }

    /** {@code <home>/.kshell/audit.jsonl}. */
    public static Path defaultPath(Path home) {
        return home.resolve(".kshell").resolve("audit.jsonl");
    }

    public static Path defaultPath() {
        return defaultPath(Path.of(System.getProperty("user.home")));
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

    /** Writes one line, fsyncs it, returns. Throws {@link AuditWriteException} when the line is not on disk. */
    public void append(AuditEntry entry) {
        byte[] bytes = (line(entry) + "\n").getBytes(StandardCharsets.UTF_8);
        ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(path, p -> new ReentrantLock());
        jvmLock.lock();
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            boolean created = !Files.exists(path);
            try (FileChannel channel = open()) {
                try (FileLock ignored = channel.lock()) {
                    ByteBuffer buffer = ByteBuffer.wrap(bytes);
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                    sync.force(channel);
                }
            }
            if (created && parent != null) {
                syncDirectory(parent);
            }
        } catch (IOException | RuntimeException e) {
            throw e instanceof AuditWriteException a ? a : new AuditWriteException(path, e);
        } finally {
            jvmLock.unlock();
        }
    }

    private FileChannel open() throws IOException {
        Set<StandardOpenOption> options = Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        if (path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
            return FileChannel.open(path, options, ownerOnly);
        }
        return FileChannel.open(path, options);
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
