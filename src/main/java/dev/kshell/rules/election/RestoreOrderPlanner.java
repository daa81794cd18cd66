package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicaOrderChange;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pure: snapshot + recorded order changes -> {@link RestoreOrderPlan}. A partition is restored only when it is
 * healthy (a live leader and every replica in the ISR), so that the reassignment moves no data and cannot make
 * things worse, and only when its replica set is still the one kshell reordered.
 */
public final class RestoreOrderPlanner {

    private RestoreOrderPlanner() {
    }

    public static RestoreOrderPlan plan(ClusterSnapshot snapshot, List<PartitionSpec> partitions,
                                        Map<String, ReplicaOrderChange> recorded) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<RestoreOrderPlan.Row> rows = new ArrayList<>();
        List<String> notFound = new ArrayList<>();
        for (PartitionState p : PreferredElectionPlanner.found(snapshot, partitions, notFound)) {
            ReplicaOrderChange change = recorded.get(p.name());
            RestoreOrderPlan.Verdict verdict;
            String reason;
            List<Integer> original = change == null ? null : change.originalOrder();
            if (change == null) {
                verdict = RestoreOrderPlan.Verdict.CANNOT;
                reason = "kshell has no record of reordering " + p.name() + " on this cluster";
            } else if (p.replicas().equals(original)) {
                verdict = RestoreOrderPlan.Verdict.NOT_NEEDED;
                reason = "already in the original order " + original;
            } else if (!new HashSet<>(p.replicas()).equals(new HashSet<>(original))) {
                verdict = RestoreOrderPlan.Verdict.CANNOT;
                reason = "the replica set changed since kshell reordered it (now " + p.replicas() + ", was "
                        + original + "): someone reassigned it; not restoring";
            } else if (p.leader() == null || !live.contains(p.leader())
                    || !new HashSet<>(p.isr()).containsAll(p.replicas())) {
                verdict = RestoreOrderPlan.Verdict.CANNOT;
                reason = "not healthy yet (leader " + (p.leader() == null ? "none" : p.leader()) + ", ISR " + p.isr()
                        + " of replicas " + p.replicas() + "): wait until every replica is in sync";
            } else {
                verdict = RestoreOrderPlan.Verdict.WILL_RESTORE;
                reason = "reorder " + p.replicas() + " -> " + original + " (same set, no data moves); then `elect "
                        + "preferred " + p.name() + "` moves leadership to broker " + original.get(0);
            }
            rows.add(new RestoreOrderPlan.Row(p.name(), p.topic(), p.partition(), p.replicas(), original, verdict,
                    reason));
        }
        return new RestoreOrderPlan(rows, notFound);
    }
}
