package dev.kshell.memory;

import dev.kshell.rules.reassign.MoveProgress;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What this session saw of the moves in flight, per cluster, in memory only: each move's bytes copied at each read
 * of {@code reassignments} (and {@code watch reassignments}), so that its rate is measured over the last reads. A
 * new session starts with none. Explicit steps: the reader records what it read, nothing listens. Thread-safe.
 */
public final class MoveSamples {

    /** Samples older than this are dropped. */
    static final Duration KEEP = Duration.ofMinutes(5);
    /** At most this many samples per move: the rate is over the last few reads. */
    static final int MAX_SAMPLES = 6;

    private final Map<String, Map<String, Deque<MoveProgress.Sample>>> byCluster = new HashMap<>();

    /**
     * Records one read and returns each move's samples, oldest first, this read last. Moves no longer in flight
     * are forgotten.
     *
     * @param copied per move ("topic-3"), the bytes its adding replicas hold now
     */
    public synchronized Map<String, List<MoveProgress.Sample>> record(String clusterId, Map<String, Long> copied,
                                                                     long nowMs) {
        Map<String, Deque<MoveProgress.Sample>> moves = byCluster.computeIfAbsent(clusterId, k -> new HashMap<>());
        moves.keySet().retainAll(copied.keySet());
        Map<String, List<MoveProgress.Sample>> out = new HashMap<>();
        copied.forEach((move, bytes) -> {
            Deque<MoveProgress.Sample> q = moves.computeIfAbsent(move, k -> new ArrayDeque<>());
            while (!q.isEmpty() && (nowMs - q.peekFirst().atMs() > KEEP.toMillis() || q.size() >= MAX_SAMPLES)) {
                q.pollFirst();
            }
            if (!q.isEmpty() && q.peekLast().copied() > bytes) {
                q.clear(); // the copy started again (a new move of the same partition): an old sample would lie
            }
            q.addLast(new MoveProgress.Sample(nowMs, bytes));
            out.put(move, List.copyOf(q));
        });
        return out;
    }

    /** Whether this session holds an earlier sample of every one of these moves. */
    public synchronized boolean seenBefore(String clusterId, Collection<String> moves) {
        Map<String, Deque<MoveProgress.Sample>> known = byCluster.getOrDefault(clusterId, Map.of());
        return moves.stream().allMatch(m -> known.containsKey(m) && !known.get(m).isEmpty());
    }
}
