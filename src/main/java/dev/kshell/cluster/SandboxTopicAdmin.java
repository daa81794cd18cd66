package dev.kshell.cluster;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Topic administration the sandbox needs to stage its scenarios, and nothing else does: kept off
 * {@link ClusterGateway} so that the shell's own commands cannot reach it. Implemented by {@link AdminClientGateway};
 * the sandbox gets it through the app wiring.
 */
public interface SandboxTopicAdmin extends ClusterGateway {

    /**
     * Creates a topic with an explicit replica assignment (one list of broker ids per partition, preferred leader
     * first) and topic configs. Returns false, changing nothing, when the topic exists already.
     */
    boolean createTopicWithAssignment(String topic, List<List<Integer>> replicasByPartition, Map<String, String> configs);

    /** Deletes these topics and waits until they are gone; names that do not exist are skipped. */
    void deleteTopicsIfPresent(Collection<String> topics);

    /** Sets ({@code value} non-null) or removes ({@code null}) one dynamic topic config. */
    void setTopicConfig(String topic, String key, String value);

    /**
     * Moves partitions of a topic to new replica lists and waits (within the deadline) until the reassignments
     * have completed.
     */
    void reassignAndWait(String topic, Map<Integer, List<Integer>> replicasByPartition);

    /**
     * Preferred leader election for every partition of these topics; partitions that need none or cannot have one
     * now are skipped. Returns how many partitions got a new leader.
     */
    int electPreferredQuietly(Collection<String> topics);

    /**
     * An unclean election of one partition, for a scenario that stages what an operator's {@code elect unclean}
     * leaves behind (the sandbox's fault injection, not an operator's act). Returns true when a leader was elected.
     */
    boolean electUncleanQuietly(String topic, int partition);

    /**
     * Deletes these consumer groups where they exist and have no member left; returns the ids still present (a
     * member still leaving, or a failure), so that the caller can try again.
     */
    List<String> deleteGroupsIfPresent(Collection<String> groupIds);
}
