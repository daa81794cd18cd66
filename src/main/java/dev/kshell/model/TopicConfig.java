package dev.kshell.model;

/**
 * The effective values of the topic configs kshell reasons about, with where each came from (Kafka's config
 * source names: DYNAMIC_TOPIC_CONFIG, DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG, STATIC_BROKER_CONFIG,
 * DEFAULT_CONFIG).
 *
 * @param minIsr                       effective min.insync.replicas
 * @param minIsrSource                 its source
 * @param uncleanLeaderElection        effective unclean.leader.election.enable
 * @param uncleanLeaderElectionSource  its source
 * @param compacted                    cleanup.policy includes {@code compact} (log size then says little about
 *                                     the number of records)
 */
public record TopicConfig(int minIsr, String minIsrSource, boolean uncleanLeaderElection,
                          String uncleanLeaderElectionSource, boolean compacted) {

    public TopicConfig(int minIsr, String minIsrSource, boolean uncleanLeaderElection,
                       String uncleanLeaderElectionSource) {
        this(minIsr, minIsrSource, uncleanLeaderElection, uncleanLeaderElectionSource, false);
    }
}
