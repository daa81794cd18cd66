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
 */
public record QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                          List<QuorumReplica> observers) {

    public QuorumState {
        voters = List.copyOf(voters);
        observers = List.copyOf(observers);
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }
}
