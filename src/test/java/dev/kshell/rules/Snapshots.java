package dev.kshell.rules;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Concise cluster snapshots for tests. One fluent builder: {@code topic(..)} starts a topic, {@code partition(..)}
 * starts a partition of the current topic, and the partition setters apply to the current partition.
 *
 * <pre>{@code
 * ClusterSnapshot s = Snapshots.cluster()
 *         .brokers(4, 5, 6).fenced(5)
 *         .topic("orders").minIsr(2)
 *             .partition(0).replicas(4, 5, 6).leader(4).isr(4).elr(5)
 *             .partition(1).replicas(5, 6, 4)                 // healthy: leader 5, ISR = replicas
 *         .internalTopic("__consumer_offsets").spread(50, 2)  // 50 healthy partitions, RF 2 over the brokers
 *         .build();
 * }</pre>
 * Defaults: a quorum with leader 1, epoch 5 and caught-up voters 1, 2, 3; topic config min.isr 1
 * (DEFAULT_CONFIG), unclean off; a partition's leader is its first replica and its ISR all replicas until set.
 */
public final class Snapshots {

    public static final String TOPIC = "DYNAMIC_TOPIC_CONFIG";
    public static final String DEFAULT = "DEFAULT_CONFIG";
    public static final String BROKER = "DYNAMIC_BROKER_CONFIG";
    public static final String CLUSTER_DEFAULT = "DYNAMIC_DEFAULT_BROKER_CONFIG";
    public static final String STATIC = "STATIC_BROKER_CONFIG";

    private Snapshots() {
    }

    public static Builder cluster() {
        return new Builder();
    }

    public static List<Integer> ids(int... ids) {
        return Arrays.stream(ids).boxed().toList();
    }

    /**
     * The seed incident: brokers 4, 5, 6 with 5 and 6 dead (fenced); "rf1" (RF 1 on broker 5) leaderless with no
     * live replica; "orders" (RF 3, min.isr 2) with ISR [4], ELR [5]; "payments" (RF 2) on 4 and 6;
     * __consumer_offsets with 6 partitions, RF 2, min.isr 1, replicas rotating [4,5], [5,6], [6,4]: the [5,6]
     * ones (partitions 1 and 4) leaderless.
     */
    public static ClusterSnapshot seedIncident() {
        return cluster().clusterId("seed")
                .brokers(4, 5, 6).fenced(5, 6)
                .internalTopic("__consumer_offsets").minIsr(1, CLUSTER_DEFAULT)
                    .partition(0).replicas(4, 5).leader(4).isr(4)
                    .partition(1).replicas(5, 6).noLeader().isr().elr(6).lastKnownElr(6)
                    .partition(2).replicas(6, 4).leader(4).isr(4)
                    .partition(3).replicas(4, 5).leader(4).isr(4)
                    .partition(4).replicas(5, 6).noLeader().isr().elr(6).lastKnownElr(6)
                    .partition(5).replicas(6, 4).leader(4).isr(4)
                .topic("orders").minIsr(2)
                    .partition(0).replicas(4, 5, 6).leader(4).isr(4).elr(5)
                    .partition(1).replicas(5, 6, 4).leader(4).isr(4).elr(5)
                    .partition(2).replicas(6, 4, 5).leader(4).isr(4).elr(6)
                .topic("payments").minIsr(1, CLUSTER_DEFAULT)
                    .partition(0).replicas(4, 6).leader(4).isr(4)
                    .partition(1).replicas(6, 4).leader(4).isr(4)
                .topic("rf1").minIsr(1, CLUSTER_DEFAULT)
                    .partition(0).replicas(5).noLeader().isr().elr(5).lastKnownElr(5)
                    .partition(1).replicas(4)
                .build();
    }

    /** A healthy cluster: brokers 4, 5, 6; orders (RF 3, min.isr 2), __consumer_offsets (RF 3, min.isr 2). */
    public static ClusterSnapshot healthy() {
        return cluster().clusterId("healthy")
                .brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(2, BROKER).spread(6, 3)
                .topic("orders").minIsr(2).spread(3, 3)
                .build();
    }

    public static final class Builder {
        private String clusterId = "test-cluster";
        private Instant takenAt = Instant.parse("2026-01-01T00:00:00Z");
        private final Map<Integer, BrokerState> brokers = new LinkedHashMap<>();
        private QuorumState quorum = quorumOf(1, 5);
        private String quorumError;
        private final List<TopicBuilder> topics = new ArrayList<>();
        private TopicBuilder topic;
        private PartitionBuilder partition;

        public Builder clusterId(String id) {
            this.clusterId = id;
            return this;
        }

        public Builder takenAt(Instant at) {
            this.takenAt = at;
            return this;
        }

        /** Registered, unfenced brokers at host "b{id}", port 9092. */
        public Builder brokers(int... ids) {
            for (int id : ids) {
                brokers.put(id, new BrokerState(id, "b" + id, 9092, null, false));
            }
            return this;
        }

        /** Marks registered brokers fenced (registering them if needed). */
        public Builder fenced(int... ids) {
            for (int id : ids) {
                brokers.put(id, new BrokerState(id, "b" + id, 9092, null, true));
            }
            return this;
        }

        /** Unregisters brokers (they become "missing" if they host replicas). */
        public Builder unregistered(int... ids) {
            for (int id : ids) {
                brokers.remove(id);
            }
            return this;
        }

        public Builder quorum(QuorumState q) {
            this.quorum = q;
            this.quorumError = null;
            return this;
        }

