package dev.kshell.rules.guard;

/**
 * Why a guard refused a mutation. Planner reasons are about a partition or the quorum; guard reasons are about the
 * session (cluster id, terminal, --yes, runbook permission). Each refusal carries a sentence and the safe
 * alternative command; see {@link Refusal}.
 */
public enum RefusalReason {
    /** The metadata quorum has no leader (or could not be read): no election can run. */
    QUORUM_NO_LEADER,
    /** The quorum leader changed within the stability window: an unclean election waits until it holds. */
    QUORUM_UNSTABLE,
    /** The partition has a live leader: nothing to elect. */
    PARTITION_HAS_LEADER,
    /** A live ISR or ELR replica exists: a clean election is possible. */
    CLEAN_ELECTION_POSSIBLE,
    /** No replica of the partition is alive: no election can succeed. */
    NO_LIVE_REPLICA,
    /** A named topic or partition is not in the cluster's metadata (exit 2, a usage error). */
    UNKNOWN_PARTITION,
    /** Nothing was named. */
    NOTHING_SELECTED,
    /** The session pins an expected cluster id and the connected cluster's differs (or is unknown). */
    CLUSTER_ID_MISMATCH,
    /** A confirmation is needed and there is no terminal to ask on. */
    NO_TERMINAL,
    /** {@code --yes} was given for an unclean election without a runbook that declares {@code allow unclean}. */
    YES_WITHOUT_RUNBOOK,
    /** The runbook declares {@code allow unclean} but the run has no {@code --yes}, and there is no terminal. */
    RUNBOOK_WITHOUT_YES
}
