package dev.kshell.workflow.election;

import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionGuard;
import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.election.HangingTransactions;
import dev.kshell.rules.election.ReplicaEvidence;
import dev.kshell.rules.election.UncleanElectionPlanner;
import dev.kshell.rules.election.UncleanPlan;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.workflow.election.ElectionService.Attempt;
import dev.kshell.workflow.election.ElectionService.Result;
import dev.kshell.workflow.election.GuardedStep.Outcome;
import dev.kshell.workflow.election.GuardedStep.Progress;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicaOrderChange;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code elect unclean}: resolve -> remembered offsets -> replica evidence -> plan (quorum stability through the
 * {@link QuorumStatus} port) -> the guarded step -> reorder (lose the least) -> elect -> re-read -> post-checks and
 * hanging transactions.
 */
final class UncleanElection {

    /** How long the hanging-transaction check may take per partition after an unclean election. */
    static final Duration TRANSACTIONS_DEADLINE = Duration.ofSeconds(5);

    private final ElectionContext ctx;

    UncleanElection(ElectionContext ctx) {
        this.ctx = ctx;
    }

    Result run(Attempt attempt, List<String> args, String usage, boolean keepOrder) {
        return new GuardedStep(ctx, attempt, ElectionAction.UNCLEAN).run(() -> {
            ElectionContext.Resolved resolved = ctx.resolve(args, usage);
            ClusterSnapshot snapshot = resolved.snapshot();
            String clusterId = snapshot.clusterId();
            // Read the memory BEFORE anything else can record over it (the post-election read, another command).
            Map<String, OffsetsSeen> remembered = ctx.memory(attempt.operator(), clusterId).memory().partitions();
            Map<String, List<ReplicaEvidence>> evidence = ReplicaEvidenceReader.read(ctx.gateway(), snapshot,
                    resolved.specs());
            // Seed lesson: no unclean election while the controller keeps changing (the judgement triage uses).
            UncleanPlan plan = ElectionGuard.withQuorumStability(
                    UncleanElectionPlanner.plan(snapshot, resolved.specs(), evidence, remembered, keepOrder),
                    ctx.quorum().judge(snapshot, warning -> attempt.operator().note("warning: " + warning)));
            Decision decision = ElectionGuard.unclean(plan, attempt.guard().withActualClusterId(clusterId));
            return new GuardedStep.Planned(clusterId, plan, decision, null,
                    progress -> elect(clusterId, plan, remembered, progress));
        });
    }

    private Outcome elect(String clusterId, UncleanPlan plan, Map<String, OffsetsSeen> remembered,
                                 Progress progress) {
        List<String> lines = new ArrayList<>();
        Map<String, UncleanPlan.Row> rows = new HashMap<>();
        plan.rows().forEach(r -> rows.put(r.partition(), r));
        Set<String> skip = new LinkedHashSet<>();
        List<ElectionResults.PartitionResult> notElected = new ArrayList<>();
        if (!plan.reorders().isEmpty()) {
            reorder(clusterId, plan.reorders(), rows, progress, lines, skip, notElected);
            progress.known.addAll(notElected);
        }
        List<PartitionSpec> toElect = plan.toElect().stream().filter(p -> !skip.contains(p.name())).toList();
        long electedAt = ctx.clock().millis();
        Map<PartitionSpec, ElectionAnswer> answers = Map.of();
        if (!toElect.isEmpty()) {
            progress.sent = true;
            answers = ctx.gateway().electLeaders(ClusterGateway.ElectionType.UNCLEAN, toElect);
        }
        ElectionResults results = ElectionResults.of(toElect, answers);
        progress.known.addAll(results.results());
        Set<String> succeeded = names(results.succeeded());
        ClusterSnapshot after;
        try {
            after = ElectionReread.until(ctx.gateway(), ElectionContext.distinct(plan.rows().stream().map(UncleanPlan.Row::topic).toList()),
                    s -> succeeded.stream().allMatch(p -> s.partition(p).map(PartitionState::leader)
                            .map(l -> s.liveBrokerIds().contains(l)).orElse(false)), ctx.rereadWait());
        } catch (ClusterException e) {
            return new Outcome(results.plus(notElected), List.of(), lines, e.getMessage());
        }
        List<PartitionState> found = ElectionReread.found(after,
                plan.rows().stream().map(UncleanPlan.Row::partition).toList());
        Map<PartitionSpec, ClusterGateway.LogRange> logs = newLeadersLogs(found, after, electedAt, lines);
        List<PostElectionCheck> checks = new ArrayList<>();
        for (PartitionState p : found) {
            checks.add(PostElectionCheck.ofUnclean(p, after.liveBrokerIds(), after.minIsr(p),
                    logs.get(new PartitionSpec(p.topic(), p.partition())), remembered.get(p.name())));
        }
        List<PartitionSpec> elected = new ArrayList<>();
        for (PartitionSpec p : toElect) {
            if (succeeded.contains(p.name())) {
                elected.add(p);
                lines.addAll(HangingTransactions.lines(readOpenTransactions(p), ctx.gateway().target().endpoints()));
            }
        }
        // the groups the truncation hurt: their committed offsets beyond the new log end reset on the next fetch
        lines.addAll(dev.kshell.workflow.clients.HurtGroupsRead.lines(ctx.gateway(), elected));
        return new Outcome(results.plus(notElected).withNewLeaders(ElectionReread.leaders(found)), checks, lines,
                null);
    }

