package dev.kshell.rules.clients;

import java.util.ArrayList;
import java.util.List;

/**
 * After a loss kshell caused (an unclean election, a partition recreated empty): the groups whose committed offset is
 * now out of range on those partitions, each with the two resets a person chooses between. Pure.
 */
public final class HurtGroups {

    private HurtGroups() {
    }

    /** One group's partition out of range after the loss. */
    public record Hurt(String groupId, PartitionLag partition) {
    }

    /** Sentences for the act's report: nothing when no group is hurt. */
    public static List<String> lines(List<Hurt> hurt) {
        List<String> out = new ArrayList<>();
        for (Hurt h : hurt) {
            PartitionLag p = h.partition();
            int dash = p.partition().lastIndexOf('-');
            String topicArg = p.partition().substring(0, dash) + ":" + p.partition().substring(dash + 1);
            String where = PartitionLag.ABOVE_END.equals(p.outOfRange()) ? "beyond the log end " + p.logEnd()
                    : "below the log start " + p.logStart();
            out.add("group " + h.groupId() + ": committed " + p.committed() + " on " + p.partition() + " is now "
                    + where + "; its next fetch resets (" + p.onEarliest().says() + "; " + p.onLatest().says()
                    + "). Choose: `groups reset-offsets " + h.groupId() + " --to-earliest --topic " + topicArg
                    + "` or `groups reset-offsets " + h.groupId() + " --to-latest --topic " + topicArg + "`");
        }
        return out;
    }
}
