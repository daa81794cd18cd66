package dev.kshell.model;

import java.time.Instant;
import java.util.List;
import java.time.Duration;
import java.util.Objects;

/**
 * One leader epoch of the metadata quorum (or one ZooKeeper-mode controller epoch) as kshell saw it: who led, from
 * when kshell first saw it to when it last saw it. The quorum history is a list of these, oldest first; a new entry
 * means a leader change (or, with {@code leaderId} -1, a read that found no leader).
 *
 * <p>What the nodes answered when they were asked with the read (triage probes them) is the evidence for why a
 * leader changed: the old leader not answering while it was still named, or right after, is a failover; the old
 * leader answering right after it lost leadership means it stayed up.
 *
 * @param leaderId         the leader / controller id, or -1 for "no leader"
 * @param epoch            the leader epoch or controller epoch, -1 when the source gives none
 * @param mode             {@link QuorumObservation#KRAFT} or {@link QuorumObservation#ZOOKEEPER}
 * @param source           what the first read of this term asked (e.g. describeMetadataQuorum)
 * @param firstSeenAt      the first read that saw this term; the change to it happened at or before this time
 * @param lastSeenAt       the last read that saw it
 * @param answeringAtFirst node ids that answered a probe with the first read of this term, or null (not probed)
 * @param silentAtFirst    node ids that did not answer with the first read of this term, or null (not probed)
 * @param leaderSilentAt   the last read of this term at which its leader did not answer, or null (never seen so)
 */
public record LeaderTerm(int leaderId, long epoch, String mode, String source, Instant firstSeenAt,
                         Instant lastSeenAt, List<Integer> answeringAtFirst, List<Integer> silentAtFirst,
                         Instant leaderSilentAt) {

    /** How far apart two sightings of a term may be for the later one's probes to stand for the first's. */
    private static final Duration SAME_MOMENT = Duration.ofSeconds(10);

    public LeaderTerm {
        answeringAtFirst = answeringAtFirst == null ? null : List.copyOf(answeringAtFirst);
        silentAtFirst = silentAtFirst == null ? null : List.copyOf(silentAtFirst);
    }

    /** A term without probe evidence. */
    public LeaderTerm(int leaderId, long epoch, String mode, String source, Instant firstSeenAt, Instant lastSeenAt) {
        this(leaderId, epoch, mode, source, firstSeenAt, lastSeenAt, null, null, null);
    }

    public static LeaderTerm first(QuorumObservation o) {
        Instant leaderSilent = o.silent() != null && o.hasLeader() && o.silent().contains(o.leaderId()) ? o.seenAt()
                : null;
        return new LeaderTerm(o.leaderId(), o.epoch(), o.mode(), o.source(), o.seenAt(), o.seenAt(), o.answering(),
                o.silent(), leaderSilent);
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }

    /** True when the other entry is the same leader in the same epoch and mode. */
    public boolean sameTerm(LeaderTerm other) {
        return other.leaderId == leaderId && other.epoch == epoch && Objects.equals(other.mode, mode);
    }

    /**
     * This term and the other sighting of it as one: the times only widen (reads may arrive out of order); the
     * probes of the first sighting stay (a later sighting's probes stand in only when they were made moments later).
     */
    public LeaderTerm widen(LeaderTerm other) {
        boolean otherFirst = other.firstSeenAt.isBefore(firstSeenAt);
        LeaderTerm early = otherFirst ? other : this;
        LeaderTerm late = otherFirst ? this : other;
        List<Integer> answering = early.answeringAtFirst;
        List<Integer> silent = early.silentAtFirst;
        if (answering == null && silent == null && late.answeringAtFirst != null
                && Duration.between(early.firstSeenAt, late.firstSeenAt).compareTo(SAME_MOMENT) <= 0) {
            answering = late.answeringAtFirst;
            silent = late.silentAtFirst;
        }
        Instant last = other.lastSeenAt.isAfter(lastSeenAt) ? other.lastSeenAt : lastSeenAt;
        Instant silentAt = leaderSilentAt == null ? other.leaderSilentAt : other.leaderSilentAt == null
                ? leaderSilentAt : (other.leaderSilentAt.isAfter(leaderSilentAt) ? other.leaderSilentAt : leaderSilentAt);
        return new LeaderTerm(leaderId, epoch, mode, source, early.firstSeenAt, last, answering, silent, silentAt);
    }

    /** True when the last read of this term found its leader not answering. */
    public boolean leaderSilentAtLast() {
        return leaderSilentAt != null && !leaderSilentAt.isBefore(lastSeenAt);
    }
}
