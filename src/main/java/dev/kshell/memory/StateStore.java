package dev.kshell.memory;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import dev.kshell.util.FileLockWithDeadline;
import dev.kshell.util.PrivateFiles;

import java.nio.channels.FileChannel;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.nio.ByteBuffer;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;

/**
 * Per-cluster memory on disk, two files per cluster in {@code <baseDir>} ({@code ~/.kshell/state} in the shell):
 * <ul>
 *   <li>{@code <cluster-id>.json}: the small part (last quorum leader, replica reorders); rewritten (temp file,
 *       fsync, atomic move) only when one of them changes;</li>
 *   <li>{@code <cluster-id>.offsets}: the offsets seen per partition, an append-only text log. A header line
 *       ({@code kshell-offsets 1 <cluster-id>}), then one line per topic and recording:
 *       {@code <topic> TAB <seen-at epoch ms> TAB <partition>=<high watermark>[/<end offset>] ...}, holding only
 *       the partitions whose offsets changed since the last line for them. Loading replays the lines (the last
 *       one for a partition wins). When the log grows past twice its compacted size (plus 64 KiB), the next
 *       recording rewrites it compacted (one line per topic, entries older than the retention dropped), so that
 *       its size stays bounded by about twice the compacted size (~10 bytes a partition plus a line per topic: about
 *       1.5 MB at 100,000 partitions) and a recording costs what changed, not the whole file.</li>
 * </ul>
 * <ul>
 *   <li>Merge: a partition's entry is replaced by the newest offsets seen; partitions absent from a recording (e.g.
 *       leaderless ones, whose offsets cannot be listed) keep their old entry. A quorum leader of -1 or null never
 *       replaces the last real leader.</li>
 *   <li>Locked with a deadline ({@link FileLockWithDeadline} on {@code <cluster-id>.json.lock}, {@link #LOCK_DEADLINE}):
 *       two shells recording at once take turns, a stuck one is named instead of waited for.</li>
 *   <li>Tolerant: an unreadable {@code .json} loads as an empty memory with a warning saying so; the next write
 *       keeps the bad file as {@code <cluster-id>.json.corrupt}. In the log, a torn last line (a crash while
 *       appending) is skipped; a log of another cluster or format is ignored with a warning and replaced by the
 *       next compaction.</li>
 *   <li>Files of the previous format (offsets inside the {@code .json}) load as they are; the next recording
 *       moves their offsets into the log.</li>
 * </ul>
 */
public final class StateStore {

    public static final Duration DEFAULT_RETENTION = Duration.ofDays(30);

    /** The longest a recording or a reorder waits for another shell holding the state lock. */
    public static final Duration LOCK_DEADLINE = Duration.ofSeconds(5);

    static final String LOG_HEADER = "kshell-offsets 1 ";

    /** Slack before a compaction: a log this much larger than twice its compacted size is rewritten. */
    static final long COMPACTION_SLACK_BYTES = 64 * 1024;

    private final Path baseDir;
    private final Duration retention;
    /** Made when a state file is first read or written, not when the store is made (Jackson's ~30 ms at start-up). */
    private static final class Mapper {
        static final JsonMapper JSON = JsonMapper.builder().build();
    }

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

    /** The offsets log of one cluster. */
    public Path offsetsFileFor(String clusterId) {
        return baseDir.resolve(safe(clusterId) + ".offsets");
    }

    /**
     * When offsets were last recorded for this cluster (the log's modification time), or null when never: one file
     * system call, so that a caller can decide cheaply whether a recording is due.
     */
    public Instant offsetsRecordedAt(String clusterId) {
        try {
            return Files.getLastModifiedTime(offsetsFileFor(clusterId)).toInstant();
        } catch (IOException e) {
            return null;
        }
    }

