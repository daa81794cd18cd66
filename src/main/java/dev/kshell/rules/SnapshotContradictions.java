package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A snapshot that contradicts itself: a partition with no leader whose ISR or ELR holds a broker the same snapshot
 * calls live. Kafka would have elected that broker; the two reads (brokers, partitions) were answered by brokers at
 * different metadata versions. Such a snapshot is read again before anything is classified from it; it is never a
 * finding. See docs/kafka-behaviour.md.
 */
public final class SnapshotContradictions {

    private SnapshotContradictions() {
    }

    /** "orders-0 (ISR/ELR 5 live)" for each contradictory partition, at most {@code limit} of them. */
    public static List<String> find(ClusterSnapshot s, int limit) {
        List<String> out = new ArrayList<>();
        Set<Integer> live = s.liveBrokerIds();
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (p.leader() != null) {
                    continue;
                }
                List<Integer> eligible = new ArrayList<>();
                for (Integer id : p.isr()) {
                    if (live.contains(id)) {
                        eligible.add(id);
                    }
                }
                for (Integer id : p.elr()) {
                    if (live.contains(id) && !eligible.contains(id)) {
                        eligible.add(id);
                    }
                }
                if (!eligible.isEmpty()) {
                    out.add(p.name() + " (no leader, ISR/ELR " + eligible + " live)");
                    if (out.size() >= limit) {
                        return out;
                    }
                }
            }
        }
        return out;
    }
}
