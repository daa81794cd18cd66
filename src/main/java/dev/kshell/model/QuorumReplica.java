package dev.kshell.model;

/**
 * A voter or observer of the KRaft metadata quorum, as describeMetadataQuorum reports it.
 *
 * @param id                 node id
 * @param logEndOffset       metadata log end offset, -1 when unknown (e.g. a dead ex-leader right after failover)
 * @param lag                records behind the leader's log end offset; null when either side is unknown
 * @param lastFetchAgeMs     ms since the replica last fetched from the leader; null when unknown
 * @param lastCaughtUpAgeMs  ms since the replica was last caught up; null when unknown
 */
public record QuorumReplica(int id, long logEndOffset, Long lag, Long lastFetchAgeMs, Long lastCaughtUpAgeMs) {
}
