package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.diagnosis.QuorumStability;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;
import dev.kshell.session.QuorumMemory;
import dev.kshell.session.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The explicit step of every command that reads the quorum: hand the read to the session's {@link QuorumMemory}
 * (this session, and the state file in the shell) and judge stability from it. A failed write is one warning
 * line; it never fails the command.
 */
final class QuorumRecording {

    private static final Logger LOG = LoggerFactory.getLogger(QuorumRecording.class);

    private QuorumRecording() {
    }

    /** Records one quorum read of the connected cluster; null (and nothing recorded) when its id is unknown. */
    static QuorumStability recordAndJudge(ShellSession session, Invocation inv, ClusterGateway gateway,
                                          QuorumState quorum) {
        String clusterId = clusterId(session, gateway);
        if (clusterId == null) {
            return null;
        }
        QuorumMemory memory = session.quorumMemory();
        QuorumMemory.Known known = memory.record(clusterId, memory.observe(quorum));
        warn(inv, known.warning());
        return memory.stability(known.terms());
    }

    /**
     * The connected cluster's id: the session's last snapshot is of this connection (connecting drops it), else one
     * describeCluster. Null when it cannot be had (the history is a convenience: its absence is not an error).
     */
    static String clusterId(ShellSession session, ClusterGateway gateway) {
        String known = session.lastSnapshot().map(ClusterSnapshot::clusterId).orElse(null);
        if (known != null) {
            return known;
        }
        try {
            return gateway.clusterId();
        } catch (RuntimeException e) {
            LOG.debug("cluster id unknown, quorum read not remembered: {}", e.getMessage());
            return null;
        }
    }

    private static void warn(Invocation inv, String warning) {
        if (warning != null) {
            inv.note("warning: " + warning);
        }
    }
}
