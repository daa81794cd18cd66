package dev.kshell.election;

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
}
