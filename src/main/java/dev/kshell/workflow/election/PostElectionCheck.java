package dev.kshell.workflow.election;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;

import java.util.List;
import java.util.Set;
import dev.kshell.cluster.ClusterGateway;
import java.util.ArrayList;

/**
 * What a partition looks like after an election, re-read: new leader, ISR vs effective min.insync.replicas, and
 * the log end offset now vs before.
 *
 * @param partition      "topic-3"
 * @param leader         the new leader, or null when still leaderless
 * @param leaderLive     whether that leader is a live broker
 * @param isr            ISR now
 * @param minIsr         effective min.insync.replicas, or null when not loaded
 * @param acksAllWritable true when ISR size >= min.isr (null when min.isr is unknown)
 * @param endOffsetBefore the log end offset before (remembered high watermark or end offset), or null
 * @param endOffsetNow   the log end offset read after the election, or null
 * @param recordsLost    endOffsetBefore - endOffsetNow when both are known and positive, else 0 or null
 * @param lines          sentences for the report, in order
 */
public record PostElectionCheck(String partition, Integer leader, boolean leaderLive, List<Integer> isr,
                                Integer minIsr, Boolean acksAllWritable, Long endOffsetBefore, Long endOffsetNow,
                                Long recordsLost, List<String> lines) {

    public PostElectionCheck {
        isr = List.copyOf(isr);
        lines = List.copyOf(lines);
    }

    /**
     * @param after        the partition re-read after the election
     * @param liveBrokers  live broker ids at that read
     * @param minIsr       effective min.insync.replicas of the topic, or null
     * @param endOffsetNow the log end offset read after the election (listOffsets LATEST), or null
     * @param before       what kshell remembered before the election, or null
     */
    public static PostElectionCheck of(PartitionState after, Set<Integer> liveBrokers, Integer minIsr,
                                       Long endOffsetNow, OffsetsSeen before) {
        String name = after.name();
        Integer leader = after.leader();
        boolean leaderLive = leader != null && liveBrokers.contains(leader);
        List<String> lines = new ArrayList<>();
        lines.add(leaderLive ? name + ": leader is now broker " + leader
                : name + ": still no live leader" + (leader == null ? "" : " (broker " + leader + " is down)"));
        Boolean writable = null;
        if (minIsr != null) {
            writable = after.isr().size() >= minIsr;
            lines.add("ISR " + after.isr() + " (" + after.isr().size() + ") vs min.insync.replicas " + minIsr
                    + (writable ? ": writes with acks=all succeed"
                    : ": writes with acks=all still fail until ISR >= min.isr (" + minIsr + ")"));
        } else {
            lines.add("ISR " + after.isr() + "; min.insync.replicas unknown");
        }
        Long beforeOffset = before == null || before.highest() < 0 ? null : before.highest();
        Long lost = null;
        if (beforeOffset != null && endOffsetNow != null) {
            lost = Math.max(0, beforeOffset - endOffsetNow);
            lines.add("log end offset " + endOffsetNow + " now vs " + beforeOffset + " seen at " + before.seenAt()
                    + (lost > 0 ? ": " + lost + " record" + (lost == 1 ? "" : "s") + " lost (at least)"
                    : ": nothing kshell saw was lost"));
        } else if (endOffsetNow != null) {
            lines.add("log end offset " + endOffsetNow + " now; kshell remembers no offset from before, "
                    + "so the loss cannot be counted");
        } else {
            lines.add("log end offset now unknown" + (beforeOffset == null ? "" : " (was " + beforeOffset + ")"));
        }
        return new PostElectionCheck(name, leader, leaderLive, after.isr(), minIsr, writable, beforeOffset,
                endOffsetNow, lost, lines);
    }

    /**
     * After an unclean election: the loss counted in offsets as of the election, i.e. the high watermark kshell
     * remembered against the new leader's log end at the moment it took over (producers writing afterwards refill
     * the offsets; the end offset read seconds later would hide the loss).
     *
     * @param log the new leader's log as of the election (start, end then), or null when it could not be read
     */
    public static PostElectionCheck ofUnclean(PartitionState after, Set<Integer> liveBrokers, Integer minIsr,
                                              ClusterGateway.LogRange log, OffsetsSeen before) {
        PostElectionCheck base = of(after, liveBrokers, minIsr, log == null ? null : log.endOffsetAt(), before);
        if (log == null) {
            return base;
        }
        List<String> lines = new ArrayList<>(base.lines().subList(0, 2));
        Long beforeOffset = base.endOffsetBefore();
        String asOf = log.endIsLatest() ? "" : " as of the election (records written since are not counted)";
        if (log.endOffsetAt() == log.startOffset() && log.endOffsetAt() == 0) {
            lines.add("the new leader's log was empty: the partition restarts from offset 0"
                    + (beforeOffset == null ? "" : "; everything up to offset " + beforeOffset + " is lost"));
        } else if (beforeOffset != null) {
            long lost = Math.max(0, beforeOffset - log.endOffsetAt());
            lines.add("log end offset " + log.endOffsetAt() + asOf + " vs high watermark " + beforeOffset + " seen at "
                    + before.seenAt() + (lost > 0 ? ": " + lost + " record" + (lost == 1 ? "" : "s") + " lost (at least)"
                    : ": nothing kshell saw was lost"));
        } else {
            lines.add("log end offset " + log.endOffsetAt() + asOf + "; kshell remembers no offset from before, "
                    + "so the loss cannot be counted");
        }
        return new PostElectionCheck(base.partition(), base.leader(), base.leaderLive(), base.isr(), base.minIsr(),
                base.acksAllWritable(), beforeOffset, log.endOffsetAt(), base.recordsLost(), lines);
    }
}
