package dev.kshell.model;

import java.time.Instant;

/**
 * One leader epoch of the metadata quorum (or one ZooKeeper-mode controller epoch) as kshell saw it: who led, from
 * when kshell first saw it to when it last saw it. The quorum history is a list of these, oldest first; a new entry
 * means a leader change (or, with {@code leaderId} -1, a read that found no leader).
 *
 * @param leaderId    the leader / controller id, or -1 for "no leader"
 * @param epoch       the leader epoch or controller epoch, -1 when the source gives none
 * @param mode        {@link QuorumObservation#KRAFT} or {@link QuorumObservation#ZOOKEEPER}
 * @param source      what the first read of this term asked (e.g. describeMetadataQuorum)
 * @param firstSeenAt the first read that saw this term; the change to it happened at or before this time
 * @param lastSeenAt  the last read that saw it
 */
public record LeaderTerm(int leaderId, long epoch, String mode, String source, Instant firstSeenAt,
                         Instant lastSeenAt) {

    public static LeaderTerm first(QuorumObservation o) {
        return new LeaderTerm(o.leaderId(), o.epoch(), o.mode(), o.source(), o.seenAt(), o.seenAt());
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }

    /** True when the other entry is the same leader in the same epoch and mode. */
    public boolean sameTerm(LeaderTerm other) {
        return other.leaderId == leaderId && other.epoch == epoch && java.util.Objects.equals(other.mode, mode);
    }

    /** This term and the other sighting of it as one: the times only widen (reads may arrive out of order). */
    public LeaderTerm widen(LeaderTerm other) {
        Instant first = other.firstSeenAt.isBefore(firstSeenAt) ? other.firstSeenAt : firstSeenAt;
        Instant last = other.lastSeenAt.isAfter(lastSeenAt) ? other.lastSeenAt : lastSeenAt;
        return new LeaderTerm(leaderId, epoch, mode, source, first, last);
    }
}
