package dev.kshell.model;

import java.time.Instant;
import java.util.List;

/**
 * One read of who leads the cluster's metadata, as kshell got it: what the quorum / controller history records.
 * Generic over the two modes so that the history and its judgement work the same for both.
 *
 * @param leaderId the KRaft quorum leader (active controller) or, in ZooKeeper mode, the controller broker id; -1
 *                 when the read found none
 * @param epoch    the KRaft leader epoch, or in ZooKeeper mode {@code /controller_epoch}; -1 when the source does
 *                 not give one (e.g. describeCluster alone in ZooKeeper mode)
 * @param mode     {@link #KRAFT} or {@link #ZOOKEEPER}
 * @param source   what was asked: {@link #DESCRIBE_METADATA_QUORUM}, {@link #DESCRIBE_CLUSTER},
 *                 {@link #ZOOKEEPER_CONTROLLER}
 * @param seenAt   when the answer arrived (UTC)
 * @param answering node ids that answered a probe made with this read (voters in KRaft, brokers in ZooKeeper
 *                  mode), or null when nothing was probed
 * @param silent    node ids that did not answer such a probe, or null when nothing was probed
 */
public record QuorumObservation(int leaderId, long epoch, String mode, String source, Instant seenAt,
                                List<Integer> answering, List<Integer> silent) {

    public QuorumObservation {
        answering = answering == null ? null : List.copyOf(answering);
        silent = silent == null ? null : List.copyOf(silent);
    }

    /** A read without probes. */
    public QuorumObservation(int leaderId, long epoch, String mode, String source, Instant seenAt) {
        this(leaderId, epoch, mode, source, seenAt, null, null);
    }

    /** This read with what the nodes answered when probed with it. */
    public QuorumObservation withProbes(List<Integer> answeringIds, List<Integer> silentIds) {
        return new QuorumObservation(leaderId, epoch, mode, source, seenAt, answeringIds, silentIds);
    }

    public static final String KRAFT = "kraft";
    public static final String ZOOKEEPER = "zookeeper";
    public static final String DESCRIBE_METADATA_QUORUM = "describeMetadataQuorum";

    public static final String DESCRIBE_CLUSTER = "describeCluster";
    public static final String ZOOKEEPER_CONTROLLER = "zookeeper /controller";

    /**
     * What one quorum read says: KRaft, the quorum leader and its epoch (describeMetadataQuorum); ZooKeeper mode,
     * the controller from describeCluster, with {@code /controller_epoch} when {@code --zookeeper} read it (else the
     * epoch is unknown, -1).
     */
    public static QuorumObservation of(QuorumState quorum, Instant seenAt) {
        if (quorum.zooKeeperMode()) {
            boolean fromZooKeeper = quorum.zooKeeper() != null && quorum.zooKeeper().error() == null;
            return new QuorumObservation(quorum.leaderId(), quorum.leaderEpoch(), ZOOKEEPER,
                    fromZooKeeper ? ZOOKEEPER_CONTROLLER : DESCRIBE_CLUSTER, seenAt);
        }
        return new QuorumObservation(quorum.leaderId(), quorum.leaderEpoch(), KRAFT, DESCRIBE_METADATA_QUORUM, seenAt);
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }
}