        /** Leader {@code leaderId} at {@code epoch}, voters 1, 2, 3 all caught up. */
        public Builder quorum(int leaderId, int epoch) {
            return quorum(quorumOf(leaderId, epoch));
        }

        public Builder noQuorum(String error) {
            this.quorum = null;
            this.quorumError = error;
            return this;
        }

        public Builder topic(String name) {
            return startTopic(name, false);
        }

        public Builder internalTopic(String name) {
            return startTopic(name, true);
        }

        private Builder startTopic(String name, boolean internal) {
            topic = new TopicBuilder(name, internal);
            topics.add(topic);
            partition = null;
            return this;
        }

        /** The current topic's min.isr, set at topic level (DYNAMIC_TOPIC_CONFIG). */
        public Builder minIsr(int minIsr) {
            return minIsr(minIsr, TOPIC);
        }

        public Builder minIsr(int minIsr, String source) {
            TopicConfig c = currentTopic().config();
            topic.config = new TopicConfig(minIsr, source, c.uncleanLeaderElection(), c.uncleanLeaderElectionSource());
            return this;
        }

        public Builder unclean(boolean enabled, String source) {
            TopicConfig c = currentTopic().config();
            topic.config = new TopicConfig(c.minIsr(), c.minIsrSource(), enabled, source);
            return this;
        }

        /** The current topic's configs were not loaded. */
        public Builder noConfig() {
            currentTopic().config = null;
            topic.configLoaded = false;
            return this;
        }

        public Builder partition(int number) {
            partition = new PartitionBuilder(currentTopic().name, number);
            topic.partitions.add(partition);
            return this;
        }

        /** {@code count} healthy partitions, RF {@code rf}, replicas rotating over the registered brokers. */
        public Builder spread(int count, int rf) {
            List<Integer> ids = new ArrayList<>(brokers.keySet());
            int start = currentTopic().partitions.size();
            for (int i = 0; i < count; i++) {
                int[] replicas = new int[rf];
                for (int r = 0; r < rf; r++) {
                    replicas[r] = ids.get((i + r) % ids.size());
                }
                partition(start + i).replicas(replicas);
            }
            return this;
        }

        /** {@code count} healthy partitions, all with the same replicas. */
        public Builder partitions(int count, int... replicas) {
            int start = currentTopic().partitions.size();
            for (int i = 0; i < count; i++) {
                partition(start + i).replicas(replicas);
            }
            return this;
        }

        public Builder replicas(int... ids) {
            currentPartition().replicas = ids(ids);
            return this;
        }

        public Builder leader(int id) {
            currentPartition().leader = id;
            partition.leaderSet = true;
            return this;
        }

        public Builder noLeader() {
            currentPartition().leader = null;
            partition.leaderSet = true;
            return this;
        }

        public Builder isr(int... ids) {
            currentPartition().isr = ids(ids);
            return this;
        }

        public Builder elr(int... ids) {
            currentPartition().elr = ids(ids);
            return this;
        }

        public Builder lastKnownElr(int... ids) {
            currentPartition().lastKnownElr = ids(ids);
            return this;
        }

        public ClusterSnapshot build() {
            List<TopicState> ts = new ArrayList<>();
            for (TopicBuilder t : topics) {
                ts.add(t.build());
            }
            return new ClusterSnapshot(clusterId, takenAt, List.copyOf(brokers.values()), quorum, quorumError, ts);
        }

        private TopicBuilder currentTopic() {
            if (topic == null) {
                throw new IllegalStateException("call topic(name) first");
            }
            return topic;
        }

        private PartitionBuilder currentPartition() {
            if (partition == null) {
                throw new IllegalStateException("call partition(n) first");
            }
            return partition;
        }
    }

    /** Voters 1, 2, 3 caught up (log end offset 1000, lag 0, last fetch 100 ms ago), no observers. */
    public static QuorumState quorumOf(int leaderId, int epoch) {
        List<QuorumReplica> voters = new ArrayList<>();
        for (int id = 1; id <= 3; id++) {
            voters.add(new QuorumReplica(id, 1000, 0L, id == leaderId ? 0L : 100L, id == leaderId ? 0L : 100L));
        }
        return new QuorumState(leaderId, epoch, 1000, voters, List.of());
    }

    private static final class TopicBuilder {
        final String name;
        final boolean internal;
        TopicConfig config = new TopicConfig(1, DEFAULT, false, DEFAULT);
        boolean configLoaded = true;
        final List<PartitionBuilder> partitions = new ArrayList<>();

        TopicBuilder(String name, boolean internal) {
            this.name = name;
            this.internal = internal;
        }

        TopicConfig config() {
            if (!configLoaded) {
                throw new IllegalStateException("noConfig() was called for " + name);
            }
            return config;
        }

        TopicState build() {
            List<PartitionState> ps = new ArrayList<>();
            for (PartitionBuilder p : partitions) {
                ps.add(p.build());
            }
            return new TopicState(name, internal, ps, configLoaded ? config : null);
        }
    }

    private static final class PartitionBuilder {
        final String topic;
        final int number;
        List<Integer> replicas = List.of();
        Integer leader;
        boolean leaderSet;
        List<Integer> isr;
        List<Integer> elr = List.of();
        List<Integer> lastKnownElr = List.of();

        PartitionBuilder(String topic, int number) {
            this.topic = topic;
            this.number = number;
        }

        PartitionState build() {
            Integer l = leaderSet ? leader : (replicas.isEmpty() ? null : replicas.get(0));
            return new PartitionState(topic, number, l, replicas, isr == null ? replicas : isr, elr, lastKnownElr);
        }
    }
}
