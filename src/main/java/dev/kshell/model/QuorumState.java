package dev.kshell.model;

import java.util.List;

/**
 * The KRaft metadata quorum. Read from describeMetadataQuorum; note that describeCluster's controller() is
 * not the active controller when asked through brokers.
 *
 * @param leaderId      active controller id, or -1 when there is no leader
 * @param leaderEpoch   epoch of the current leader
 * @param highWatermark metadata log high watermark; -1 right after a leader change
 * @param voters        voting controllers
 * @param observers     observers (brokers, and controllers that are not voters)
 * @param voterEndpoints host:port of each voter's controller listener as the leader reported them (KIP-853 nodes;
 *                       empty when the cluster does not report them): where triage probes the voters after the
 *                       quorum is lost
 */
public record QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                          List<QuorumReplica> observers, java.util.Map<Integer, String> voterEndpoints) {

    public QuorumState {
        voters = List.copyOf(voters);
        observers = List.copyOf(observers);
        voterEndpoints = voterEndpoints == null ? java.util.Map.of() : java.util.Map.copyOf(voterEndpoints);
    }

    /** Without voter endpoints. */
    public QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                       List<QuorumReplica> observers) {
        this(leaderId, leaderEpoch, highWatermark, voters, observers, java.util.Map.of());
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }
}
