package dev.kshell.cluster;

import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.Node;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import dev.kshell.model.ZooKeeperState;

/**
 * The metadata quorum over the Admin client (describeMetadataQuorum), or in ZooKeeper mode the controller broker
 * and what ZooKeeper says. One room of {@link AdminClientGateway}; every call carries the gateway's deadline.
 */
final class AdminQuorum {

    private final AdminClientGateway gateway;

    AdminQuorum(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    /** The KRaft quorum (describeMetadataQuorum), or in ZooKeeper mode the controller. */
    QuorumState read() {
        if (gateway.capabilities().zooKeeperMode()) {
            return zooKeeperController();
        }
        QuorumInfo info = KafkaErrors.quorum(gateway.target(), () -> AdminClientGateway.answer(gateway.target(),
                gateway.admin().describeMetadataQuorum(new DescribeMetadataQuorumOptions().timeoutMs(gateway.timeoutMs()))
                        .quorumInfo()));
        return toQuorumState(info, gateway.clock().millis());
    }

    /**
     * ZooKeeper mode: the active controller from describeCluster (there it is the real controller, a broker) and,
     * with --zookeeper, what ZooKeeper says: /controller, /controller_epoch, /brokers/ids, the ensemble's health.
     */
    QuorumState zooKeeperController() {
        Node controller = gateway.await("describeCluster", gateway.admin()
                .describeCluster(new DescribeClusterOptions().timeoutMs(gateway.timeoutMs())).controller());
        int id = controller == null || controller.isEmpty() ? -1 : controller.id();
        if (gateway.target().zooKeeper() == null) {
            return QuorumState.zooKeeperController(id, -1, null);
        }
        ZooKeeperState zk = new ZooKeeperReader(gateway.target().zooKeeper(), gateway.target().timeout()).read();
        long epoch = zk.controllerEpoch() == null ? -1 : zk.controllerEpoch();
        // ZooKeeper's own /controller wins: the brokers' metadata may lag behind an election.
        int zkController = zk.controllerId() == null ? id : zk.controllerId();
        return QuorumState.zooKeeperController(zk.error() == null ? zkController : id, epoch, zk);
    }

    static QuorumState toQuorumState(QuorumInfo info, long nowMs) {
        long leaderEnd = info.voters().stream().filter(v -> v.replicaId() == info.leaderId())
                .mapToLong(QuorumInfo.ReplicaState::logEndOffset).findFirst().orElse(-1L);
        List<QuorumReplica> voters = info.voters().stream().map(r -> toReplica(r, leaderEnd, nowMs)).toList();
        List<QuorumReplica> observers = info.observers().stream().map(r -> toReplica(r, leaderEnd, nowMs)).toList();
        // Voter endpoints (first listener of each voter): where triage probes the controllers once the quorum is lost.
        Map<Integer, String> endpoints = new HashMap<>();
        if (info.nodes() != null) {
            info.nodes().forEach((id, node) -> {
                if (!node.endpoints().isEmpty()) {
                    endpoints.put(id, node.endpoints().get(0).host() + ":" + node.endpoints().get(0).port());
                }
            });
        }
        return QuorumState.kraft(info.leaderId(), info.leaderEpoch(), info.highWatermark(), voters, observers,
                endpoints);
    }

    private static QuorumReplica toReplica(QuorumInfo.ReplicaState r, long leaderEnd, long nowMs) {
        // Right after a failover offsets can be -1 and timestamps empty: report unknown, never a negative lag.
        Long lag = leaderEnd >= 0 && r.logEndOffset() >= 0 ? Math.max(0, leaderEnd - r.logEndOffset()) : null;
        return new QuorumReplica(r.replicaId(), r.logEndOffset(), lag,
                age(r.lastFetchTimestamp().orElse(-1), nowMs), age(r.lastCaughtUpTimestamp().orElse(-1), nowMs));
    }

    private static Long age(long timestampMs, long nowMs) {
        return timestampMs > 0 ? Math.max(0, nowMs - timestampMs) : null;
    }
}
