package dev.kshell.workflow.election;

import dev.kshell.connection.ShellSession;
import dev.kshell.memory.QuorumMemory;

import dev.kshell.rules.QuorumStability;
import dev.kshell.rules.election.QuorumStatus;
import dev.kshell.model.ClusterSnapshot;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@link QuorumStatus} over the session's {@link QuorumMemory}: records the planned snapshot's quorum read (this
 * session's and, when the memory has a state file, every earlier run's) and judges the history with it.
 */
public final class SessionQuorumStatus implements QuorumStatus {

    private final ShellSession session;

    public SessionQuorumStatus(ShellSession session) {
        this.session = Objects.requireNonNull(session);
    }

    @Override
    public QuorumStability judge(ClusterSnapshot planned, Consumer<String> warnings) {
        String clusterId = planned.clusterId();
        if (clusterId == null) {
            return null; // nothing to key the history by
        }
        QuorumMemory memory = session.quorumMemory();
        QuorumMemory.Known known = planned.quorum() == null ? memory.known(clusterId)
                : memory.record(clusterId, memory.observe(planned.quorum()));
        if (known.warning() != null) {
            warnings.accept(known.warning());
        }
        return memory.stability(known.terms());
    }
}
