package dev.kshell.rules.election;

/**
 * What an election would do: the plan every {@code elect} prints first, the guard decides on and the audit log
 * holds. Sealed: a renderer handles each kind through {@link #accept}, so adding a kind breaks every place that
 * must show it, at compile time.
 */
public sealed interface ElectionPlan permits PreferredPlan, UncleanPlan, RestoreOrderPlan {

    /** One method per kind of plan. */
    interface Visitor<R> {
        R preferred(PreferredPlan plan);

        R unclean(UncleanPlan plan);

        R restoreOrder(RestoreOrderPlan plan);
    }

    <R> R accept(Visitor<R> visitor);

    /**
     * What acting on this plan sends and what it rests on, one line per partition (its leader, its replicas and
     * which are live, the leader it will get, a reorder): two plans with the same text act alike. The guard reads
     * the cluster again after the operator's "yes" and refuses when this text changed: the question has no time
     * limit, and an answer given to one cluster state must not act on another.
     */
    String actions();
}
