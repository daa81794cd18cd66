package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.rules.QuorumStability;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumState;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.connection.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.Consumer;

/**
 * The explicit step of every workflow that reads the quorum: hand the read to the session's {@link QuorumMemory}
 * (this session, and the state file in the shell) and judge stability from it. A failed write is one warning line
 * (to {@code warnings}); it never fails the command.
 */
public final class QuorumService {

    private static final Logger LOG = LoggerFactory.getLogger(QuorumService.class);

    private final ShellSession session;

    public QuorumService(ShellSession session) {
        this.session = session;
    }

    /** What {@code quorum} read: the quorum and the judgement of the history it joined (null when unknown). */
    public record QuorumRead(QuorumState quorum, QuorumStability stability) {
    }

    /**
     * What {@code quorum --history} shows.
     *
     * @param readError why the quorum could not be read now (the remembered history is shown all the same), or null
     */
    public record History(String clusterId, List<LeaderTerm> terms, QuorumStability stability,
                          boolean persistent, String readError) {
    }

    /** Reads the quorum now and records it (in both modes: in ZooKeeper mode the controller id and epoch). */
    public QuorumRead read(Consumer<String> warnings) {
        ClusterGateway gateway = session.requireGateway();
        QuorumState quorum = gateway.quorum();
        return new QuorumRead(quorum, recordAndJudge(gateway, quorum, warnings));
    }

    /** Records a quorum read elsewhere (the membership read of {@code quorum}) and judges the history it joined. */
    public QuorumRead record(QuorumState quorum, Consumer<String> warnings) {
        return new QuorumRead(quorum, recordAndJudge(session.requireGateway(), quorum, warnings));
    }

    /**
     * Reads the quorum now (recording it), then the remembered terms. Null when the cluster id cannot be read (the
     * caller says which history is unknown).
     */
    public History history(Consumer<String> warnings) {
        ClusterGateway gateway = session.requireGateway();
        String clusterId = clusterId(gateway);
        if (clusterId == null) {
            return null;
        }
        QuorumMemory memory = session.quorumMemory();
        String readError = null;
        QuorumMemory.Known known;
        try {
            known = memory.record(clusterId, memory.observe(gateway.quorum()));
        } catch (ClusterException e) {
            readError = e.getMessage();
            known = memory.known(clusterId);
        }
        warn(warnings, known.warning());
        return new History(clusterId, known.terms(), memory.stability(known.terms()), memory.persistent(), readError);
    }

    /** The endpoints the connection uses, for a sentence when the cluster id is unknown. */
    public String endpoints() {
        return session.requireGateway().target().endpoints();
    }

    private QuorumStability recordAndJudge(ClusterGateway gateway, QuorumState quorum, Consumer<String> warnings) {
        String clusterId = clusterId(gateway);
        if (clusterId == null) {
            return null;
        }
        QuorumMemory memory = session.quorumMemory();
        QuorumMemory.Known known = memory.record(clusterId, memory.observe(quorum));
        warn(warnings, known.warning());
        return memory.stability(known.terms());
    }

    /**
     * The connected cluster's id: the session's last snapshot is of this connection (connecting drops it), else one
     * describeCluster. Null when it cannot be had (the history is a convenience: its absence is not an error).
     */
    private String clusterId(ClusterGateway gateway) {
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

    private static void warn(Consumer<String> warnings, String warning) {
        if (warning != null) {
            warnings.accept("warning: " + warning);
        }
    }
}
