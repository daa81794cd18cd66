package dev.kshell.memory;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.QuorumState;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import dev.kshell.model.ClusterSnapshot;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * What kshell remembers of who led each cluster's quorum: this session's own reads (in memory) and, when a
 * {@link QuorumHistory} is given, every earlier run's (the state file). Commands that read the quorum hand the read
 * over with {@link #record}: an explicit call, never a listener. Judging ({@link #stability}) looks at both, so a
 * session whose writes fail still sees what it saw itself, and a fresh one-shot process sees what earlier ones saw.
 *
 * <p>Throttled: the same term seen again is written at most every {@link #WRITE_EVERY} (its last-seen time is then
 * that much behind at worst); a new term is written at once. A failed write is a warning, never a failure: the
 * memory is advisory.
 */
public final class QuorumMemory {

    /** How often an unchanged term's last-seen time is written. */
    public static final Duration WRITE_EVERY = Duration.ofSeconds(30);

    private final QuorumHistory file;
    private final Clock clock;
    private final Duration window;
    private final Map<String, List<LeaderTerm>> session = new ConcurrentHashMap<>();
    private final Map<String, List<LeaderTerm>> fileSeen = new ConcurrentHashMap<>();
    private final Map<String, Written> lastWrite = new ConcurrentHashMap<>();

    private record Written(LeaderTerm term, Instant at) {
    }

    /**
     * The history as kshell knows it now, and a warning when the file could not be read or written (null otherwise).
     */
    public record Known(String clusterId, List<LeaderTerm> terms, String warning) {
        public Known {
            terms = List.copyOf(terms);
        }
    }

    /**
     * @param file   the state file's history, or null to remember only this session
     * @param clock  stamps reads and is "now" for judging (tests inject one)
     * @param window what {@link #stability} judges
     */
    public QuorumMemory(QuorumHistory file, Clock clock, Duration window) {
        this.file = file;
        this.clock = Objects.requireNonNull(clock);
        this.window = window;
    }

    /** Remembers this session's reads only. */
    public static QuorumMemory sessionOnly() {
        return new QuorumMemory(null, Clock.systemUTC(), QuorumStability.DEFAULT_WINDOW);
    }

    /**
     * This session and the state file's history under whatever directory {@code stateDir} names at each read and
     * write (the shell passes {@code KshellHome::state}: the sandbox's records directory while on the sandbox).
     */
    public static QuorumMemory following(Supplier<Path> stateDir, Clock clock) {
        return new QuorumMemory(new QuorumHistory(stateDir), clock, QuorumStability.DEFAULT_WINDOW);
    }

    /** This session and the state file's history under {@code stateDir}. */
    public static QuorumMemory withFile(Path stateDir, Clock clock) {
        return new QuorumMemory(new QuorumHistory(stateDir), clock, QuorumStability.DEFAULT_WINDOW);
    }

    public Clock clock() {
        return clock;
    }

    public Duration window() {
        return window;
    }

    /** True when earlier runs' reads are remembered too (a state file). */
    public boolean persistent() {
        return file != null;
    }

    /** A KRaft quorum read, stamped now. */
    public QuorumObservation observe(QuorumState quorum) {
        return QuorumObservation.of(quorum, clock.instant());
    }

    /**
     * Remembers one read: in this session at once, in the state file unless throttled.
     *
     * @return the history including this read
     */
    public Known record(String clusterId, QuorumObservation read) {
        if (clusterId == null) {
            return new Known("unknown", List.of(LeaderTerm.first(read)), null);
        }
        LeaderTerm term = LeaderTerm.first(read);
        List<LeaderTerm> mine = session.compute(clusterId, (k, old) -> QuorumHistory.bound(
                QuorumHistory.merge(old == null ? List.of() : old, List.of(term)), read.seenAt(),
                QuorumHistory.DEFAULT_MAX_TERMS, QuorumHistory.DEFAULT_MAX_AGE));
        if (file == null) {
            return new Known(clusterId, mine, null);
        }
        Written last = lastWrite.get(clusterId);
        boolean throttled = last != null && last.term().sameTerm(term) && term.leaderSilentAt() == null
                && Duration.between(last.at(), read.seenAt()).compareTo(WRITE_EVERY) < 0
                && !read.seenAt().isBefore(last.at());
        if (throttled) {
            return new Known(clusterId, QuorumHistory.merge(fileSeen.getOrDefault(clusterId, List.of()), mine), null);
        }
        try {
            // The session's own terms go along: a read whose write failed earlier is not lost.
            QuorumHistory.Loaded written = file.record(clusterId, mine, read.seenAt());
            fileSeen.put(clusterId, written.terms());
            lastWrite.put(clusterId, new Written(term, read.seenAt()));
            return new Known(clusterId, written.terms(), written.warning());
        } catch (RuntimeException e) {
            return new Known(clusterId, QuorumHistory.merge(fileSeen.getOrDefault(clusterId, List.of()), mine),
                    "quorum history not written: " + e.getMessage());
        }
    }

    /** Records a quorum read (stamped now) and judges the history with it. */
    public Judged recordAndJudge(String clusterId, QuorumState quorum) {
        Known known = record(clusterId, observe(quorum));
        return new Judged(known, stability(known.terms()));
    }

    /** A history and its judgement. */
    public record Judged(Known known, QuorumStability stability) {
        public String warning() {
            return known.warning();
        }
    }

    /** Everything remembered of a cluster (state file and this session), without recording anything. */
    public Known known(String clusterId) {
        List<LeaderTerm> mine = session.getOrDefault(clusterId, List.of());
        if (file == null) {
            return new Known(clusterId, mine, null);
        }
        QuorumHistory.Loaded loaded = file.load(clusterId);
        fileSeen.put(clusterId, loaded.terms());
        return new Known(clusterId, QuorumHistory.merge(loaded.terms(), mine), loaded.warning());
    }

    /** A judgement and the warnings of the reads and writes behind it (one line each; never a failure). */
    public record Recorded(QuorumStability stability, List<String> warnings) {
        public Recorded {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Records what a snapshot saw of the quorum (and the previous snapshot of the same cluster: a session's reads
     * count even if nothing else recorded them), then judges the history. With no quorum in {@code now} the history
     * is judged as known. A null stability when the cluster id is unknown (nothing to key the history by).
     */
    public Recorded recordSnapshots(ClusterSnapshot now, ClusterSnapshot previous) {
        return recordSnapshots(now, previous, null, null);
    }

    /**
     * As {@link #recordSnapshots(dev.kshell.model.ClusterSnapshot, dev.kshell.model.ClusterSnapshot)}, with what the
     * nodes answered when probed with {@code now}'s read (node ids; null when not probed): the evidence of why a
     * leader changed.
     */
    public Recorded recordSnapshots(ClusterSnapshot now, ClusterSnapshot previous,
                                    List<Integer> answering, List<Integer> silent) {
        String clusterId = now.clusterId();
        if (clusterId == null) {
            return new Recorded(null, List.of());
        }
        List<String> warnings = new ArrayList<>();
        if (previous != null && previous.quorum() != null && Objects.equals(previous.clusterId(), clusterId)
                && previous.takenAt() != null) {
            addWarning(warnings, record(clusterId, QuorumObservation.of(previous.quorum(), previous.takenAt())));
        }
        Known known = now.quorum() == null ? known(clusterId)
                : record(clusterId, observe(now.quorum()).withProbes(answering, silent));
        addWarning(warnings, known);
        return new Recorded(stability(known.terms()), warnings);
    }

    private static void addWarning(List<String> warnings, Known known) {
        if (known.warning() != null) {
            warnings.add(known.warning());
        }
    }

    /** The judgement of a history as of now (the clock's). */
    public QuorumStability stability(List<LeaderTerm> terms) {
        return QuorumStability.judge(terms, clock.instant(), window);
    }

    /** This session's terms of a cluster (for tests and {@code status}). */
    List<LeaderTerm> sessionTerms(String clusterId) {
        return new ArrayList<>(session.getOrDefault(clusterId, List.of()));
    }
}
