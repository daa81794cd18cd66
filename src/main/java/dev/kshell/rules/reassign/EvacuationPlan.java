package dev.kshell.rules.reassign;

import java.util.List;
import java.util.Set;

/**
 * What an evacuation will do: every replica on the evacuated brokers gets a live target. A value; the workflow
 * carries it out and the renderer prints it.
 *
 * @param evacuated      the brokers being emptied
 * @param liveTargets    the live brokers replicas may move to
 * @param throttle       the replication throttle, bytes/s per broker taking part (0 = none)
 * @param moves          partitions with a live copy: current -> target replicas
 * @param lost           partitions with no live copy at all: moving them loses every record (apart from the plan)
 * @param unplaced       partitions no target could be found for, with why
 * @param shrinks        partitions kept on their live replicas only, their replication factor lowered for now
 *                       ({@code --shrink}: no live broker outside their replicas); nothing is copied
 * @param topics         per topic: partitions moving and bytes to copy
 * @param bytes          bytes to copy in all (a lower bound when {@code sizesKnown} is false)
 * @param sizesKnown     false when some moving partition's size could not be read
 * @param seconds        the estimated time at the throttle: the busiest broker's bytes in or out divided by the
 *                       throttle (0 when there is no throttle or nothing to copy)
 * @param untouched      partitions with no replica on the evacuated brokers
 * @param notes          what the plan could not honour (racks, disk space, unknown sizes), one sentence each
 */
public record EvacuationPlan(Set<Integer> evacuated, List<Integer> liveTargets, long throttle, List<Move> moves,
                             List<Lost> lost, List<Unplaced> unplaced, List<Move> shrinks, List<TopicTotal> topics, long bytes,
                             boolean sizesKnown, long seconds, int untouched, List<String> notes) {

    public EvacuationPlan {
        evacuated = Set.copyOf(evacuated);
        liveTargets = List.copyOf(liveTargets);
        moves = List.copyOf(moves);
        lost = List.copyOf(lost);
        unplaced = List.copyOf(unplaced);
        shrinks = List.copyOf(shrinks);
        topics = List.copyOf(topics);
        notes = List.copyOf(notes);
    }

    /**
     * One partition's move.
     *
     * @param partition "topic-N"
     * @param current   the replicas now, in order
     * @param target    the replicas after the move, in order (the first is the preferred leader)
     * @param adding    brokers that get a new copy
     * @param removing  brokers whose copy goes
     * @param bytes     bytes each new copy needs (the largest live copy), or -1 when unknown
     */
    public record Move(String topic, int partition, List<Integer> current, List<Integer> target, List<Integer> adding,
                       List<Integer> removing, long bytes) {
        public Move {
            current = List.copyOf(current);
            target = List.copyOf(target);
            adding = List.copyOf(adding);
            removing = List.copyOf(removing);
        }

        public String name() {
            return topic + "-" + partition;
        }

        /** Bytes this move copies over the network (one copy per added replica), 0 when unknown. */
        public long bytesToCopy() {
            return Math.max(0, bytes) * adding.size();
        }
    }

    /**
     * A partition whose every copy is on brokers that are not live: moving it means an empty replica on a live
     * broker, elected uncleanly, so every record of it is gone.
     *
     * @param move     the reassignment that would recover it (an empty replica)
     * @param whatIsLost what kshell knows of the records lost ("offsets 0-1234 as last seen at ...", or "unknown")
     */
    public record Lost(Move move, String whatIsLost) {
        public String name() {
            return move.name();
        }

        public Lost withWhatIsLost(String value) {
            return new Lost(move, value);
        }
    }

    /** A partition no live broker can take a replica of, and why. */
    public record Unplaced(String partition, List<Integer> current, String reason) {
        public Unplaced {
            current = List.copyOf(current);
        }
    }

    /** Per topic: partitions moving, bytes to copy, and the time those bytes take at the throttle on one broker. */
    public record TopicTotal(String topic, int partitions, long bytes, long seconds) {
    }

    /**
     * Whether a partition stays put only because the cluster is small: every live broker already holds a replica
     * of it (the choices: start the broker, add one, or {@code --shrink}).
     */
    public static boolean small(Unplaced u) {
        return u.reason().startsWith(EvacuationPlanner.NO_BROKER_OUTSIDE + " ");
    }

    /** True when there is nothing at all to move. */
    public boolean empty() {
        return moves.isEmpty() && lost.isEmpty() && shrinks.isEmpty();
    }

    /** The same plan with the lost partitions' descriptions filled in. */
    public EvacuationPlan withLost(List<Lost> described) {
        return new EvacuationPlan(evacuated, liveTargets, throttle, moves, described, unplaced, shrinks, topics, bytes,
                sizesKnown, seconds, untouched, notes);
    }
}
