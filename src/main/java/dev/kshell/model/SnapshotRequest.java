package dev.kshell.model;

import java.util.List;

/**
 * What a command reads from the cluster, declared once, so that the gateway fetches exactly that and no more
 * ({@code ClusterGateway.read}). Independent parts (the broker list, the quorum, the topic list) are in flight at
 * once; descriptions and configs of the selected topics follow the topic list, in parallel batches.
 *
 * <p>The cluster id is always read (it comes with the broker list, in the same request).
 *
 * @param brokers      registered brokers (fenced ones included where the endpoint can tell)
 * @param quorum       the KRaft metadata quorum; when false the snapshot's quorum is null and its quorumError
 *                     says {@link #QUORUM_NOT_READ}
 * @param topics       which topics: null = every topic (listTopics first), an empty list = none, else these names
 * @param descriptions partitions (leader, replicas, ISR, ELR) of the selected topics; when false the snapshot
 *                     lists the selected topics with no partitions
 * @param configs      effective min.insync.replicas and unclean.leader.election.enable of the selected topics
 */
public record SnapshotRequest(boolean brokers, boolean quorum, List<String> topics, boolean descriptions,
                              boolean configs) {

    /** The quorumError of a snapshot whose request did not ask for the quorum. */
    public static final String QUORUM_NOT_READ = "not read by this command";

    public SnapshotRequest {
        topics = topics == null ? null : List.copyOf(topics);
    }

    /** Everything: brokers, quorum, the topics given (null = all) described, with configs when asked. */
    public static SnapshotRequest everything(List<String> topics, boolean configs) {
        return new SnapshotRequest(true, true, topics, true, configs);
    }

    /** Brokers and every topic described, no quorum, no configs: what {@code leaderless} needs. */
    public static SnapshotRequest partitions() {
        return new SnapshotRequest(true, false, null, true, false);
    }

    public SnapshotRequest withQuorum(boolean read) {
        return new SnapshotRequest(brokers, read, topics, descriptions, configs);
    }

    public SnapshotRequest withConfigs(boolean read) {
        return new SnapshotRequest(brokers, quorum, topics, descriptions, read);
    }

    /** The same request for these topics only (null = all). */
    public SnapshotRequest forTopics(List<String> names) {
        return new SnapshotRequest(brokers, quorum, names, descriptions, configs);
    }

    /** True when the snapshot lists topics whose partitions were not read (every Kafka topic has one at least). */
    public static boolean descriptionsNotRead(ClusterSnapshot s) {
        return !s.topics().isEmpty() && s.topics().stream().allMatch(t -> t.partitions().isEmpty());
    }

    /** True when the snapshot was read with the quorum not asked for (as opposed to asked for and unreadable). */
    public static boolean quorumNotRead(ClusterSnapshot s) {
        return s.quorum() == null && QUORUM_NOT_READ.equals(s.quorumError());
    }
}
