package dev.kshell.workflow.election;

import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionGuard;
import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.election.RestoreOrderPlan;
import dev.kshell.rules.election.RestoreOrderPlanner;

import dev.kshell.cluster.ClusterException;
import dev.kshell.workflow.election.ElectionService.Attempt;
import dev.kshell.workflow.election.ElectionService.Result;
import dev.kshell.workflow.election.GuardedStep.Outcome;
import dev.kshell.workflow.election.GuardedStep.Progress;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ReplicaOrderChange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code elect restore-order}: resolve -> the recorded original orders -> plan -> the guarded step -> reassign to
 * the same set in the original order -> wait until it shows -> forget the records that are done.
 */
final class RestoreOrderElection {

    private final ElectionContext ctx;

    RestoreOrderElection(ElectionContext ctx) {
        this.ctx = ctx;
    }

    Result run(Attempt attempt, List<String> args, String usage) {
        return new GuardedStep(ctx, attempt, ElectionAction.RESTORE_ORDER).run(() -> {
            ElectionContext.Resolved resolved = ctx.resolve(args, usage);
            ClusterSnapshot snapshot = resolved.snapshot();
            String clusterId = snapshot.clusterId();
            Map<String, ReplicaOrderChange> recorded = ctx.memory(attempt.operator(), clusterId).memory().reorders();
            RestoreOrderPlan plan = RestoreOrderPlanner.plan(snapshot, resolved.specs(), recorded);
            Decision decision = ElectionGuard.restoreOrder(plan, attempt.guard().withActualClusterId(clusterId));
            return new GuardedStep.Planned(clusterId, plan, decision, () -> restoreResults(plan, Map.of(), clusterId),
                    progress -> restore(clusterId, plan, progress));
        });
    }

    private Outcome restore(String clusterId, RestoreOrderPlan plan, Progress progress) {
        Map<PartitionSpec, List<Integer>> orders = new LinkedHashMap<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            orders.put(new PartitionSpec(r.topic(), r.partitionId()), r.originalOrder());
        }
        progress.sent = true;
        Map<PartitionSpec, Optional<String>> answers = new LinkedHashMap<>(ctx.gateway().reassignSameSet(orders));
        Map<PartitionSpec, List<Integer>> accepted = new LinkedHashMap<>();
        orders.forEach((p, order) -> {
            if (answers.getOrDefault(p, Optional.of("no answer")).isEmpty()) {
                accepted.put(p, order);
            }
        });
        if (!accepted.isEmpty()) {
            answers.putAll(ctx.gateway().awaitReplicaOrder(accepted));
        }
        ElectionResults results = restoreResults(plan, answers, clusterId);
        progress.known.addAll(results.results());
        ClusterSnapshot after;
        try {
            after = ctx.gateway().snapshot(ElectionContext.distinct(plan.rows().stream().map(RestoreOrderPlan.Row::topic).toList()), true);
        } catch (ClusterException e) {
            return new Outcome(results, List.of(), List.of(), e.getMessage());
        }
        Map<String, Integer> leaders = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            after.partition(r.partition()).ifPresent(p -> {
                leaders.put(r.partition(), p.leader());
                if (p.leader() != null && !p.leader().equals(r.originalOrder().get(0))) {
                    lines.add(r.partition() + ": replicas now " + p.replicas() + "; leadership moves to broker "
                            + r.originalOrder().get(0) + " with: elect preferred " + r.partition());
                }
            });
        }
        return new Outcome(results.withNewLeaders(leaders), List.of(), lines, null);
    }

    /** Classes each row; forgets the record of every partition whose original order is back. */
    private ElectionResults restoreResults(RestoreOrderPlan plan, Map<PartitionSpec, Optional<String>> answers,
                                           String clusterId) {
        List<ElectionResults.PartitionResult> out = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.rows()) {
            switch (r.verdict()) {
                case CANNOT -> out.add(ElectionResults.failed(r.partition(), "CANNOT_RESTORE", r.reason()));
                case NOT_NEEDED -> {
                    forget(clusterId, r.partition());
                    out.add(ElectionResults.notNeeded(r.partition(), r.reason()));
                }
                case WILL_RESTORE -> {
                    Optional<String> error = answers.getOrDefault(new PartitionSpec(r.topic(), r.partitionId()),
                            Optional.of("no answer"));
                    if (error.isPresent()) {
                        out.add(ElectionResults.failed(r.partition(), "REORDER_FAILED", error.get()));
                    } else {
                        forget(clusterId, r.partition());
                        out.add(new ElectionResults.PartitionResult(r.partition(),
                                ElectionResults.ResultClass.SUCCEEDED, null, "replicas back to " + r.originalOrder(),
                                null));
                    }
                }
            }
        }
        return new ElectionResults(out);
    }

    private void forget(String clusterId, String partition) {
        try {
            ctx.store().forgetReorder(clusterId, partition, ctx.clock().instant());
        } catch (RuntimeException e) {
            // the record only makes a later restore-order say "not needed"; nothing to stop for
        }
    }
}
