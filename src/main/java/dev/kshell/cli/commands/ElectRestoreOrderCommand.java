package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.election.Decision;
import dev.kshell.election.ElectionGuard;
import dev.kshell.election.ElectionResults;
import dev.kshell.election.PartitionSpec;
import dev.kshell.election.RestoreOrderPlan;
import dev.kshell.election.RestoreOrderPlanner;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import dev.kshell.model.ReplicaOrderChange;
import dev.kshell.render.ElectionTables;
import dev.kshell.session.OffsetMemory;
import dev.kshell.session.ShellSession;
import dev.kshell.state.StateStore;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code elect restore-order}: put back the replica order kshell changed before an unclean election, once the
 * partition is healthy (a same-set reassignment: no data moves).
 */
@Component
public class ElectRestoreOrderCommand extends KshellCommand {

    static final String USAGE = "elect restore-order PARTITION... [--dry-run] [--yes]";

    private final ShellSession session;

    public ElectRestoreOrderCommand(ShellSession session) {
        super("elect restore-order", "Action",
                "Restore the replica order kshell changed for an unclean election (once the partition is healthy)", USAGE);
        this.session = session;
        options(flag("dry-run", "print the plan and stop"), flag("yes", "do not ask for y/N confirmation"));
        arguments(argument("partition", ArgKind.REORDERED_PARTITION, "a partition kshell reordered, e.g. orders-0").many()
                .whenMissing("name at least one partition"));
        examples("elect restore-order orders-0 --dry-run", "elect restore-order orders-0 --yes");
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public boolean mutating() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        ClusterGateway gateway = session.requireGateway();
        ElectionFlow.Resolved resolved = ElectionFlow.resolve(gateway, inv.arguments(), USAGE);
        ClusterSnapshot snapshot = resolved.snapshot();
        String clusterId = snapshot.clusterId();
        StateStore store = new StateStore(OffsetMemory.defaultDir());
        StateStore.Loaded memory = ElectionFlow.loadMemory(inv, store, clusterId);
        Map<String, ReplicaOrderChange> recorded = memory.memory().reorders();
        RestoreOrderPlan plan = RestoreOrderPlanner.plan(snapshot, resolved.specs(), recorded);
        Decision decision = ElectionGuard.restoreOrder(plan, ElectionFlow.guardContext(session, inv, clusterId));
        return ElectionFlow.run(inv, gateway, "restore-order", clusterId, plan, decision,
                () -> ElectionTables.restorePlan(plan, inv.output().width(), inv.output().color()),
                () -> results(plan, Map.of(), store, clusterId),
                () -> restore(gateway, store, clusterId, plan));
    }

    private ElectionFlow.Outcome restore(ClusterGateway gateway, StateStore store, String clusterId,
                                         RestoreOrderPlan plan) {
        Map<PartitionSpec, List<Integer>> orders = new LinkedHashMap<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            orders.put(new PartitionSpec(r.topic(), r.partitionId()), r.originalOrder());
        }
        Map<String, Optional<String>> answers = gateway.reorderReplicas(orders);
        ElectionResults results = results(plan, answers, store, clusterId);
        List<String> topics = List.copyOf(new LinkedHashSet<>(plan.rows().stream().map(RestoreOrderPlan.Row::topic).toList()));
        ClusterSnapshot after = gateway.snapshot(topics, true);
        Map<String, Integer> leaders = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            ElectPreferredCommand.partition(after, r.partition()).ifPresent(p -> {
                leaders.put(r.partition(), p.leader());
                if (p.leader() != null && !p.leader().equals(r.originalOrder().get(0))) {
                    lines.add(r.partition() + ": replicas now " + p.replicas() + "; leadership moves to broker "
                            + r.originalOrder().get(0) + " with: elect preferred " + r.partition());
                }
            });
        }
        return new ElectionFlow.Outcome(results.withNewLeaders(leaders), List.of(), lines);
    }

    /** Classes each row; forgets the record of every partition whose original order is back. */
    private static ElectionResults results(RestoreOrderPlan plan, Map<String, Optional<String>> answers,
                                           StateStore store, String clusterId) {
        List<ElectionResults.PartitionResult> out = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.rows()) {
            switch (r.verdict()) {
                case CANNOT -> out.add(ElectionResults.failed(r.partition(), "CANNOT_RESTORE", r.reason()));
                case NOT_NEEDED -> {
                    forget(store, clusterId, r.partition());
                    out.add(ElectionResults.notNeeded(r.partition(), r.reason()));
                }
                case WILL_RESTORE -> {
                    Optional<String> error = answers.getOrDefault(r.partition(), Optional.of("no answer"));
                    if (error.isPresent()) {
                        out.add(ElectionResults.failed(r.partition(), "REORDER_FAILED", error.get()));
                    } else {
                        forget(store, clusterId, r.partition());
                        out.add(new ElectionResults.PartitionResult(r.partition(), ElectionResults.ResultClass.SUCCEEDED,
                                null, "replicas back to " + r.originalOrder(), null));
                    }
                }
            }
        }
        return new ElectionResults(out);
    }

    private static void forget(StateStore store, String clusterId, String partition) {
        try {
            store.forgetReorder(clusterId, partition, Instant.now());
        } catch (RuntimeException e) {
            // the record only makes a later restore-order say "not needed"; nothing to stop for
        }
    }
}
