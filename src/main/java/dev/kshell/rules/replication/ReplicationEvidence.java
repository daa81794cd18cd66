package dev.kshell.rules.replication;

import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;

import java.util.List;
import java.util.Map;

/**
 * What besides the partition metadata tells why a replica is out of the ISR, read by the workflow before the pure
 * judgement ({@link ReplicationCauses}). A part that could not be read is null (moves, log directories) or empty,
 * and named in {@link #notes()}.
 *
 * @param moves          reassignments in flight per partition, or null when not read
 * @param brokerRates    per broker, the throttle rates set on it (config name -> bytes/s as Kafka stores it)
 * @param topicThrottles per topic, its throttled-replica lists (config name -> {@code p:b,p:b} or {@code *})
 * @param logDirs        every live broker's log directories, or null when not read
 * @param outOfSyncSince per replica, when this session first saw it out of the ISR (epoch ms)
 * @param notes          what could not be read, one sentence each
 */
public record ReplicationEvidence(Map<PartitionSpec, Move> moves, Map<Integer, Map<String, String>> brokerRates,
                                  Map<String, Map<String, String>> topicThrottles, LogDirsRead logDirs,
                                  Map<ReplicaRef, Long> outOfSyncSince, List<String> notes) {

    /** Kafka's topic config naming the follower side of throttled replicas. */
    public static final String FOLLOWER_REPLICAS = "follower.replication.throttled.replicas";
    /** Kafka's topic config naming the leader side of throttled replicas. */
    public static final String LEADER_REPLICAS = "leader.replication.throttled.replicas";
    /** Kafka's broker config: bytes/s a follower may fetch for throttled replicas. */
    public static final String FOLLOWER_RATE = "follower.replication.throttled.rate";
    /** Kafka's broker config: bytes/s a leader may send for throttled replicas. */
    public static final String LEADER_RATE = "leader.replication.throttled.rate";

    public ReplicationEvidence {
        brokerRates = brokerRates == null ? Map.of() : Map.copyOf(brokerRates);
        topicThrottles = topicThrottles == null ? Map.of() : Map.copyOf(topicThrottles);
        outOfSyncSince = outOfSyncSince == null ? Map.of() : Map.copyOf(outOfSyncSince);
        notes = notes == null ? List.of() : List.copyOf(notes);
        moves = moves == null ? null : Map.copyOf(moves);
    }

    /** Nothing but the metadata: brokers down or fenced are still told; the rest is "unknown". */
    public static ReplicationEvidence none() {
        return new ReplicationEvidence(null, Map.of(), Map.of(), null, Map.of(), List.of());
    }

    /**
     * One reassignment in flight, as the controller reports it.
     *
     * @param replicas the full replica set during the move
     * @param adding   replicas being added (copying)
     * @param removing replicas to be removed once the adding ones are in sync
     */
    public record Move(List<Integer> replicas, List<Integer> adding, List<Integer> removing) {
        public Move {
            replicas = List.copyOf(replicas);
            adding = List.copyOf(adding);
            removing = List.copyOf(removing);
        }
    }
}
