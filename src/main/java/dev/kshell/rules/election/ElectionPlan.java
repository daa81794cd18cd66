package dev.kshell.rules.election;

import java.util.List;
import java.util.function.Function;

/**
 * What an election would do: the plan every {@code elect} prints first, the guard decides on and the audit log
 * holds. Sealed: a renderer handles each kind through {@link #accept}, the one place that dispatches on the kind, so
 * a new kind is a new {@link Visitor} method, which breaks every place that must show it at compile time.
 */
public sealed interface ElectionPlan permits PreferredPlan, UncleanPlan, RestoreOrderPlan {

    /** One method per kind of plan. */
    interface Visitor<R> {
        R preferred(PreferredPlan plan);

        R unclean(UncleanPlan plan);

        R restoreOrder(RestoreOrderPlan plan);
    }

    default <R> R accept(Visitor<R> visitor) {
        if (this instanceof PreferredPlan preferred) {
            return visitor.preferred(preferred);
        }
        if (this instanceof UncleanPlan unclean) {
            return visitor.unclean(unclean);
        }
        return visitor.restoreOrder((RestoreOrderPlan) this);
    }

    /**
     * What acting on this plan sends and what it rests on, one line per partition (its leader, its replicas and
     * which are live, the leader it will get, a reorder): two plans with the same text act alike. The guard reads
     * the cluster again after the operator's "yes" and refuses when this text changed: the question has no time
     * limit, and an answer given to one cluster state must not act on another.
     */
    String actions();

    /** The {@link #actions()} text of a plan with rows: one line per row, as {@code line} spells it. */
    static <T> String lines(List<T> rows, Function<T, String> line) {
        StringBuilder out = new StringBuilder();
        for (T row : rows) {
            out.append(line.apply(row)).append('\n');
        }
        return out.toString();
    }
}
