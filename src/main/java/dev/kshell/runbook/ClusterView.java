package dev.kshell.runbook;

import java.util.List;

/**
 * {@code cluster} in runbook expressions: a view over one fresh snapshot (the executor asks its supplier for a new
 * view every time it evaluates an expression, so {@code wait-until} sees the cluster change). The methods declared
 * here are the only cluster methods an expression may call. Results are converted to the same plain Map/List tree
 * as {@code result} (field names as in {@code --output json}); returning model records is fine.
 *
 * <p>Methods may throw an unchecked exception when the cluster cannot be read; {@code assert} then stops the run
 * with exit 4 and {@code wait-until} keeps polling until its timeout.
 */
public interface ClusterView {

    /** Leaderless partitions of one topic (no leader, or the leader is not a live broker). */
    List<?> leaderless(String topic);

    /** Leaderless partitions of all topics. */
    List<?> leaderless();

    /** Partitions of one topic that are leaderless or whose ISR is smaller than the effective min.insync.replicas. */
    List<?> underMinIsr(String topic);

    /** Under-min-ISR partitions of all topics. */
    List<?> underMinIsr();

    /** True when triage would say HEALTHY. */
    boolean healthy();

    /**
     * A view that can say in one line how the cluster stood: what a {@code wait-until} that timed out names as its
     * last finding. A nested interface, not a method of {@link ClusterView}: expressions may call only the methods
     * declared above.
     */
    interface Summarised {
        /** Triage's verdict line over this view's snapshot, e.g. "DEGRADED: 1 leaderless partition in 1 topic (rf1 1)". */
        String summary();
    }
}
