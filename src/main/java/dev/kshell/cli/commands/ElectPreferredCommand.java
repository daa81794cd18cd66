package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.election.Decision;
import dev.kshell.election.ElectionGuard;
import dev.kshell.election.ElectionResults;
import dev.kshell.election.ElectionSelection;
import dev.kshell.election.PartitionSpec;
import dev.kshell.election.PostElectionCheck;
import dev.kshell.election.PreferredElectionPlanner;
import dev.kshell.election.PreferredPlan;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.render.ElectionTables;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@code elect preferred}: move leadership back to each partition's preferred replica, behind the guard. */
@Component
public class ElectPreferredCommand extends KshellCommand {

    static final String USAGE = "elect preferred [--all | --topic T | PARTITION...] [--dry-run] [--yes]";

    private final ShellSession session;

    public ElectPreferredCommand(ShellSession session) {
        super("elect preferred", "Action", "Elect each partition's preferred replica (plan, confirm, audit, verify)",
                USAGE);
        this.session = session;
        options(flag("all", "every partition whose leader is not its preferred replica"),
                option("topic", ArgKind.OFF_PREFERRED_TOPIC, "the partitions of this topic"),
                flag("dry-run", "print the plan and stop"),
                flag("yes", "do not ask for y/N confirmation"));
        arguments(argument("partition", ArgKind.OFF_PREFERRED_PARTITION, "a partition to elect, e.g. orders-3").optional().many());
        examples("elect preferred --all --dry-run", "elect preferred --topic orders", "elect preferred orders-0 orders-3 --yes");
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
        boolean all = inv.flag("all");
        String topic = inv.option("topic");
        List<String> args = inv.arguments();
        int ways = (all ? 1 : 0) + (topic != null ? 1 : 0) + (args.isEmpty() ? 0 : 1);
        if (ways != 1) {
            throw new UsageException("elect preferred: give exactly one of --all, --topic T, or partitions (usage: "
                    + USAGE + ")");
        }
        ClusterGateway gateway = session.requireGateway();
        ClusterSnapshot snapshot;
        ElectionSelection selection;
        if (all) {
            snapshot = gateway.snapshot(null, true);
            session.remember(snapshot);
            selection = ElectionSelection.all();
        } else if (topic != null) {
            boolean known = gateway.topicNames().contains(topic);
            snapshot = gateway.snapshot(known ? List.of(topic) : List.of(), true);
            selection = ElectionSelection.topic(topic);
        } else {
            ElectionFlow.Resolved resolved = ElectionFlow.resolve(gateway, args, USAGE);
            snapshot = resolved.snapshot();
            selection = ElectionSelection.partitions(resolved.specs());
        }
        PreferredPlan plan = PreferredElectionPlanner.plan(snapshot, selection);
        Decision decision = ElectionGuard.preferred(plan,
                ElectionFlow.guardContext(session, inv, snapshot.clusterId()));
        return ElectionFlow.run(inv, gateway, "elect-preferred", snapshot.clusterId(), plan, decision,
                () -> ElectionTables.preferredPlan(plan, inv.output().width(), inv.output().color()),
                () -> ElectionResults.ofPreferred(plan, Map.of()),
                () -> elect(gateway, plan));
    }

    private ElectionFlow.Outcome elect(ClusterGateway gateway, PreferredPlan plan) {
        List<PartitionSpec> toElect = plan.toElect();
        Map<String, Optional<String>> errors = gateway.electLeaders(ClusterGateway.ElectionType.PREFERRED, toElect);
        ElectionResults results = ElectionResults.ofPreferred(plan, errors);
        Set<String> succeeded = new LinkedHashSet<>();
        results.succeeded().forEach(r -> succeeded.add(r.partition()));
        Map<String, Integer> preferred = new HashMap<>();
        plan.rows().forEach(r -> preferred.put(r.partition(), r.preferredLeader()));
        ClusterSnapshot after = ElectionReread.until(gateway, topics(plan),
                s -> succeeded.stream().allMatch(p -> leaderOf(s, p).map(l -> l.equals(preferred.get(p))).orElse(false)));
        Map<String, Integer> leaders = new HashMap<>();
        List<PostElectionCheck> checks = new ArrayList<>();
        for (PreferredPlan.Row row : plan.rows()) {
            Optional<PartitionState> p = partition(after, row.partition());
            if (p.isEmpty()) {
                continue;
            }
            leaders.put(row.partition(), p.get().leader());
            PostElectionCheck check = PostElectionCheck.of(p.get(), after.liveBrokerIds(), minIsr(after, p.get()),
                    null, null);
            // Only the partitions that still need attention: a healthy --all of thousands must stay readable.
            if (!check.leaderLive() || Boolean.FALSE.equals(check.acksAllWritable())) {
                checks.add(new PostElectionCheck(check.partition(), check.leader(), check.leaderLive(), check.isr(),
                        check.minIsr(), check.acksAllWritable(), null, null, null, check.lines().subList(0, 2)));
            }
        }
        return new ElectionFlow.Outcome(results.withNewLeaders(leaders), checks, List.of());
    }

    static List<String> topics(PreferredPlan plan) {
        return List.copyOf(new LinkedHashSet<>(plan.rows().stream().map(PreferredPlan.Row::topic).toList()));
    }

    static Optional<PartitionState> partition(ClusterSnapshot s, String name) {
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (p.name().equals(name)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    static Optional<Integer> leaderOf(ClusterSnapshot s, String name) {
        return partition(s, name).map(PartitionState::leader);
    }

    static Integer minIsr(ClusterSnapshot s, PartitionState p) {
        return s.topic(p.topic()).map(TopicState::config).map(c -> c == null ? null : c.minIsr()).orElse(null);
    }
}
