package dev.kshell.rules.quorum;

import java.util.List;

/**
 * What to do where the voter set cannot change (pure text): a static quorum, a release before 3.9, ZooKeeper mode.
 */
public final class StaticQuorumAdvice {

    private StaticQuorumAdvice() {
    }

    /** The refusal line for a static quorum. */
    public static String refusal(String command, int nodeId, Short kraftVersion) {
        return command + " " + nodeId + ": refused: the quorum is static (kraft.version "
                + (kraftVersion == null ? 0 : kraftVersion) + ", controller.quorum.voters): its voters cannot be "
                + "added or removed; nothing was changed";
    }

    /** The sentence for ZooKeeper mode. */
    public static String zooKeeperMode(String command) {
        return command + ": this cluster runs in ZooKeeper mode: it has no KRaft quorum (its controller is a broker "
                + "elected in ZooKeeper), so there is no controller to replace; nothing was changed";
    }

    /** The sentence for a KRaft release before 3.9. */
    public static String beforeDynamicQuorums(String command, String release) {
        return command + ": " + release + " has no dynamic quorums (KIP-853 came with Kafka 3.9): its voters cannot "
                + "be added or removed; nothing was changed";
    }

    /** The procedure that works on a static quorum, and how a 4.1+ cluster becomes dynamic (and what that costs). */
    public static List<String> procedure(int nodeId) {
        return List.of(
                "On a static quorum a controller whose disk is gone comes back as the same voter:",
                "  1. keep a majority of the voters healthy; on controller " + nodeId + "'s host keep node.id "
                        + nodeId + ", its controller listener and controller.quorum.voters as they were",
                "  2. format the new disk with the cluster's id: kafka-storage.sh format -t <cluster id> -c "
                        + "<its server.properties>",
                "  3. before its first start, restore its metadata log directory (__cluster_metadata-0) from a "
                        + "caught-up voter of the healthy majority: an empty voter can help elect a leader that "
                        + "lacks committed metadata",
                "  4. start it; `quorum` shows it fetching as a follower until it is caught up",
                "A 4.1+ cluster can become dynamic: once every node runs 4.1+, kafka-features.sh --bootstrap-server "
                        + "<broker> upgrade --feature kraft.version=1, then controller.quorum.bootstrap.servers in "
                        + "place of controller.quorum.voters on each node at its next restart.",
                "That cannot be undone: kraft.version cannot be downgraded. And on 4.3+ kafka-features.sh upgrade "
                        + "--release-version also lifts kraft.version to 1 (KAFKA-21426): the quorum turns dynamic "
                        + "for good while every node still carries controller.quorum.voters.");
    }
}
