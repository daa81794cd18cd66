package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.election.Decision;
import dev.kshell.election.ElectionGuard;
import dev.kshell.election.ElectionResults;
import dev.kshell.election.PartitionSpec;
import dev.kshell.election.PostElectionCheck;
import dev.kshell.election.ReplicaEvidence;
import dev.kshell.election.UncleanElectionPlanner;
import dev.kshell.election.UncleanPlan;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;
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
import java.util.Set;

/**
 * {@code elect unclean}: elect an out-of-sync live replica of a partition that cannot recover cleanly, keeping the
 * largest live log unless {@code --keep-order}. Refused unless the operator types the confirmation.
 */
@Component
public class ElectUncleanCommand extends KshellCommand {

    static final String USAGE = "elect unclean PARTITION... [--dry-run] [--keep-order]";

    private final ShellSession session;

    public ElectUncleanCommand(ShellSession session) {
        super("elect unclean", "Action",
                "Elect an out-of-sync replica of a leaderless partition (loses data; typed confirmation)", USAGE);
        this.session = session;
        options(flag("dry-run", "print the plan (with the data at risk) and stop"),
                flag("keep-order", "do not reorder the replicas: Kafka's pick (first live replica) leads"),
                flag("yes", "never enough on its own: only a runbook with `allow unclean` run with --yes skips the typed confirmation"));
        arguments(argument("partition", ArgKind.UNCLEAN_PARTITION, "a leaderless partition, e.g. orders-0").many()
                .whenMissing("name at least one partition"));
        examples("elect unclean orders-0 --dry-run", "elect unclean orders-0", "elect unclean orders-0 orders-3 --keep-order");
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
        // Read the memory BEFORE anything else can record over it (the post-election read, another command).
        StateStore store = new StateStore(OffsetMemory.defaultDir());
        StateStore.Loaded memory = ElectionFlow.loadMemory(inv, store, clusterId);
        Map<String, OffsetsSeen> remembered = memory.memory().partitions();
        Map<String, List<ReplicaEvidence>> evidence = ReplicaEvidenceReader.read(gateway, snapshot, resolved.specs());
        UncleanPlan plan = UncleanElectionPlanner.plan(snapshot, resolved.specs(), evidence, remembered,
                inv.flag("keep-order"));
        Decision decision = ElectionGuard.unclean(plan, ElectionFlow.guardContext(session, inv, clusterId));
        return ElectionFlow.run(inv, gateway, "elect-unclean", clusterId, plan, decision,
                () -> ElectionTables.uncleanPlan(plan, inv.output().width(), inv.output().color()),
                null,
                () -> elect(gateway, store, clusterId, plan, remembered));
    }

    private ElectionFlow.Outcome elect(ClusterGateway gateway, StateStore store, String clusterId, UncleanPlan plan,
                                       Map<String, OffsetsSeen> remembered) {
        List<String> lines = new ArrayList<>();
        List<ElectionResults.PartitionResult> notElected = new ArrayList<>();
        Set<String> skip = new LinkedHashSet<>();
        List<ReplicaOrderChange> reorders = plan.reorders();
        if (!reorders.isEmpty()) {
            Map<PartitionSpec, List<Integer>> newOrders = new LinkedHashMap<>();
            Map<String, UncleanPlan.Row> rows = new HashMap<>();
            for (UncleanPlan.Row r : plan.rows()) {
                rows.put(r.partition(), r);
                if (r.reorder()) {
                    newOrders.put(new PartitionSpec(r.topic(), r.partitionId()), r.newOrder());
                }
            }
            Map<String, Optional<String>> answers = gateway.reorderReplicas(newOrders);
            for (ReplicaOrderChange change : reorders) {
                Optional<String> error = answers.getOrDefault(change.partition(), Optional.of("no answer"));
                if (error.isPresent()) {
                    // Electing now would pick the replica the plan said holds less: do not, and say how to go on.
                    UncleanPlan.Row r = rows.get(change.partition());
                    skip.add(change.partition());
                    notElected.add(ElectionResults.failed(change.partition(), "REORDER_FAILED",
                            "reordering the replicas failed (" + error.get() + "); not elected. To accept Kafka's "
                                    + "pick, broker " + r.kafkaPick() + ": elect unclean " + change.partition()
                                    + " --keep-order"));
                    continue;
                }
                try {
                    store.recordReorder(clusterId, change, Instant.now());
                } catch (RuntimeException e) {
                    lines.add("warning: the original order of " + change.partition() + " is not remembered ("
                            + e.getMessage() + "): restore it by hand to " + change.originalOrder());
                }
                lines.add("reordered " + change.partition() + ": " + change.originalOrder() + " -> "
                        + change.newOrder() + " (restore later with: elect restore-order " + change.partition() + ")");
            }
        }
        List<PartitionSpec> toElect = plan.toElect().stream().filter(p -> !skip.contains(p.name())).toList();
        Map<String, Optional<String>> errors = toElect.isEmpty() ? Map.of()
                : gateway.electLeaders(ClusterGateway.ElectionType.UNCLEAN, toElect);
        ElectionResults results = ElectionResults.classify(toElect.stream().map(PartitionSpec::name).toList(), errors);
        Set<String> succeeded = new LinkedHashSet<>();
        results.succeeded().forEach(r -> succeeded.add(r.partition()));
        List<String> topics = List.copyOf(new LinkedHashSet<>(plan.rows().stream().map(UncleanPlan.Row::topic).toList()));
        ClusterSnapshot after = ElectionReread.until(gateway, topics, s -> succeeded.stream()
                .allMatch(p -> ElectPreferredCommand.leaderOf(s, p).map(l -> s.liveBrokerIds().contains(l)).orElse(false)));
        List<PartitionSpec> led = new ArrayList<>();
        for (UncleanPlan.Row r : plan.rows()) {
            ElectPreferredCommand.partition(after, r.partition())
                    .filter(p -> p.leader() != null && after.liveBrokerIds().contains(p.leader()))
                    .ifPresent(p -> led.add(new PartitionSpec(p.topic(), p.partition())));
        }
        Map<String, Long> endNow = Map.of();
        try {
            endNow = gateway.latestOffsets(led);
        } catch (RuntimeException e) {
            lines.add("warning: log end offsets after the election could not be read: " + e.getMessage());
        }
        Map<String, Integer> leaders = new HashMap<>();
        List<PostElectionCheck> checks = new ArrayList<>();
        for (UncleanPlan.Row r : plan.rows()) {
            Optional<PartitionState> p = ElectPreferredCommand.partition(after, r.partition());
            if (p.isEmpty()) {
                continue;
            }
            leaders.put(r.partition(), p.get().leader());
            checks.add(PostElectionCheck.of(p.get(), after.liveBrokerIds(), ElectPreferredCommand.minIsr(after, p.get()),
                    endNow.get(r.partition()), remembered.get(r.partition())));
        }
        return new ElectionFlow.Outcome(results.plus(notElected).withNewLeaders(leaders), checks, lines);
    }
}
