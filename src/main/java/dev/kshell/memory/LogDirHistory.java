package dev.kshell.memory;

import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.ReplicaRef;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What this session saw of log directories and replicas out of the ISR, per cluster, in memory only (a new session
 * starts blind: it says "not watched long enough" rather than guess). Two things: each directory's samples, so
 * {@code logdirs} and triage can tell how fast it fills; and when each replica was first seen out of the ISR, so
 * {@code under-replicated} can say "since when". Explicit steps: the workflows record what they read, nothing listens.
 * Thread-safe.
 */
public final class LogDirHistory {

    /** Samples older than this are dropped: a rate is the growth over (at most) the last hour. */
    static final Duration KEEP = Duration.ofHours(1);
    /** At most this many samples per directory. */
    static final int MAX_SAMPLES = 120;

    private final Map<String, Map<String, Deque<LogDirHealth.Sample>>> samples = new HashMap<>();
    private final Map<String, Map<ReplicaRef, Long>> outOfSync = new HashMap<>();

    /**
     * Records one read of the directories and returns, per directory, the oldest sample kept before it (what the
     * growth rate is measured against).
     */
    public synchronized Map<String, LogDirHealth.Sample> record(String clusterId, LogDirsRead read) {
        Map<String, Deque<LogDirHealth.Sample>> byDir = samples.computeIfAbsent(clusterId, k -> new HashMap<>());
        Map<String, LogDirHealth.Sample> earliest = new HashMap<>();
        for (LogDirState d : read.all()) {
            if (!d.online()) {
                continue;
            }
            Deque<LogDirHealth.Sample> q = byDir.computeIfAbsent(LogDirHealth.key(d.broker(), d.path()),
                    k -> new ArrayDeque<>());
            while (!q.isEmpty() && (read.takenAtMs() - q.peekFirst().takenAtMs() > KEEP.toMillis()
                    || q.size() >= MAX_SAMPLES)) {
                q.pollFirst();
            }
            if (!q.isEmpty()) {
                earliest.put(LogDirHealth.key(d.broker(), d.path()), q.peekFirst());
            }
            q.addLast(new LogDirHealth.Sample(read.takenAtMs(), d.usableBytes(), d.replicaBytes()));
        }
        return earliest;
    }

    /**
     * Records which replicas are out of the ISR now (among those looked at) and returns, for each, when this session
     * first saw it out. A replica seen back in the ISR is forgotten, so a new drop starts a new "since".
     *
     * @param lookedAt the partitions' replicas judged this time (those not in {@code outNow} are in sync)
     */
    public synchronized Map<ReplicaRef, Long> outOfSync(String clusterId, Collection<ReplicaRef> lookedAt,
                                                        Collection<ReplicaRef> outNow, long nowMs) {
        Map<ReplicaRef, Long> seen = outOfSync.computeIfAbsent(clusterId, k -> new HashMap<>());
        Set<ReplicaRef> out = new HashSet<>(outNow);
        for (ReplicaRef r : lookedAt) {
            if (!out.contains(r)) {
                seen.remove(r);
            }
        }
        Map<ReplicaRef, Long> since = new HashMap<>();
        for (ReplicaRef r : out) {
            since.put(r, seen.computeIfAbsent(r, k -> nowMs));
        }
        return since;
    }
}
