package dev.kshell.memory;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Which partitions' high watermarks are worth remembering: the ones a later unclean election could be asked for. A
 * partition is <em>at risk</em> when it has a live leader, more than one replica (an unclean election needs a second
 * replica to elect), and one of: only one replica in sync (one crash from leaderless), fewer in sync than assigned
 * (under-replicated), or in sync no more than its {@code min.insync.replicas} (when the snapshot read configs).
 * RF 1 partitions are never at risk in this sense: losing their only replica leaves nothing to elect.
 *
 * <p>Pure, one pass over the snapshot; the order is most at risk first (ISR 1, then at or under min ISR, then
 * under-replicated), then by name, so that a recording cut short by its deadline kept the ones that matter most.
 */
public final class OffsetsAtRisk {

    /** Why a partition is at risk, most urgent first. */
    public enum Reason { ONE_FROM_LEADERLESS, AT_OR_UNDER_MIN_ISR, UNDER_REPLICATED }

    /** A partition at risk and why. */
    public record AtRisk(PartitionSpec partition, Reason reason) { }

    private OffsetsAtRisk() {
    }

    /** The partitions at risk in {@code snapshot}, most at risk first. */
    public static List<AtRisk> of(ClusterSnapshot snapshot) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<AtRisk> out = new ArrayList<>();
        for (TopicState t : snapshot.topics()) {
            Integer minIsr = t.config() == null ? null : t.config().minIsr();
            for (PartitionState p : t.partitions()) {
                Reason reason = reason(p, live, minIsr);
                if (reason != null) {
                    out.add(new AtRisk(new PartitionSpec(p.topic(), p.partition()), reason));
                }
            }
        }
        out.sort(Comparator.comparing(AtRisk::reason).thenComparing(a -> a.partition().topic())
                .thenComparingInt(a -> a.partition().partition()));
        return out;
    }

    /** Why {@code p} is at risk, or null when it is not (or cannot be listed: no live leader). */
    static Reason reason(PartitionState p, Set<Integer> live, Integer minIsr) {
        if (p.leader() == null || !live.contains(p.leader()) || p.replicas().size() < 2) {
            return null;
        }
        int inSync = p.isr().size();
        if (inSync <= 1) {
            return Reason.ONE_FROM_LEADERLESS;
        }
        if (minIsr != null && inSync <= minIsr) {
            return Reason.AT_OR_UNDER_MIN_ISR;
        }
        return inSync < p.replicas().size() ? Reason.UNDER_REPLICATED : null;
    }

    /** Every partition of the snapshot (of {@code topics}, or all when null) whose leader is a live broker. */
    public static List<PartitionSpec> led(ClusterSnapshot snapshot, Set<String> topics) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<PartitionSpec> out = new ArrayList<>();
        for (TopicState t : snapshot.topics()) {
            if (topics != null && !topics.contains(t.name())) {
                continue;
            }
            for (PartitionState p : t.partitions()) {
                if (p.leader() != null && live.contains(p.leader())) {
                    out.add(new PartitionSpec(p.topic(), p.partition()));
                }
            }
        }
        return out;
    }
}
