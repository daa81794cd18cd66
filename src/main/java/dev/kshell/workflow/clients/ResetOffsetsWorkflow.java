package dev.kshell.workflow.clients;

import dev.kshell.audit.AuditDecision;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.memory.RequestedFile;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.rules.clients.ResetPlan;
import dev.kshell.rules.clients.ResetPlanner;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code groups reset-offsets GROUP}: plans the new offsets ({@link ResetPlanner}), refuses while the group has
 * members (naming them), and commits through the gate: skipping unread records is a loss (the typed phrase),
 * re-reading is y/N. {@code --export} writes the plan as Kafka's {@code --from-file} reads it, after the gate.
 */
public final class ResetOffsetsWorkflow {

    private final ClusterGateway gateway;

    public ResetOffsetsWorkflow(ClusterGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * What to reset.
     *
     * @param topics    {@code T} (every partition) or {@code T:0,2}; empty with {@code allTopics}
     * @param allTopics every partition the group has committed
     * @param export    the file to write the plan to, or null
     */
    public record Request(String groupId, ResetPlanner.Spec spec, List<String> topics, boolean allTopics,
                          Path export) {
    }

    /**
     * What happened.
     *
     * @param plan     the plan
     * @param outcome  succeeded, failed, dry-run
     * @param failed   per partition that was not committed, why
     * @param exported the file written, or null
     */
    public record Result(ResetPlan plan, String outcome, Map<String, String> failed, String exported) {
    }

    /** Plans, passes the gate, commits; {@code show} prints the plan once the pin holds. */
    public Result run(MutationGate gate, Request req, Consumer<ResetPlan> show) {
        RequestedFile export = req.export() == null ? null : gate.requestedFile(req.export(), "--export");
        Planned planned = gate.plan(() -> plan(gate, req));
        ResetPlan plan = planned.plan();
        if (!planned.members().isEmpty()) {
            throw gate.refuse(planned.clusterId(), plan, "group " + req.groupId() + " has "
                    + planned.members().size() + " active member" + (planned.members().size() == 1 ? "" : "s") + ": "
                    + String.join("; ", planned.members()) + ": a reset needs a group without members",
                    "stop its consumers (the group becomes Empty), then reset");
        }
        Risk risk = plan.skipped() > 0
                ? Risk.loss("skip " + plan.skipped() + " records of " + req.groupId(), plan.skipped() + " records "
                        + "group " + req.groupId() + " has not read are skipped for good", "a reset that skips "
                        + "unread records")
                : Risk.change("Reset the offsets of group " + req.groupId() + " on " + plan.rows().size()
                        + " partition" + (plan.rows().size() == 1 ? "" : "s") + (plan.reread() > 0 ? " (" + plan.reread()
                        + " records read again)" : "") + "?");
        MutationGate.Pass pass = gate.pass(planned.clusterId(), plan, risk, () -> show.accept(plan));
        String exported = export == null ? null : gate.export(planned.clusterId(), export, plan.csv());
        if (pass.dryRun()) {
            return new Result(plan, AuditDecision.DRY_RUN.label(), Map.of(), exported);
        }
        Map<PartitionSpec, Long> offsets = new LinkedHashMap<>();
        plan.rows().forEach(r -> offsets.put(PartitionSpec.parse(r.partition()).spec(), r.target()));
        Map<PartitionSpec, Optional<String>> answers = pass.act(() -> gateway.groups().alterOffsets(req.groupId(),
                offsets), a -> a.values().stream().allMatch(Optional::isEmpty) ? GateOutcome.succeeded(null)
                : GateOutcome.failed(failures(a).size() + " partitions not committed", failures(a)));
        Map<String, String> failed = failures(answers);
        return new Result(plan, failed.isEmpty() ? AuditDecision.SUCCEEDED.label() : AuditDecision.FAILED.label(),
                failed, exported);
    }

    private static Map<String, String> failures(Map<PartitionSpec, Optional<String>> answers) {
        Map<String, String> out = new LinkedHashMap<>();
        answers.forEach((p, a) -> a.ifPresent(why -> out.put(p.name(), why)));
        return out;
    }

    private record Planned(String clusterId, ResetPlan plan, List<String> members) {
    }

    private Planned plan(MutationGate gate, Request req) {
        ClusterSnapshot partitions = gateway.read(new SnapshotRequest(true, false, null, true, false));
        ClientGroup g = gateway.groups().list().groups().stream().filter(x -> x.groupId().equals(req.groupId()))
                .findFirst().orElse(new ClientGroup(req.groupId(), ClientGroup.CLASSIC, null, null));
        if (!g.consumerLike()) {
            throw gate.invalid("group " + req.groupId() + " is a " + g.type() + " group: reset-offsets resets classic "
                    + "and consumer groups");
        }
        GroupDetail detail = gateway.groups().describe(List.of(g)).get(0);
        Map<PartitionSpec, Long> committed = gateway.groups().committed(List.of(g)).committed()
                .getOrDefault(req.groupId(), Map.of());
        List<PartitionSpec> targets = targets(gate, req, partitions, committed);
        LogOffsets logs = ClientReads.logs(gateway, partitions, targets, false);
        if (!logs.unknown().isEmpty()) {
            var first = logs.unknown().entrySet().iterator().next();
            throw gate.invalid("cannot plan: the log of " + first.getKey().name() + " cannot be read ("
                    + first.getValue() + ")");
        }
        if (req.spec().to() == ResetPlanner.To.SHIFT && targets.stream().anyMatch(p -> !committed.containsKey(p))) {
            throw gate.invalid("--shift-by needs a committed offset on every partition; "
                    + targets.stream().filter(p -> !committed.containsKey(p)).findFirst().orElseThrow().name()
                    + " has none");
        }
        Map<PartitionSpec, Long> atTime = req.spec().to() == ResetPlanner.To.DATETIME
                ? gateway.groups().offsetsAt(targets, req.spec().value()) : Map.of();
        List<String> members = detail.members().stream().map(m -> m.memberId() + " (client " + m.clientId()
                + ", host " + m.host() + ")").toList();
        return new Planned(partitions.clusterId(), ResetPlanner.plan(req.groupId(), req.spec(), targets, committed,
                logs.ranges(), atTime), members);
    }

    private static List<PartitionSpec> targets(MutationGate gate, Request req, ClusterSnapshot partitions,
                                               Map<PartitionSpec, Long> committed) {
        Set<PartitionSpec> out = new LinkedHashSet<>();
        if (req.allTopics()) {
            committed.keySet().stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(out::add);
            if (out.isEmpty()) {
                throw gate.invalid("group " + req.groupId() + " has no committed offset: name the topics with --topic");
            }
        }
        for (String t : req.topics()) {
            String[] parts = t.split(":", 2);
            TopicState topic = partitions.topic(parts[0]).orElseThrow(() -> gate.invalid("no topic '" + parts[0]
                    + "' on this cluster"));
            if (parts.length == 1) {
                topic.partitions().forEach(p -> out.add(new PartitionSpec(p.topic(), p.partition())));
                continue;
            }
            for (String n : parts[1].split(",")) {
                int number;
                try {
                    number = Integer.parseInt(n.strip());
                } catch (NumberFormatException e) {
                    throw gate.invalid("--topic " + t + ": '" + n + "' is not a partition number");
                }
                if (topic.partitions().stream().noneMatch(p -> p.partition() == number)) {
                    throw gate.invalid("--topic " + t + ": " + parts[0] + " has no partition " + number);
                }
                out.add(new PartitionSpec(parts[0], number));
            }
        }
        return new ArrayList<>(out);
    }
}
