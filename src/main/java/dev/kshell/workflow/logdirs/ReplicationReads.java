package dev.kshell.workflow.logdirs;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.memory.LogDirHistory;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.LogDirReport;
import dev.kshell.rules.replication.ReplicaRef;
import dev.kshell.rules.replication.ReplicationCauses;
import dev.kshell.rules.replication.ReplicationEvidence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The reads behind the causes of under-replication and the log directories' judgement: the reassignments in flight
 * and the throttles ({@link ReplicaMoves}), every live broker's log directories ({@link dev.kshell.cluster.LogDirs}),
 * and what this session saw before ({@link LogDirHistory}). A part that cannot be read is a note, never a failure,
 * unless the cluster cannot be reached at all.
 */
public final class ReplicationReads {

    private ReplicationReads() {
    }

    /** Causes and log directories, as triage's step 5 judges them. */
    public record Judged(CauseReport causes, LogDirReport logDirs) {
    }

    /** The partitions of the snapshot with a replica out of the ISR and a leader (leaderless ones are step 3's). */
    public static List<PartitionState> outOfSync(ClusterSnapshot snapshot, Collection<PartitionState> partitions) {
        Set<Integer> live = snapshot.liveBrokerIds();
        return partitions.stream().filter(p -> p.isr().size() < p.replicas().size())
                .filter(p -> p.leader() != null && live.contains(p.leader())).toList();
    }

    /**
     * Reads the evidence for these partitions and judges every replica out of their ISR; records the log directories
     * and who is out of sync in {@code history} (may be null: nothing remembered).
     *
     * @param lookedAt every partition judged (those in sync are forgotten by the history's "since")
     * @param sick     the partitions to explain
     */
    public static Judged judge(ClusterGateway gateway, ClusterSnapshot snapshot, Collection<PartitionState> lookedAt,
                               Collection<PartitionState> sick, LogDirHistory history, boolean sandboxSession) {
        return judge(gateway, snapshot, lookedAt, sick, history, sandboxSession, Set.of());
    }

    /**
     * As above, without asking the live brokers in {@code silent} (their probe went unanswered) for their log
     * directories: a call to them would only wait for its deadline.
     */
    public static Judged judge(ClusterGateway gateway, ClusterSnapshot snapshot, Collection<PartitionState> lookedAt,
                               Collection<PartitionState> sick, LogDirHistory history, boolean sandboxSession,
                               Set<Integer> silent) {
        List<String> notes = new ArrayList<>();
        Set<Integer> live = new TreeSet<>(snapshot.liveBrokerIds());
        Set<Integer> asked = new TreeSet<>(live);
        asked.removeAll(silent);
        if (!silent.isEmpty()) {
            notes.add("log directories of broker(s) " + silent + " not read: they did not answer the probe");
        }
        LogDirsRead dirs = asked.isEmpty() ? null : logDirs(gateway, asked, notes);
        Map<String, LogDirHealth.Sample> earlier = history == null || dirs == null ? Map.of()
                : history.record(snapshot.clusterId(), dirs);
        LogDirReport logDirReport = dirs == null ? null : LogDirHealth.judge(dirs, earlier);
        if (sick.isEmpty()) {
            if (history != null) {
                history.outOfSync(snapshot.clusterId(), refs(lookedAt, false), List.of(), dirs == null
                        ? System.currentTimeMillis() : dirs.takenAtMs());
            }
            return new Judged(new CauseReport(List.of(), notes), logDirReport);
        }
        Map<PartitionSpec, ReplicationEvidence.Move> moves = null;
        Map<Integer, Map<String, String>> rates = Map.of();
        Map<String, Map<String, String>> lists = Map.of();
        ReplicaMoves replicaMoves = gateway.replicaMoves();
        try {
            moves = new java.util.HashMap<>();
            for (Map.Entry<PartitionSpec, ReplicaMoves.InFlight> e : replicaMoves.inFlight().entrySet()) {
                ReplicaMoves.InFlight f = e.getValue();
                moves.put(e.getKey(), new ReplicationEvidence.Move(f.replicas(), f.adding(), f.removing()));
            }
        } catch (ClusterException e) {
            rethrowUnreachable(e);
            moves = null;
            notes.add("reassignments in flight not read: " + e.getMessage());
        }
        try {
            Set<String> topics = new TreeSet<>();
            sick.forEach(p -> topics.add(p.topic()));
            ReplicaMoves.Throttles t = replicaMoves.throttles(asked, topics);
            rates = t.brokerRates();
            lists = t.topicLists();
        } catch (ClusterException e) {
            rethrowUnreachable(e);
            notes.add("replication throttles not read: " + e.getMessage());
        }
        long now = dirs == null ? System.currentTimeMillis() : dirs.takenAtMs();
        Map<ReplicaRef, Long> since = history == null ? Map.of()
                : history.outOfSync(snapshot.clusterId(), refs(lookedAt, false), refs(sick, true), now);
        ReplicationEvidence evidence = new ReplicationEvidence(moves, rates, lists, dirs, since, notes);
        return new Judged(ReplicationCauses.judge(snapshot, sick, evidence, sandboxSession), logDirReport);
    }

    /** Every replica of these partitions is in sync: the history forgets when they left; no cause to give. */
    public static CauseReport forgetInSync(ClusterSnapshot snapshot, Collection<PartitionState> lookedAt,
                                           LogDirHistory history) {
        if (history != null) {
            history.outOfSync(snapshot.clusterId(), refs(lookedAt, false), List.of(), System.currentTimeMillis());
        }
        return new CauseReport(List.of(), List.of());
    }

    /** Every live broker's log directories, or null (and a note) when they could not be read. */
    public static LogDirsRead logDirs(ClusterGateway gateway, Collection<Integer> brokers, List<String> notes) {
        try {
            return gateway.logDirs().describe(brokers);
        } catch (ClusterException e) {
            rethrowUnreachable(e);
            notes.add("log directories not read: " + e.getMessage());
            return null;
        }
    }

    private static void rethrowUnreachable(ClusterException e) {
        if (e.kind() == ClusterException.Kind.UNREACHABLE) {
            throw e;
        }
    }

    private static List<ReplicaRef> refs(Collection<PartitionState> partitions, boolean outOnly) {
        List<ReplicaRef> out = new ArrayList<>();
        for (PartitionState p : partitions) {
            PartitionSpec spec = new PartitionSpec(p.topic(), p.partition());
            for (int r : p.replicas()) {
                if (!outOnly || !p.isr().contains(r)) {
                    out.add(new ReplicaRef(spec, r));
                }
            }
        }
        return out;
    }
}
