package dev.kshell.memory;

import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumObservation;
import dev.kshell.util.FileLockWithDeadline;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The quorum / controller history of each cluster: {@code <baseDir>/<cluster-id>.quorum.json}, a small file of its
 * own beside the offsets memory ({@link StateStore}) so that neither write waits for the other. It holds the
 * {@link LeaderTerm}s kshell saw, oldest first: a new term is a leader change. A one-shot {@code triage} reads it to
 * see a controller that keeps changing, which one snapshot alone cannot show.
 *
 * <ul>
 *   <li>Written only when a command says so ({@link #record}): every read of the quorum is offered, the same term
 *       seen again only widens its last-seen time.</li>
 *   <li>Bounded: terms last seen more than {@link #DEFAULT_MAX_AGE} ago are dropped, and at most
 *       {@link #DEFAULT_MAX_TERMS} are kept; the newest term always stays.</li>
 *   <li>Atomic and serialised: load-merge-write under a lock file taken within a deadline (a held lock gives one
 *       line naming the file); the new content goes to a temp file that is fsynced, then moved over the old.</li>
 *   <li>Tolerant: an unreadable file loads as an empty history with a warning; the next write keeps it as
 *       {@code .corrupt}.</li>
 * </ul>
 */
public final class QuorumHistory {

    public static final int DEFAULT_MAX_TERMS = 200;
    public static final Duration DEFAULT_MAX_AGE = Duration.ofHours(24);
    public static final Duration DEFAULT_LOCK_DEADLINE = Duration.ofSeconds(5);

    /** Asked at every load and write: a sandbox session keeps its records in the sandbox's directory. */
    private final Supplier<Path> baseDir;
    private final int maxTerms;
    private final Duration maxAge;
    private final Duration lockDeadline;
    /** Made when the file is first read or written, not when the memory is made at start-up (Jackson's ~30 ms). */
    private static final class Mapper {
        static final JsonMapper JSON = JsonMapper.builder().build();
    }

    /**
     * Makes the JSON mapper and its (de)serializers of this file's records now, on the calling thread. A one-shot
     * command that reads the quorum calls it on a second thread at start (see {@code KshellApplication}): Jackson's
     * first use costs some 40 ms of CPU (its classes' static set-up, the JDK's calendar data for its date format),
     * which then runs beside the Kafka client's start instead of after the cluster's answer.
     */
    public static void prepare() {
        File sample = new File("prepare", Instant.EPOCH,
                List.of(new LeaderTerm(1, 1, "kraft", "prepare", Instant.EPOCH, Instant.EPOCH)));
        Mapper.JSON.readValue(Mapper.JSON.writeValueAsString(sample), File.class);
    }

    /** The JSON of one cluster's file. */
    public record File(String clusterId, Instant updatedAt, List<LeaderTerm> terms) {
        public File {
            terms = terms == null ? List.of() : List.copyOf(terms);
        }
    }

    /** A loaded (or just written) history, oldest term first, and a warning when the file was unreadable. */
    public record Loaded(String clusterId, List<LeaderTerm> terms, String warning) {
        public Loaded {
            terms = List.copyOf(terms);
        }
    }

    public QuorumHistory(Path baseDir) {
        this(baseDir, DEFAULT_MAX_TERMS, DEFAULT_MAX_AGE, DEFAULT_LOCK_DEADLINE);
    }

    public QuorumHistory(Path baseDir, int maxTerms, Duration maxAge, Duration lockDeadline) {
        this(fixed(baseDir), maxTerms, maxAge, lockDeadline);
    }

    /**
     * A history whose directory is looked up at each load and write (the shell's {@code KshellHome::state}, which
     * is the sandbox's own while the session is on the sandbox), so that it never lands apart from the other records.
     */
    public QuorumHistory(Supplier<Path> baseDir) {
        this(baseDir, DEFAULT_MAX_TERMS, DEFAULT_MAX_AGE, DEFAULT_LOCK_DEADLINE);
    }

    public QuorumHistory(Supplier<Path> baseDir, int maxTerms, Duration maxAge,
                         Duration lockDeadline) {
        this.baseDir = Objects.requireNonNull(baseDir);
        this.maxTerms = maxTerms;
        this.maxAge = maxAge;
        this.lockDeadline = lockDeadline;
    }

    /** The file of one cluster: {@code <cluster-id>.quorum.json}, the id made file-safe as the state file's is. */
    public Path fileFor(String clusterId) {
        return baseDir.get().toAbsolutePath().normalize().resolve(StateStore.safe(clusterId) + ".quorum.json");
    }

    private static Supplier<Path> fixed(Path dir) {
        Path normal = dir.toAbsolutePath().normalize();
        return () -> normal;
    }

    /** Reads the history; a missing file is an empty history, an unreadable one too (with a warning). */
    public Loaded load(String clusterId) {
        Path file = fileFor(clusterId);
        try {
            File f = Mapper.JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), File.class);
            if (f == null || (f.clusterId() != null && !f.clusterId().equals(clusterId))) {
                return corrupt(clusterId, file, "it belongs to cluster " + (f == null ? "null" : f.clusterId()));
            }
            return new Loaded(clusterId, f.terms(), null);
        } catch (NoSuchFileException e) {
            return new Loaded(clusterId, List.of(), null);
        } catch (IOException | RuntimeException e) {
            return corrupt(clusterId, file, e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")));
        }
    }

    /**
     * Merges what a read (or a session) saw into the file.
     *
     * @param clusterId the cluster
     * @param seen      terms to merge (one per read, or a session's own list)
     * @param at        now: the reference time for the age bound
     * @return the history as written, with the load's warning if the old file was unreadable
     * @throws StateStoreException when the file cannot be written or its lock not taken within the deadline
     */
    public Loaded record(String clusterId, Collection<LeaderTerm> seen, Instant at) {
        Path file = fileFor(clusterId);
        try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(
                file.resolveSibling(file.getFileName() + ".lock"), lockDeadline)) {
            Loaded old = load(clusterId);
            if (old.warning() != null && Files.exists(file)) {
                Files.move(file, file.resolveSibling(file.getFileName() + ".corrupt"),
                        StandardCopyOption.REPLACE_EXISTING);
            }
            List<LeaderTerm> merged = bound(merge(old.terms(), seen), at, maxTerms, maxAge);
            write(file, Mapper.JSON.writeValueAsString(new File(clusterId, at, merged)));
            return new Loaded(clusterId, merged, old.warning());
        } catch (IOException | RuntimeException e) {
            throw new StateStoreException(file, e);
        }
    }

    /** {@link #record(String, Collection, Instant)} of one read. */
    public Loaded record(String clusterId, QuorumObservation read) {
        return record(clusterId, List.of(LeaderTerm.first(read)), read.seenAt());
    }

    // ---- the pure part: merging and bounding (also used on a session's in-memory history) ----------------------

    /**
     * Folds sightings into a history. A sighting of a term already there (same leader, epoch and mode; for terms
     * without an epoch: same leader and mode, overlapping in time) widens its times; any other is a new term. The
     * result is ordered by first sighting; neighbours that are the same epoch-less term are joined (no other leader
     * was seen between them).
     */
    public static List<LeaderTerm> merge(List<LeaderTerm> history, Collection<LeaderTerm> seen) {
        List<LeaderTerm> out = new ArrayList<>(history);
        for (LeaderTerm s : seen) {
            int match = -1;
            for (int i = out.size() - 1; i >= 0 && match < 0; i--) {
                LeaderTerm t = out.get(i);
                if (t.sameTerm(s) && (s.epoch() >= 0 || overlaps(t, s))) {
                    match = i;
                }
            }
            if (match >= 0) {
                out.set(match, out.get(match).widen(s));
            } else {
                out.add(s);
            }
        }
        out.sort(Comparator.comparing(LeaderTerm::firstSeenAt).thenComparingLong(LeaderTerm::epoch));
        List<LeaderTerm> joined = new ArrayList<>(out.size());
        for (LeaderTerm t : out) {
            LeaderTerm last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && t.epoch() < 0 && last.sameTerm(t)) {
                joined.set(joined.size() - 1, last.widen(t));
            } else {
                joined.add(t);
            }
        }
        return joined;
    }

    /** Drops terms last seen before {@code at - maxAge} and all but the newest {@code maxTerms}; keeps the newest. */
    public static List<LeaderTerm> bound(List<LeaderTerm> terms, Instant at, int maxTerms, Duration maxAge) {
        if (terms.isEmpty()) {
            return List.of();
        }
        Instant horizon = at.minus(maxAge);
        List<LeaderTerm> kept = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            LeaderTerm t = terms.get(i);
            if (i == terms.size() - 1 || !t.lastSeenAt().isBefore(horizon)) {
                kept.add(t);
            }
        }
        return List.copyOf(kept.subList(Math.max(0, kept.size() - Math.max(1, maxTerms)), kept.size()));
    }

    private static boolean overlaps(LeaderTerm a, LeaderTerm b) {
        return !a.lastSeenAt().isBefore(b.firstSeenAt()) && !b.lastSeenAt().isBefore(a.firstSeenAt());
    }

    // ---- files -----------------------------------------------------------------------------------------------

    private static void write(Path file, String json) throws IOException {
        AtomicFiles.replace(file, json);
    }

    private Loaded corrupt(String clusterId, Path file, String why) {
        return new Loaded(clusterId, List.of(), "kshell's quorum history " + file + " is unreadable (" + why
                + "); starting with an empty history for cluster " + clusterId + " (the file is kept as "
                + file.getFileName() + ".corrupt at the next write)");
    }
}