    /** Reads the memory; a missing file is an empty memory, an unreadable one too (with a warning). */
    public Loaded load(String clusterId) {
        Loaded small = loadSmall(clusterId);
        OffsetsLog log = readLog(clusterId);
        if (log.entries.isEmpty() && log.warning == null) {
            return small;
        }
        Map<String, OffsetsSeen> partitions = new HashMap<>(small.memory().partitions());
        partitions.putAll(log.entries);
        ClusterMemory m = small.memory();
        Instant updated = m.updatedAt() == null || (log.lastSeen != null && log.lastSeen.isAfter(m.updatedAt()))
                ? log.lastSeen : m.updatedAt();
        String warning = small.warning() != null ? small.warning() : log.warning;
        return new Loaded(new ClusterMemory(clusterId, updated, m.quorumLeader(), m.quorumLeaderSeenAt(), partitions,
                m.reorders(), m.shrunk()), warning);
    }

    private Loaded loadSmall(String clusterId) {
        Path file = fileFor(clusterId);
        try {
            String json = Files.readString(file, StandardCharsets.UTF_8);
            ClusterMemory m = Mapper.JSON.readValue(json, ClusterMemory.class);
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

    /** The replayed log: entries, the newest seen-at, the size it would have compacted, its size now. */
    private static final class OffsetsLog {
        final Map<String, OffsetsSeen> entries = new HashMap<>();
        Instant lastSeen;
        long bytes;
        String warning;
    }

    private OffsetsLog readLog(String clusterId) {
        OffsetsLog log = new OffsetsLog();
        Path file = offsetsFileFor(clusterId);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            log.bytes = Files.size(file);
        } catch (NoSuchFileException e) {
            return log;
        } catch (IOException | RuntimeException e) {
            log.warning = "kshell's offsets log " + file + " is unreadable (" + e.getClass().getSimpleName()
                    + "); the remembered offsets are ignored until the next recording rewrites it";
            return log;
        }
        if (lines.isEmpty() || !lines.get(0).equals(LOG_HEADER + clusterId)) {
            log.warning = "kshell's offsets log " + file + " does not start with '" + LOG_HEADER + clusterId
                    + "'; its offsets are ignored until the next recording rewrites it";
            return log;
        }
        for (int i = 1; i < lines.size(); i++) {
            // a line that does not parse is a torn append (crash) or damage: skip it, keep the rest
            parseLine(lines.get(i), log);
        }
        return log;
    }

    private static void parseLine(String line, OffsetsLog log) {
        String[] parts = line.split("\t", -1);
        if (parts.length != 3 || parts[0].isEmpty()) {
            return;
        }
        Instant seenAt;
        try {
            seenAt = Instant.ofEpochMilli(Long.parseLong(parts[1]));
        } catch (NumberFormatException e) {
            return;
        }
        Map<String, OffsetsSeen> parsed = new HashMap<>();
        for (String entry : parts[2].split(" ")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                return;
            }
            try {
                int partition = Integer.parseInt(entry.substring(0, eq));
                String value = entry.substring(eq + 1);
                int slash = value.indexOf('/');
                long hw = Long.parseLong(slash < 0 ? value : value.substring(0, slash));
                long end = slash < 0 ? -1 : Long.parseLong(value.substring(slash + 1));
                parsed.put(parts[0] + "-" + partition, new OffsetsSeen(hw, end, seenAt));
            } catch (NumberFormatException e) {
                return;
            }
        }
        log.entries.putAll(parsed);
        if (log.lastSeen == null || seenAt.isAfter(log.lastSeen)) {
            log.lastSeen = seenAt;
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
        Path file = fileFor(clusterId);
        try (FileLockWithDeadline ignored = lock(clusterId)) {
            Loaded small = loadSmall(clusterId);
            ClusterMemory old = small.memory();
            OffsetsLog log = readLog(clusterId);
            Map<String, OffsetsSeen> known = new HashMap<>(old.partitions());
            known.putAll(log.entries);
            Map<String, OffsetsSeen> changed = new HashMap<>();
            seen.forEach((k, v) -> {
                if (v != null && v.highest() >= 0) {
                    OffsetsSeen before = known.get(k);
                    if (before == null || before.highWatermark() != v.highWatermark()
                            || before.endOffset() != v.endOffset()) {
                        changed.put(k, v);
                    }
                }
            });
            known.putAll(changed);
            Instant horizon = at.minus(retention);
            known.values().removeIf(v -> v.seenAt() != null && v.seenAt().isBefore(horizon));
            // compacted: one line per topic; the log is rewritten when it is more than twice that (plus slack),
            // when it came from an older format, or when it was unreadable
            boolean migrate = !old.partitions().isEmpty();
            long compacted = compactedSize(clusterId, known);
            Path offsets = offsetsFileFor(clusterId);
            if (migrate || log.warning != null || !Files.exists(offsets)
                    || log.bytes + estimate(changed) > 2 * compacted + COMPACTION_SLACK_BYTES) {
                PrivateFiles.createDirectories(baseDir);
                write(offsets, render(clusterId, known, true));
            } else {
                append(offsets, render(clusterId, changed, false));
            }
            boolean leader = quorumLeader != null && quorumLeader >= 0 && !quorumLeader.equals(old.quorumLeader());
            ClusterMemory small2 = new ClusterMemory(clusterId, at, leader ? quorumLeader : old.quorumLeader(),
                    leader ? at : old.quorumLeaderSeenAt(), Map.of(), old.reorders(), old.shrunk());
            if (leader || migrate || small.warning() != null || !Files.exists(file)) {
                keepCorrupt(file, small);
                write(file, Mapper.JSON.writeValueAsString(small2));
            }
            return new Loaded(new ClusterMemory(clusterId, at, small2.quorumLeader(), small2.quorumLeaderSeenAt(),
                    known, old.reorders(), old.shrunk()), small.warning());
        } catch (IOException | RuntimeException e) {
            throw new StateStoreException(file, e);
        }
    }

    /** The log's text for these entries: header and one line per topic when {@code full}, else lines only. */
    private static String render(String clusterId, Map<String, OffsetsSeen> entries, boolean full) {
        // group by topic and seen-at: one line each, partitions in order
        Map<String, Map<Long, TreeMap<Integer, OffsetsSeen>>> byTopic = new TreeMap<>();
        entries.forEach((name, v) -> {
            int dash = name.lastIndexOf('-');
            if (dash <= 0) {
                return;
            }
            int partition;
            try {
                partition = Integer.parseInt(name.substring(dash + 1));
            } catch (NumberFormatException e) {
                return;
            }
            long seenAt = v.seenAt() == null ? 0 : v.seenAt().toEpochMilli();
            byTopic.computeIfAbsent(name.substring(0, dash), t -> new TreeMap<>())
                    .computeIfAbsent(seenAt, t -> new TreeMap<>()).put(partition, v);
        });
        StringBuilder sb = new StringBuilder();
        if (full) {
            sb.append(LOG_HEADER).append(clusterId).append('\n');
        }
        byTopic.forEach((topic, bySeen) -> bySeen.forEach((seenAt, ps) -> {
            sb.append(topic).append('\t').append(seenAt).append('\t');
            boolean first = true;
            for (Map.Entry<Integer, OffsetsSeen> e : ps.entrySet()) {
                if (!first) {
                    sb.append(' ');
                }
                first = false;
                sb.append(e.getKey()).append('=').append(e.getValue().highWatermark());
                if (e.getValue().endOffset() >= 0) {
                    sb.append('/').append(e.getValue().endOffset());
                }
            }
            sb.append('\n');
        }));
        return sb.toString();
    }

    /** The size of the compacted log, close enough to decide on compaction (one line per topic). */
    private static long compactedSize(String clusterId, Map<String, OffsetsSeen> entries) {
        return LOG_HEADER.length() + clusterId.length() + 1 + estimate(entries);
    }

    private static long estimate(Map<String, OffsetsSeen> entries) {
        // per partition: " <n>=<offset>" (~10 bytes); per topic line: name, tab, 13-digit time, tab
        Set<String> topics = new HashSet<>();
        long bytes = 0;
        for (String name : entries.keySet()) {
            int dash = name.lastIndexOf('-');
            if (dash > 0 && topics.add(name.substring(0, dash))) {
                bytes += dash + 16;
            }
            bytes += 12;
        }
        return bytes;
    }

    private static void append(Path file, String text) throws IOException {
        if (text.isEmpty()) {
            // nothing moved: the modification time still says "recorded now" (offsetsRecordedAt, the throttle)
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
            return;
        }
        // appended at the end under the state lock (so no other writer moves the end meanwhile)
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // after a torn append (a crash mid-line) start on a new line, so that the torn one stays the only loss
            ByteBuffer last = ByteBuffer.allocate(1);
            boolean newline = ch.size() == 0 || ch.read(last, ch.size() - 1) == 1 && last.get(0) == '\n';
            ByteBuffer buffer = ByteBuffer.wrap(
                    ((newline ? "" : "\n") + text).getBytes(StandardCharsets.UTF_8));
            long at = ch.size();
            while (buffer.hasRemaining()) {
                at += ch.write(buffer, at);
            }
            ch.force(true);
        }
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
                    reorders, old.shrunk());
        });
    }

    /** Forgets a reorder once the original order is back. */
    public Loaded forgetReorder(String clusterId, String partition, Instant at) {
        return update(clusterId, old -> {
            Map<String, ReplicaOrderChange> reorders = new HashMap<>(old.reorders());
            reorders.remove(partition);
            return new ClusterMemory(clusterId, at, old.quorumLeader(), old.quorumLeaderSeenAt(), old.partitions(),
                    reorders, old.shrunk());
        });
    }

    /** Remembers partitions kshell shrank ({@code --shrink}) and forgets those put back (factor restored). */
    public Loaded recordShrunk(String clusterId, Map<String, dev.kshell.model.ReplicationFactorCut> added,
                               java.util.Collection<String> restored, Instant at) {
        return update(clusterId, old -> {
            Map<String, dev.kshell.model.ReplicationFactorCut> shrunk = new HashMap<>(old.shrunk());
            // a second shrink of the same partition keeps the FIRST original replicas: that is the factor to restore
            added.forEach((p, cut) -> shrunk.merge(p, cut, (earlier, later) -> new dev.kshell.model
                    .ReplicationFactorCut(p, earlier.originalReplicas(), later.shrunkTo(), later.at())));
            restored.forEach(shrunk::remove);
            return old.withShrunk(shrunk, at);
        });
    }

    /** Changes the small part (reorders, shrinks) under the lock; the offsets log is left as it is. */
    private Loaded update(String clusterId, UnaryOperator<ClusterMemory> change) {
        Path file = fileFor(clusterId);
        try (FileLockWithDeadline ignored = lock(clusterId)) {
            Loaded old = loadSmall(clusterId);
            keepCorrupt(file, old);
            ClusterMemory updated = change.apply(old.memory());
            write(file, Mapper.JSON.writeValueAsString(updated));
            Loaded all = load(clusterId);
            return new Loaded(all.memory(), old.warning());
        } catch (IOException | RuntimeException e) {
            throw new StateStoreException(file, e);
        }
    }

    private FileLockWithDeadline lock(String clusterId) throws IOException {
        PrivateFiles.createDirectories(baseDir);
        return FileLockWithDeadline.acquire(baseDir.resolve(fileFor(clusterId).getFileName() + ".lock"),
                LOCK_DEADLINE);
    }

    private static void keepCorrupt(Path file, Loaded old) throws IOException {
        if (old.warning() != null && Files.exists(file)) {
            Files.move(file, file.resolveSibling(file.getFileName() + ".corrupt"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void write(Path file, String json) throws IOException {
        AtomicFiles.replace(file, json);
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
