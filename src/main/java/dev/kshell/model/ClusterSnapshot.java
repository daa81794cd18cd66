package dev.kshell.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Everything kshell knows about a cluster at one moment. Immutable; commands, rules, completion and runbook
 * expressions all read the same snapshot.
 *
 * @param clusterId   cluster id, or null when unknown
 * @param takenAt     when the snapshot was read
 * @param brokers     registered brokers, fenced ones included
 * @param quorum      the metadata quorum, or null when it could not be read (see quorumError)
 * @param quorumError why the quorum could not be read, or null
 * @param topics      topics, ordered by name (internal topics included)
 * @param capabilities what the cluster offers (detected once per connection); {@link ClusterCapabilities#assumeAll()}
 *                     when not detected
 * @param skippedTopics topics that were listed but deleted before they could be described: left out of
 *                      {@code topics}, named here (empty almost always)
 * @param configsError  why some topics' configs could not be read although they were asked for (a user without
 *                      DESCRIBE_CONFIGS on them: those topics have no config), or null
 */
public record ClusterSnapshot(String clusterId, Instant takenAt, List<BrokerState> brokers, QuorumState quorum,
                              String quorumError, List<TopicState> topics, ClusterCapabilities capabilities,
                              List<String> skippedTopics, String configsError) {

    public ClusterSnapshot {
        brokers = List.copyOf(brokers);
        topics = List.copyOf(topics);
        capabilities = capabilities == null ? ClusterCapabilities.assumeAll() : capabilities;
        skippedTopics = skippedTopics == null ? List.of() : List.copyOf(skippedTopics);
    }

    /** A snapshot whose configs, where asked for, were read. */
    public ClusterSnapshot(String clusterId, Instant takenAt, List<BrokerState> brokers, QuorumState quorum,
                           String quorumError, List<TopicState> topics, ClusterCapabilities capabilities,
                           List<String> skippedTopics) {
        this(clusterId, takenAt, brokers, quorum, quorumError, topics, capabilities, skippedTopics, null);
    }

    /** Why a topic without config has none, for a sentence: "not authorized to ..." or "configs not loaded". */
    public String configsUnknownReason() {
        return configsError != null ? configsError : "configs not loaded";
    }

    /** A snapshot with nothing skipped. */
    public ClusterSnapshot(String clusterId, Instant takenAt, List<BrokerState> brokers, QuorumState quorum,
                           String quorumError, List<TopicState> topics, ClusterCapabilities capabilities) {
        this(clusterId, takenAt, brokers, quorum, quorumError, topics, capabilities, List.of());
    }

    /**
     * The one line that says which topics were deleted while being read, or null when none was. Commands that list
     * partitions print it as a note.
     */
    public String skippedTopicsNote() {
        if (skippedTopics.isEmpty()) {
            return null;
        }
        int shown = Math.min(5, skippedTopics.size());
        return "note: " + skippedTopics.size() + (skippedTopics.size() == 1 ? " topic was" : " topics were")
                + " deleted while being read and " + (skippedTopics.size() == 1 ? "is" : "are") + " left out: "
                + String.join(", ", skippedTopics.subList(0, shown))
                + (skippedTopics.size() > shown ? ", +" + (skippedTopics.size() - shown) + " more" : "");
    }

    /** A snapshot whose cluster's capabilities were not detected (every feature assumed). */
    public ClusterSnapshot(String clusterId, Instant takenAt, List<BrokerState> brokers, QuorumState quorum,
                           String quorumError, List<TopicState> topics) {
        this(clusterId, takenAt, brokers, quorum, quorumError, topics, null);
    }

    /** This snapshot with the cluster's detected capabilities. */
    public ClusterSnapshot withCapabilities(ClusterCapabilities detected) {
        return new ClusterSnapshot(clusterId, takenAt, brokers, quorum, quorumError, topics, detected, skippedTopics,
                configsError);
    }

    /** This snapshot with other broker states (the same partitions, quorum and topics). */
    public ClusterSnapshot withBrokers(List<BrokerState> others) {
        return new ClusterSnapshot(clusterId, takenAt, others, quorum, quorumError, topics, capabilities, skippedTopics,
                configsError);
    }

    /** Ids of brokers that are registered and not fenced. */
    public Set<Integer> liveBrokerIds() {
        return brokers.stream().filter(BrokerState::live).map(BrokerState::id).collect(Collectors.toUnmodifiableSet());
    }

    public Optional<TopicState> topic(String name) {
        return topics.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** The partition named like Kafka's tools name it ("topic-3"), if this snapshot holds it. */
    public Optional<PartitionState> partition(String name) {
        for (TopicState t : topics) {
            for (PartitionState p : t.partitions()) {
                if (p.name().equals(name)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    public Optional<PartitionState> partition(PartitionSpec spec) {
        return topic(spec.topic()).flatMap(t -> t.partitions().stream().filter(p -> p.partition() == spec.partition())
                .findFirst());
    }

    /** The effective min.insync.replicas of the partition's topic, or null when the configs were not read. */
    public Integer minIsr(PartitionState p) {
        return topic(p.topic()).map(TopicState::config).map(TopicConfig::minIsr).orElse(null);
    }

    public Map<String, TopicState> topicsByName() {
        return topics.stream().collect(Collectors.toUnmodifiableMap(TopicState::name, Function.identity()));
    }
}
