package dev.kshell.rules.radar;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.RadarReads;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.TopicState;
import dev.kshell.rules.PartitionHealth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which partitions' newest record times the radar reads: only partitions with a live leader (listOffsets on a
 * leaderless one retries for its whole deadline), the topics the brokers stamp themselves first (they tell the
 * brokers' clocks), then every topic's partition 0, then every topic's partition 1, and so on up to the limit, so
 * that each topic is seen before any is seen whole.
 */
public final class TimestampSample {

    private TimestampSample() {
    }

    /** Each partition with a live leader, and that leader. */
    public static Map<PartitionSpec, Integer> leaders(ClusterSnapshot now) {
        Map<PartitionSpec, Integer> out = new HashMap<>();
        Set<Integer> live = now.liveBrokerIds();
        for (TopicState t : now.topics()) {
            for (PartitionState p : t.partitions()) {
                if (!PartitionHealth.isLeaderless(p, live)) {
                    out.put(new PartitionSpec(p.topic(), p.partition()), p.leader());
                }
            }
        }
        return out;
    }

    /** At most {@code max} of the led partitions, in the order the class comment gives. */
    public static List<PartitionSpec> pick(ClusterSnapshot now, Map<PartitionSpec, Integer> leaders, int max) {
        Set<PartitionSpec> out = new LinkedHashSet<>();
        for (TopicState t : now.topics()) {
            if (TimeRules.BROKER_STAMPED.contains(t.name())) {
                t.partitions().stream().map(p -> new PartitionSpec(p.topic(), p.partition()))
                        .filter(leaders::containsKey).forEach(out::add);
            }
        }
        List<List<PartitionSpec>> byTopic = new ArrayList<>();
        for (TopicState t : now.topics()) {
            TreeSet<Integer> ids = new TreeSet<>();
            t.partitions().forEach(p -> ids.add(p.partition()));
            byTopic.add(ids.stream().map(i -> new PartitionSpec(t.name(), i)).filter(leaders::containsKey).toList());
        }
        for (int round = 0; out.size() < max; round++) {
            boolean any = false;
            for (List<PartitionSpec> ps : byTopic) {
                if (round < ps.size()) {
                    any = true;
                    out.add(ps.get(round));
                    if (out.size() >= max) {
                        break;
                    }
                }
            }
            if (!any) {
                break;
            }
        }
        return new ArrayList<>(out).subList(0, Math.min(max, out.size()));
    }

    /** The topics with a newest record further ahead than the threshold, in name order. */
    public static List<String> topicsAhead(RadarReads.MaxTimestamps read, RadarThresholds t) {
        TreeSet<String> out = new TreeSet<>();
        read.newest().forEach((p, r) -> {
            if (r.timestampMs() - read.readAtMs() > t.futureTimestamp().toMillis()) {
                out.add(p.topic());
            }
        });
        return List.copyOf(out);
    }
}
