package dev.kshell.cluster;

import dev.kshell.model.PartitionSpec;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Moving replicas between brokers: the reassignments in flight, starting and cancelling them, the sizes they copy,
 * the replication throttles that bound them, and forgetting a broker for good. Reached through
 * {@link ClusterGateway#replicaMoves()}; every call carries the gateway's deadline and throws {@link ClusterException}
 * (never a Kafka exception) when the cluster cannot answer. A feature the cluster's release lacks is a sentence in
 * the answer, never a failure.
 */
public interface ReplicaMoves {

    /** Kafka's broker config: bytes/s a leader may send to followers of throttled replicas. */
    String LEADER_RATE = "leader.replication.throttled.rate";
    /** Kafka's broker config: bytes/s a follower may fetch for throttled replicas. */
    String FOLLOWER_RATE = "follower.replication.throttled.rate";
    /** Kafka's topic config: {@code partition:broker} pairs whose leader side is throttled. */
    String LEADER_REPLICAS = "leader.replication.throttled.replicas";
    /** Kafka's topic config: {@code partition:broker} pairs whose follower side is throttled. */
    String FOLLOWER_REPLICAS = "follower.replication.throttled.replicas";

    /**
     * One reassignment in flight, as the controller reports it.
     *
     * @param replicas the full replica set during the move (current plus adding)
     * @param adding   replicas being added (copying)
     * @param removing replicas to be removed once the adding ones are in sync
     */
    record InFlight(List<Integer> replicas, List<Integer> adding, List<Integer> removing) {
        public InFlight {
            replicas = List.copyOf(replicas);
            adding = List.copyOf(adding);
            removing = List.copyOf(removing);
        }

        /** The replica set when the move completes: the replicas less those being removed. */
        public List<Integer> target() {
            return replicas.stream().filter(r -> !removing.contains(r)).toList();
        }
    }

    /** Every reassignment in flight in the cluster, whoever started it (listPartitionReassignments). */
    Map<PartitionSpec, InFlight> inFlight();

    /**
     * Starts (or replaces) a reassignment per partition (alterPartitionReassignments).
     *
     * @param targets per partition, the full new replica list (its first replica becomes the preferred leader)
     * @return per partition: empty = accepted, else one sentence why not
     */
    Map<PartitionSpec, Optional<String>> alter(Map<PartitionSpec, List<Integer>> targets);

    /**
     * Cancels the reassignments of these partitions (alterPartitionReassignments with no target): each returns to
     * its replica set before the move.
     *
     * @return per partition: empty = cancelled, else one sentence why not (e.g. none was in flight)
     */
    Map<PartitionSpec, Optional<String>> cancel(Collection<PartitionSpec> partitions);

    /**
     * Replica sizes and free space per broker (describeLogDirs).
     *
     * @param brokerIds the brokers to ask (ask only live ones: a dead broker answers nothing within the deadline)
     */
    LogDirUsage logDirs(Collection<Integer> brokerIds);

    /**
     * @param sizes  bytes per broker per partition (its current, not future, replica; summed over log dirs)
     * @param usable per broker, the usable (free) bytes over its log dirs, when the broker reports them (Kafka 3.3+)
     * @param errors   per broker that could not answer, one sentence
     * @param cordoned the brokers whose every online log directory is cordoned (Kafka 4.3+, KIP-1066): Kafka refuses
     *                 a new replica on them, so no plan may place one there
     */
    record LogDirUsage(Map<Integer, Map<PartitionSpec, Long>> sizes, Map<Integer, Long> usable,
                       Map<Integer, String> errors, java.util.Set<Integer> cordoned) {

        public LogDirUsage(Map<Integer, Map<PartitionSpec, Long>> sizes, Map<Integer, Long> usable,
                           Map<Integer, String> errors) {
            this(sizes, usable, errors, java.util.Set.of());
        }
    }

    /** Each registered broker's {@code broker.rack}, or no entry when it has none (describeCluster). */
    Map<Integer, String> racks();

    /**
     * The throttles in place: each broker's leader/follower rates (describeConfigs, dynamic per-broker values) and
     * each topic's throttled-replica lists. Brokers or topics that cannot answer are left out.
     */
    Throttles throttles(Collection<Integer> brokerIds, Collection<String> topics);

    /**
     * @param brokerRates per broker, config name -> value (bytes/s), only those set
     * @param topicLists  per topic, config name -> value ({@code p:b,p:b} or {@code *}), only those set
     */
    record Throttles(Map<Integer, Map<String, String>> brokerRates, Map<String, Map<String, String>> topicLists) {
        public boolean none() {
            return brokerRates.values().stream().allMatch(Map::isEmpty)
                    && topicLists.values().stream().allMatch(Map::isEmpty);
        }
    }

    /**
     * Sets the leader and follower replication rate on each broker (incrementalAlterConfigs, SET).
     *
     * @return per broker: empty = set, else one sentence why not
     */
    Map<Integer, Optional<String>> setBrokerRate(Collection<Integer> brokerIds, long bytesPerSecond);

    /**
     * Sets each topic's throttled replica lists (incrementalAlterConfigs, SET).
     *
     * @param lists per topic, {@link #LEADER_REPLICAS} / {@link #FOLLOWER_REPLICAS} -> {@code p:b,p:b}
     * @return per topic: empty = set, else one sentence why not
     */
    Map<String, Optional<String>> setTopicThrottle(Map<String, Map<String, String>> lists);

    /**
     * Removes the rates from these brokers (incrementalAlterConfigs, DELETE).
     *
     * @return per broker: empty = removed (or was not set), else one sentence why not
     */
    Map<Integer, Optional<String>> removeBrokerRate(Collection<Integer> brokerIds);

    /**
     * Removes both throttled-replica lists from these topics (incrementalAlterConfigs, DELETE).
     *
     * @return per topic: empty = removed (or was not set), else one sentence why not
     */
    Map<String, Optional<String>> removeTopicThrottle(Collection<String> topics);

    /** Kafka's broker config (KIP-1066, Kafka 4.3+): log directories that take no new replica; {@code *} for all. */
    String CORDONED_LOG_DIRS = "cordoned.log.dirs";

    /**
     * Cordons every log directory of each broker ({@code cordoned.log.dirs=*}, incrementalAlterConfigs, SET): no new
     * replica is placed on them, the replicas there stay and serve.
     *
     * @return per broker: empty = cordoned, else one sentence why not
     */
    Map<Integer, Optional<String>> cordon(Collection<Integer> brokerIds);

    /**
     * Uncordons each broker's log directories ({@code cordoned.log.dirs} deleted, incrementalAlterConfigs).
     *
     * @return per broker: empty = uncordoned (or was not cordoned), else one sentence why not
     */
    Map<Integer, Optional<String>> uncordon(Collection<Integer> brokerIds);

    /**
     * Makes a KRaft cluster forget a broker (unregisterBroker). A cluster that cannot (ZooKeeper mode, a release
     * that lacks the request) gives a sentence, not a failure.
     */
    Unregistered unregisterBroker(int brokerId);

    /**
     * What unregisterBroker came to.
     *
     * @param outcome  done, unsupported (ZooKeeper mode or a release that lacks it: nothing changed), or failed
     * @param sentence why, for unsupported and failed; null when done
     */
    record Unregistered(Outcome outcome, String sentence) {
        /** NOT_REGISTERED: the cluster answered that no broker of that id is registered (nothing was changed). */
        public enum Outcome { DONE, UNSUPPORTED, FAILED, NOT_REGISTERED }

        public static Unregistered done() {
            return new Unregistered(Outcome.DONE, null);
        }
    }
}
