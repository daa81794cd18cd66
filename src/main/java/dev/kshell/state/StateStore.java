package dev.kshell.state;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * Per-cluster memory on disk: {@code <baseDir>/<cluster-id>.json} (baseDir is {@code ~/.kshell/state} in the
 * shell). Written whenever kshell loads a snapshot, so that at 3 a.m. it remembers what it saw at 2 a.m.
 *
 * <ul>
 *   <li>Merge: a partition's entry is replaced by the newest offsets seen; partitions absent from a recording (e.g.
 *       leaderless ones, whose offsets cannot be listed) keep their old entry. A quorum leader of -1 or null never
 *       replaces the last real leader.</li>
 *   <li>Small: entries not seen for {@link #DEFAULT_RETENTION} (deleted topics) are dropped on write.</li>
 *   <li>Atomic: written to a temp file in the same directory, fsynced, then moved over the old file; a lock file
 *       serialises two shells recording at once (load-merge-write under the lock).</li>
 *   <li>Tolerant: an unreadable file loads as an empty memory with a warning saying so; the next write keeps the
 *       bad file as {@code <cluster-id>.json.corrupt} before replacing it.</li>
 * </ul>
 */
public final class StateStore {

    public static final Duration DEFAULT_RETENTION = Duration.ofDays(30);

    private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private final Path baseDir;
    private final Duration retention;
    private final JsonMapper mapper = JsonMapper.builder().build();

    /**
     * A loaded memory, and a warning when the file was unreadable (null otherwise).
     */
    public record Loaded(ClusterMemory memory, String warning) {
    }

    public StateStore(Path baseDir) {
        this(baseDir, DEFAULT_RETENTION);
    }

    public StateStore(Path baseDir, Duration retention) {
        this.baseDir = baseDir.toAbsolutePath().normalize();
        this.retention = retention;
    }

    /** {@code <home>/.kshell/state}. */
    public static Path defaultDir(Path home) {
        return home.resolve(".kshell").resolve("state");
    }

    /** The file of one cluster; characters other than [A-Za-z0-9_-] in the id become '_'. */
    public Path fileFor(String clusterId) {
        return baseDir.resolve(safe(clusterId) + ".json");
    }

    /** Reads the memory; a missing file is an empty memory, an unreadable one too (with a warning). */
    public Loaded load(String clusterId) {
        Path file = fileFor(clusterId);
        try {
            String json = Files.readString(file, StandardCharsets.UTF_8);
            ClusterMemory m = mapper.readValue(json, ClusterMemory.class);
            if (m == null || (m.clusterId() != null && !m.clusterId().equals(clusterId))) {
                return corrupt(clusterId, file, "it belongs to cluster " + (m == null ? "null" : m.clusterId()));
            }
            return new Loaded(m, null);
        } catch (NoSuchFileException e) {
            return new Loaded(ClusterMemory.empty(clusterId), null);
        } catch (IOException | RuntimeException e) {
            return corrupt(clusterId, file, e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())));
        }
    }

    /** The offsets remembered for one partition, if any (an unreadable file remembers nothing). */
    public Optional<OffsetsSeen> lookup(String clusterId, String partition) {
        return load(clusterId).memory().lookup(partition);
    }

    /**
     * Records what a snapshot load saw.
     *
     * @param clusterId    the cluster
     * @param seen         per partition name, the offsets just read (entries with both offsets -1 are ignored)
     * @param quorumLeader the quorum leader just seen, or null / -1 when none
     * @param at           when (also the reference time for retention)
     * @return the memory as written, and the warning of the load if the old file was unreadable
     * @throws StateStoreException when the file cannot be written
     */
    public Loaded record(String clusterId, Map<String, OffsetsSeen> seen, Integer quorumLeader, Instant at) {
        return update(clusterId, old -> {
            Map<String, OffsetsSeen> partitions = new HashMap<>();
            Instant horizon = at.minus(retention);
            old.partitions().forEach((k, v) -> {
                if (v.seenAt() == null || !v.seenAt().isBefore(horizon)) {
                    partitions.put(k, v);
                }
            });
            seen.forEach((k, v) -> {
                if (v != null && v.highest() >= 0) {
                    partitions.put(k, v);
                }
            });
            boolean leader = quorumLeader != null && quorumLeader >= 0;
            return new ClusterMemory(clusterId, at, leader ? quorumLeader : old.quorumLeader(),
                    leader ? at : old.quorumLeaderSeenAt(), partitions, old.reorders());
        });
    }

    /** Remembers a replica order kshell changed, for {@code elect restore-order}. */
    public Loaded recordReorder(String clusterId, ReplicaOrderChange change, Instant at) {
        return update(clusterId, old -> {
            Map<String, ReplicaOrderChange> reorders = new HashMap<>(old.reorders());
            // a second reorder of the same partition keeps the FIRST original order: that is what to restore
            ReplicaOrderChange earlier = reorders.get(change.partition());
            reorders.put(change.partition(), earlier == null ? change
                    : new ReplicaOrderChange(change.partition(), earlier.originalOrder(), change.newOrder(),
                    change.changedAt()));
            return new ClusterMemory(clusterId, at, old.quorumLeader(), old.quorumLeaderSeenAt(), old.partitions(),
                    reorders);
        });
    }

    /** Forgets a reorder once the original order is back. */
    public Loaded forgetReorder(String clusterId, String partition, Instant at) {
        return update(clusterId, old -> {
            Map<String, ReplicaOrderChange> reorders = new HashMap<>(old.reorders());
            reorders.remove(partition);
            return new ClusterMemory(clusterId, at, old.quorumLeader(), old.quorumLeaderSeenAt(), old.partitions(),
                    reorders);
        });
    }

    private Loaded update(String clusterId, UnaryOperator<ClusterMemory> change) {
        Path file = fileFor(clusterId);
        ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(file, p -> new ReentrantLock());
        jvmLock.lock();
        try {
            Files.createDirectories(baseDir);
            Path lockFile = baseDir.resolve(file.getFileName() + ".lock");
            try (FileChannel lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                 FileLock ignored = lockChannel.lock()) {
                Loaded old = load(clusterId);
                if (old.warning() != null && Files.exists(file)) {
                    Files.move(file, file.resolveSibling(file.getFileName() + ".corrupt"),
                            StandardCopyOption.REPLACE_EXISTING);
                }
                ClusterMemory updated = change.apply(old.memory());
                write(file, mapper.writeValueAsString(updated));
                return new Loaded(updated, old.warning());
            }
        } catch (IOException | RuntimeException e) {
            throw new StateStoreException(file, e);
        } finally {
            jvmLock.unlock();
        }
    }

    private static void write(Path file, String json) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8));
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private Loaded corrupt(String clusterId, Path file, String why) {
        return new Loaded(ClusterMemory.empty(clusterId), "kshell's state file " + file + " is unreadable (" + why
                + "); starting with an empty memory for cluster " + clusterId
                + " (the file is kept as " + file.getFileName() + ".corrupt at the next write)");
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    static String safe(String clusterId) {
        if (clusterId == null || clusterId.isBlank()) {
            throw new IllegalArgumentException("a cluster id is needed to remember anything about a cluster");
        }
        return clusterId.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