    /**
     * Puts the replica that holds most first, so that Kafka's unclean pick (the first live replica) is that one:
     * sends the reorders, remembers each accepted one, and waits until the brokers show the new order. A partition
     * whose reorder did not take is skipped (into {@code skip} and {@code notElected}).
     */
    private void reorder(String clusterId, List<ReplicaOrderChange> reorders, Map<String, UncleanPlan.Row> rows,
                         Progress progress, List<String> lines, Set<String> skip,
                         List<ElectionResults.PartitionResult> notElected) {
        Map<PartitionSpec, List<Integer>> newOrders = new LinkedHashMap<>();
        Map<PartitionSpec, ReplicaOrderChange> changes = new LinkedHashMap<>();
        for (ReplicaOrderChange change : reorders) {
            UncleanPlan.Row r = rows.get(change.partition());
            PartitionSpec spec = new PartitionSpec(r.topic(), r.partitionId());
            newOrders.put(spec, change.newOrder());
            changes.put(spec, change);
        }
        progress.sent = true;
        Map<PartitionSpec, Optional<String>> accepted = ctx.gateway().reassignSameSet(newOrders);
        Map<PartitionSpec, List<Integer>> toAwait = new LinkedHashMap<>();
        for (Map.Entry<PartitionSpec, ReplicaOrderChange> e : changes.entrySet()) {
            Optional<String> error = accepted.getOrDefault(e.getKey(), Optional.of("no answer"));
            if (error.isPresent()) {
                skipped(e.getValue(), rows, "reordering the replicas failed (" + error.get() + ")", skip, notElected);
                continue;
            }
            // Remembered the moment the controller accepted it: whatever happens next (Ctrl-C, a crash),
            // restore-order knows the original order.
            try {
                ctx.store().recordReorder(clusterId, e.getValue(), ctx.clock().instant());
            } catch (RuntimeException failure) {
                lines.add("warning: the original order of " + e.getValue().partition() + " is not remembered ("
                        + failure.getMessage() + "): restore it by hand to " + e.getValue().originalOrder());
            }
            toAwait.put(e.getKey(), e.getValue().newOrder());
        }
        Map<PartitionSpec, Optional<String>> visible = toAwait.isEmpty() ? Map.of()
                : ctx.gateway().awaitReplicaOrder(toAwait);
        for (PartitionSpec spec : toAwait.keySet()) {
            ReplicaOrderChange change = changes.get(spec);
            Optional<String> error = visible.getOrDefault(spec, Optional.of("no answer"));
            if (error.isPresent()) {
                skipped(change, rows, error.get(), skip, notElected);
                continue;
            }
            lines.add("reordered " + change.partition() + ": " + change.originalOrder() + " -> "
                    + change.newOrder() + " (restore later with: elect restore-order " + change.partition() + ")");
        }
    }

    /**
     * The new leaders' logs as of the election, which tell what the election truncated; a failed read is a warning
     * in {@code lines}, not a failed election.
     */
    private Map<PartitionSpec, ClusterGateway.LogRange> newLeadersLogs(List<PartitionState> found,
                                                                        ClusterSnapshot after, long electedAt,
                                                                        List<String> lines) {
        List<PartitionSpec> led = new ArrayList<>();
        for (PartitionState p : found) {
            if (p.leader() != null && after.liveBrokerIds().contains(p.leader())) {
                led.add(new PartitionSpec(p.topic(), p.partition()));
            }
        }
        try {
            return ctx.gateway().logAsOf(led, electedAt);
        } catch (RuntimeException e) {
            lines.add("warning: the new leaders' offsets could not be read: " + e.getMessage());
            return Map.of();
        }
    }

    private OpenTransactions readOpenTransactions(PartitionSpec p) {
        try {
            return ctx.gateway().withTimeout(TRANSACTIONS_DEADLINE).openTransactions(p);
        } catch (RuntimeException e) {
            return OpenTransactions.unavailable(p, "the open transactions could not be read: " + e.getMessage());
        }
    }

    /** A partition whose reorder did not take: electing it now would pick the replica the plan said holds less. */
    private static void skipped(ReplicaOrderChange change, Map<String, UncleanPlan.Row> rows, String why,
                                Set<String> skip, List<ElectionResults.PartitionResult> notElected) {
        UncleanPlan.Row r = rows.get(change.partition());
        skip.add(change.partition());
        notElected.add(ElectionResults.failed(change.partition(), "REORDER_FAILED", why + "; not elected. To accept "
                + "Kafka's pick, broker " + r.kafkaPick() + ": elect unclean " + change.partition() + " --keep-order"));
    }

    private static Set<String> names(List<ElectionResults.PartitionResult> results) {
        Set<String> out = new LinkedHashSet<>();
        results.forEach(r -> out.add(r.partition()));
        return out;
    }
}
