package dev.kshell.rules.election;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.ClusterSnapshot;

import java.util.function.Consumer;

/**
 * The port through which the unclean-election guard learns whether the quorum is stable. election/ defines it;
 * session/ implements it over the quorum history kshell remembers ({@code session.SessionQuorumStatus}), so the
 * election workflow never sees the CLI or the session.
 */
@FunctionalInterface
public interface QuorumStatus {

    /** Stability is not judged (tests, and callers that have no history). */
    QuorumStatus NOT_JUDGED = (planned, warnings) -> null;

    /**
     * Judges the quorum's stability now.
     *
     * @param planned  the snapshot the plan is made from: its quorum read is part of the history judged
     * @param warnings receives a line when the remembered history could not be read or written (advisory)
     * @return the judgement, or null when it cannot be made (cluster id unknown)
     */
    QuorumStability judge(ClusterSnapshot planned, Consumer<String> warnings);
}
