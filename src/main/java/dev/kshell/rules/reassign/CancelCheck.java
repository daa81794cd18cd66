package dev.kshell.rules.reassign;

import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which cancels are safe. Cancelling a reassignment puts the partition back on its old replicas; when none of them
 * is a live, in-sync replica, the way back needs an unclean election: Kafka 4.4's controller refuses such a cancel
 * ("Unable to revert partition assignment ... because it would require an unclean leader election"), and a release
 * without that check leaves the partition leaderless on replicas that hold nothing or cannot serve
 * (docs/kafka-behaviour.md, "Cancelling a reassignment whose old replicas are dead"). kshell refuses it in the plan,
 * per partition, and lets the rest of the cancel go ahead. Pure.
 */
public final class CancelCheck {

    private CancelCheck() {
    }

    /**
     * One reassignment in flight, as the cancel sees it.
     *
     * @param state    the partition now (replicas during the move, ISR, leader); null when it could not be read
     * @param replicas the replica set during the move (old plus adding)
     * @param adding   the replicas being added
     */
    public record Moving(String partition, PartitionState state, List<Integer> replicas, List<Integer> adding) {

        /** The replicas the cancel goes back to: the set during the move less the ones being added. */
        public List<Integer> old() {
            return replicas.stream().filter(r -> !adding.contains(r)).toList();
        }
    }

    /** A cancel refused in the plan: the partition, its old replicas, why, and what to do instead. */
    public record Refused(String partition, List<Integer> oldReplicas, String reason, String instead) {
    }

    /** The cancels that may go ahead (partition names) and those refused. */
    public record Verdict(List<String> safe, List<Refused> refused) {
        public Verdict {
            safe = List.copyOf(safe);
            refused = List.copyOf(refused);
        }
    }

    /**
     * @param moving the reassignments the person asked to cancel
     * @param live   the brokers that are live and answer (a broker known to be down is not live)
     */
    public static Verdict check(List<Moving> moving, Set<Integer> live) {
        List<String> safe = new ArrayList<>();
        List<Refused> refused = new ArrayList<>();
        for (Moving m : moving) {
            Refused r = refusal(m, live);
            if (r == null) {
                safe.add(m.partition());
            } else {
                refused.add(r);
            }
        }
        return new Verdict(safe, refused);
    }

    /** Why cancelling {@code m} would hurt, or null when an old replica is live and in sync. */
    static Refused refusal(Moving m, Set<Integer> live) {
        if (m.state() == null) {
            return null; // not described (deleted meanwhile?): the controller's own answer stands
        }
        List<Integer> old = m.old();
        List<Integer> isr = m.state().isr();
        if (old.stream().anyMatch(r -> isr.contains(r) && live.contains(r))) {
            return null;
        }
        List<Integer> deadOld = old.stream().filter(r -> !live.contains(r)).toList();
        List<Integer> newInSync = m.adding().stream().filter(r -> isr.contains(r) && live.contains(r)).toList();
        String reason = "its old replicas " + old + " hold no live in-sync replica (ISR " + isr
                + (deadOld.isEmpty() ? "" : ", not live: " + deadOld) + "): going back needs an unclean election "
                + "(Kafka 4.4 refuses it; an older release may leave the partition leaderless)";
        String instead;
        if (!newInSync.isEmpty()) {
            instead = "let the move finish: broker " + join(newInSync) + " holds a live in-sync copy "
                    + "(`reassignments` follows it)";
        } else if (!deadOld.isEmpty()) {
            instead = "start broker " + join(deadOld) + " again (the move then finishes, or can be cancelled "
                    + "safely); if it will not come back, its records are gone with it: `brokers new-disk "
                    + deadOld.get(0) + "` says what a start on a new disk does, `reassign evacuate " + join(deadOld)
                    + "` recreates the partition behind the typed phrase";
        } else {
            instead = "wait until an old replica is back in the ISR (`describe " + m.state().topic() + "`), then "
                    + "cancel again";
        }
        return new Refused(m.partition(), old, reason, instead);
    }

    private static String join(List<Integer> ids) {
        return String.join(",", ids.stream().map(String::valueOf).toList());
    }
}
