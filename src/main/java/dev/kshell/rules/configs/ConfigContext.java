package dev.kshell.rules.configs;

import dev.kshell.model.TopicState;

import java.util.List;
import java.util.Optional;

/**
 * What a change's meaning depends on beyond the entity's own configs: the topics (replication factor, partitions,
 * where their min.insync.replicas and unclean setting come from, their ELR now) and whether the cluster keeps
 * eligible leader replicas (KIP-966).
 *
 * @param topics the cluster's topics with their configs (empty when not read)
 * @param elr    the cluster keeps ELR (Kafka 4.0+ with ELR enabled)
 */
public record ConfigContext(List<TopicState> topics, boolean elr) {

    public ConfigContext {
        topics = topics == null ? List.of() : List.copyOf(topics);
    }

    public Optional<TopicState> topic(String name) {
        return topics.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** Topics that take {@code key} from a broker-level source (they have no value of their own). */
    public List<TopicState> inheriting(String key) {
        return topics.stream().filter(t -> t.config() != null).filter(t -> {
            String source = key.equals(ConfigKeys.MIN_ISR) ? t.config().minIsrSource()
                    : t.config().uncleanLeaderElectionSource();
            return !"DYNAMIC_TOPIC_CONFIG".equals(source);
        }).toList();
    }

    /** How many partitions of {@code topics} hold eligible leader replicas now. */
    public static int withElr(List<TopicState> topics) {
        int n = 0;
        for (TopicState t : topics) {
            n += (int) t.partitions().stream().filter(p -> !p.elr().isEmpty()).count();
        }
        return n;
    }
}
