package dev.kshell.memory;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Sample;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What this session saw of the clients' side, per cluster, in memory only: each partition's log end offset and each
 * group's total lag and state at every read ({@code groups}, {@code group}, {@code watch}, triage's side read). Lag
 * in time, the lag's trend and "stuck for as long as this session has watched" are judged from it. The last
 * {@value #KEEP} reads are kept per partition and per group.
 */
public final class ClientHistory {

    /** Reads kept per partition and per group (a minute of {@code watch --interval 2s}). */
    public static final int KEEP = 30;

    private final Map<String, Cluster> clusters = new HashMap<>();

    private static final class Cluster {
        final long firstMs;
        final Map<PartitionSpec, Deque<Sample>> ends = new HashMap<>();
        final Map<String, Deque<Sample>> lags = new HashMap<>();
        final Map<String, StateSeen> states = new HashMap<>();

        Cluster(long firstMs) {
            this.firstMs = firstMs;
        }
    }

    private record StateSeen(String state, long sinceMs) {
    }

    private Cluster cluster(String clusterId, long atMs) {
        return clusters.computeIfAbsent(String.valueOf(clusterId), k -> new Cluster(atMs));
    }

    /** Records the log ends read at {@code atMs}. */
    public synchronized void recordEnds(String clusterId, long atMs, Map<PartitionSpec, Long> ends) {
        Cluster c = cluster(clusterId, atMs);
        ends.forEach((p, end) -> keep(c.ends.computeIfAbsent(p, k -> new ArrayDeque<>()), new Sample(atMs, end)));
    }

    /** The log end reads of a partition, oldest first. */
    public synchronized List<Sample> ends(String clusterId, PartitionSpec partition) {
        Cluster c = clusters.get(String.valueOf(clusterId));
        Deque<Sample> d = c == null ? null : c.ends.get(partition);
        return d == null ? List.of() : List.copyOf(d);
    }

    /** Records a group's total lag (null: unknown, not recorded) and state at {@code atMs}. */
    public synchronized void recordGroup(String clusterId, String groupId, long atMs, Long lag, String state) {
        Cluster c = cluster(clusterId, atMs);
        if (lag != null) {
            keep(c.lags.computeIfAbsent(groupId, k -> new ArrayDeque<>()), new Sample(atMs, lag));
        }
        StateSeen seen = c.states.get(groupId);
        if (seen == null || !seen.state().equals(String.valueOf(state))) {
            c.states.put(groupId, new StateSeen(String.valueOf(state), atMs));
        }
    }

    /** The group's total lag at each earlier read, oldest first. */
    public synchronized List<Long> lags(String clusterId, String groupId) {
        Cluster c = clusters.get(String.valueOf(clusterId));
        Deque<Sample> d = c == null ? null : c.lags.get(groupId);
        List<Long> out = new ArrayList<>();
        if (d != null) {
            d.forEach(s -> out.add(s.value()));
        }
        return out;
    }

    /** Since when (epoch ms) this session has seen the group in its current state, or null when never seen. */
    public synchronized Long stateSince(String clusterId, String groupId) {
        Cluster c = clusters.get(String.valueOf(clusterId));
        StateSeen seen = c == null ? null : c.states.get(groupId);
        return seen == null ? null : seen.sinceMs();
    }

    /** When this session first read this cluster's clients (epoch ms), or null. */
    public synchronized Long watchedSince(String clusterId) {
        Cluster c = clusters.get(String.valueOf(clusterId));
        return c == null ? null : c.firstMs;
    }

    private static void keep(Deque<Sample> samples, Sample s) {
        samples.addLast(s);
        while (samples.size() > KEEP) {
            samples.removeFirst();
        }
    }
}
