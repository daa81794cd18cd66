package dev.kshell.rules.election;

/**
 * What the shell could learn about one live replica of a leaderless partition before an unclean election. Every
 * value is null when it could not be read; the dead replicas cannot be asked at all.
 *
 * @param brokerId                the replica's broker id
 * @param logSizeBytes            the replica's log size in bytes, from describeLogDirs
 * @param maxProducerLastSequence the highest last sequence of any producer on this replica, from
 *                                describeProducers(brokerId); a higher value means more of that producer's records
 * @param logEndOffset            the replica's log end offset (offset of the next record), when known
 * @param error                   why some evidence is missing (e.g. "describeLogDirs timed out"), or null
 */
public record ReplicaEvidence(int brokerId, Long logSizeBytes, Long maxProducerLastSequence, Long logEndOffset,
                              String error) {

    public static ReplicaEvidence ofSize(int brokerId, long logSizeBytes) {
        return new ReplicaEvidence(brokerId, logSizeBytes, null, null, null);
    }

    public static ReplicaEvidence unknown(int brokerId, String error) {
        return new ReplicaEvidence(brokerId, null, null, null, error);
    }
}
