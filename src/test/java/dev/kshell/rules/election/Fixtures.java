package dev.kshell.rules.election;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Snapshot fixtures shaped like the seed incident: controllers 1-3, brokers 4-6. */
public final class Fixtures {

    public static final Instant T = Instant.parse("2026-05-01T03:00:00Z");
    public static final String CLUSTER = "q1Sh-9_ZRdu2kp0xG8bQvw";

    private Fixtures() {
    }

    public static QuorumState quorumWithLeader() {
        return new QuorumState(1, 7, 1234, List.of(), List.of());
    }

    public static QuorumState quorumWithoutLeader() {
        return new QuorumState(-1, 7, -1, List.of(), List.of());
    }

    /** Brokers 4,5,6 registered; those in {@code dead} are fenced. */
    public static List<BrokerState> brokers(Set<Integer> dead) {
        List<BrokerState> out = new ArrayList<>();
        for (int id = 4; id <= 6; id++) {
            out.add(new BrokerState(id, "b" + id, 9092, null, dead.contains(id)));
        }
        return out;
    }

    public static PartitionState p(String topic, int n, Integer leader, List<Integer> replicas, List<Integer> isr,
                            List<Integer> elr, List<Integer> lastKnownElr) {
        return new PartitionState(topic, n, leader, replicas, isr, elr, lastKnownElr);
    }

    public static TopicState topic(String name, PartitionState... partitions) {
        return new TopicState(name, false, List.of(partitions), new TopicConfig(2, "DYNAMIC_TOPIC_CONFIG", false,
                "DEFAULT_CONFIG"));
    }

    public static ClusterSnapshot snapshot(QuorumState quorum, Set<Integer> dead, TopicState... topics) {
        return new ClusterSnapshot(CLUSTER, T, brokers(dead), quorum, quorum == null ? "timed out" : null,
                List.of(topics));
    }
}
