package dev.kshell.workflow.election;

import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionGuard;
import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.election.ElectionSelection;
import dev.kshell.rules.election.PreferredElectionPlanner;
import dev.kshell.rules.election.PreferredPlan;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.workflow.election.ElectionService.Attempt;
import dev.kshell.workflow.election.ElectionService.PreferredTarget;
import dev.kshell.workflow.election.ElectionService.Result;
import dev.kshell.workflow.election.GuardedStep.Outcome;
import dev.kshell.workflow.election.GuardedStep.Progress;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code elect preferred}: select -> plan -> the guarded step -> elect -> re-read until the preferred leaders show. */
final class PreferredElection {

    private final ElectionContext ctx;

    PreferredElection(ElectionContext ctx) {
        this.ctx = ctx;
    }

    Result run(Attempt attempt, PreferredTarget target) {
        return new GuardedStep(ctx, attempt, ElectionAction.PREFERRED).run(() -> {
            ClusterSnapshot snapshot;
            ElectionSelection selection;
            if (target instanceof PreferredTarget.Topic topic) {
                boolean known = ctx.gateway().topicNames().contains(topic.name());
                snapshot = ctx.gateway().snapshot(known ? List.of(topic.name()) : List.of(), true);
                selection = ElectionSelection.topic(topic.name());
            } else if (target instanceof PreferredTarget.Partitions partitions) {
                ElectionContext.Resolved resolved = ctx.resolve(partitions.args(), partitions.usage());
                snapshot = resolved.snapshot();
                selection = ElectionSelection.partitions(resolved.specs());
            } else {
                snapshot = ctx.gateway().snapshot(null, true);
                selection = ElectionSelection.all();
            }
            PreferredPlan plan = PreferredElectionPlanner.plan(snapshot, selection);
            Decision decision = ElectionGuard.preferred(plan, attempt.guard().withActualClusterId(snapshot.clusterId()));
            return new GuardedStep.Planned(snapshot.clusterId(), plan, decision,
                    () -> ElectionResults.ofPreferredAnswers(plan, Map.of()), progress -> elect(plan, progress));
        });
    }

    private Outcome elect(PreferredPlan plan, Progress progress) {
        List<PartitionSpec> toElect = plan.toElect();
        progress.sent = true;
        Map<PartitionSpec, ElectionAnswer> answers = ctx.gateway().electLeaders(ClusterGateway.ElectionType.PREFERRED,
                toElect);
        ElectionResults results = ElectionResults.ofPreferredAnswers(plan, answers);
        progress.known.addAll(results.results());
        Set<String> succeeded = results.succeeded().stream().map(ElectionResults.PartitionResult::partition)
                .collect(Collectors.toSet());
        Map<String, Integer> preferred = new HashMap<>();
        plan.rows().forEach(r -> preferred.put(r.partition(), r.preferredLeader()));
        ClusterSnapshot after;
        try {
            after = ElectionReread.until(ctx.gateway(), ElectionContext.distinct(plan.rows().stream()
                            .map(PreferredPlan.Row::topic).toList()),
                    s -> succeeded.stream().allMatch(p -> s.partition(p).map(PartitionState::leader)
                            .map(l -> l.equals(preferred.get(p))).orElse(false)), ctx.rereadWait());
        } catch (ClusterException e) {
            return new Outcome(results, List.of(), List.of(), e.getMessage());
        }
        List<PartitionState> found = ElectionReread.found(after,
                plan.rows().stream().map(PreferredPlan.Row::partition).toList());
        List<PostElectionCheck> checks = new ArrayList<>();
        for (PartitionState p : found) {
            PostElectionCheck check = PostElectionCheck.of(p, after.liveBrokerIds(), after.minIsr(p), null, null);
            // Only the partitions that still need attention: a healthy --all of thousands must stay readable.
            if (!check.leaderLive() || Boolean.FALSE.equals(check.acksAllWritable())) {
                checks.add(new PostElectionCheck(check.partition(), check.leader(), check.leaderLive(), check.isr(),
                        check.minIsr(), check.acksAllWritable(), null, null, null, check.lines().subList(0, 2)));
            }
        }
        return new Outcome(results.withNewLeaders(ElectionReread.leaders(found)), checks, List.of(), null);
    }
}
