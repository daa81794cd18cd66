package dev.kshell.cluster;

import dev.kshell.model.FeatureLevels;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.VoterChange;

import java.util.List;

/**
 * The KRaft quorum's membership (KIP-853): who the voters are by id and directory id, the finalized features that
 * say whether the quorum can change, and the two changes themselves. Every call carries the gateway's deadline. A
 * release or a quorum that cannot answer (static quorum, before 3.9, ZooKeeper mode) gives a value that says so,
 * never an exception for that reason alone.
 */
public interface QuorumChanges {

    /**
     * describeMetadataQuorum with directory ids and voter endpoints, plus the finalized {@code kraft.version}.
     *
     * @throws ClusterException when no quorum leader answers within the deadline
     */
    QuorumDescription describe();

    /** describeFeatures: the finalized feature levels, or {@link FeatureLevels#unavailable} with the reason. */
    FeatureLevels features();

    /**
     * AddRaftVoter: makes the observer {@code id} with {@code directoryId} a voter, reachable at {@code endpoints}
     * ({@code LISTENER://host:port}). Kafka answers once the new voter set is committed.
     */
    VoterChange addVoter(int id, String directoryId, List<String> endpoints);

    /** RemoveRaftVoter: removes the voter {@code id} with {@code directoryId}. */
    VoterChange removeVoter(int id, String directoryId);
}
