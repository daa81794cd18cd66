package dev.kshell.model;

import java.util.List;
import java.util.Map;

/**
 * The cluster's controller side. In KRaft: the metadata quorum, read from describeMetadataQuorum (describeCluster's
 * controller() is not the active controller when asked through brokers). In ZooKeeper mode: the active controller,
 * a broker, from describeCluster (there it is the real one), with its epoch and the ensemble's health when
 * {@code --zookeeper} is given; voters and observers are empty.
 *
 * @param leaderId      active controller id, or -1 when there is no leader
 * @param leaderEpoch   epoch of the current leader (ZooKeeper mode: {@code /controller_epoch}); -1 when unknown
 * @param highWatermark metadata log high watermark; -1 right after a leader change, and always in ZooKeeper mode
 * @param voters        voting controllers (empty in ZooKeeper mode)
 * @param observers     observers (brokers, and controllers that are not voters)
 * @param mode          KRaft or ZooKeeper
 * @param zooKeeper     what ZooKeeper itself says (ZooKeeper mode with {@code --zookeeper}), or null
 * @param voterEndpoints host:port of each voter's controller listener as the leader reported them (KIP-853 nodes;
 *                       empty when the cluster does not report them): where triage probes the voters after the
 *                       quorum is lost
 */
public record QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                          List<QuorumReplica> observers, ClusterCapabilities.Mode mode, ZooKeeperState zooKeeper,
                          Map<Integer, String> voterEndpoints) {

    public QuorumState {
        voters = List.copyOf(voters);
        observers = List.copyOf(observers);
        mode = mode == null ? ClusterCapabilities.Mode.KRAFT : mode;
        voterEndpoints = voterEndpoints == null ? Map.of() : Map.copyOf(voterEndpoints);
    }

    /** Without voter endpoints. */
    public QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                       List<QuorumReplica> observers, ClusterCapabilities.Mode mode, ZooKeeperState zooKeeper) {
        this(leaderId, leaderEpoch, highWatermark, voters, observers, mode, zooKeeper, Map.of());
    }

    /** A KRaft metadata quorum. */
    public QuorumState(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                       List<QuorumReplica> observers) {
        this(leaderId, leaderEpoch, highWatermark, voters, observers, ClusterCapabilities.Mode.KRAFT, null);
    }

    /** A KRaft metadata quorum with its voters' endpoints. */
    public static QuorumState kraft(int leaderId, long leaderEpoch, long highWatermark, List<QuorumReplica> voters,
                                    List<QuorumReplica> observers, Map<Integer, String> voterEndpoints) {
        return new QuorumState(leaderId, leaderEpoch, highWatermark, voters, observers,
                ClusterCapabilities.Mode.KRAFT, null, voterEndpoints);
    }

    /** A ZooKeeper-mode controller: {@code controllerId} -1 when none is elected, epoch -1 when unknown. */
    public static QuorumState zooKeeperController(int controllerId, long epoch, ZooKeeperState zooKeeper) {
        return new QuorumState(controllerId, epoch, -1, List.of(), List.of(), ClusterCapabilities.Mode.ZOOKEEPER,
                zooKeeper);
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }

    /** True for a ZooKeeper-mode cluster's controller (no KRaft quorum). */
    public boolean zooKeeperMode() {
        return mode == ClusterCapabilities.Mode.ZOOKEEPER;
    }
}
