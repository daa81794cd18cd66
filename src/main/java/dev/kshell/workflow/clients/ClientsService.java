package dev.kshell.workflow.clients;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.ClientHistory;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TransactionsRead;
import dev.kshell.rules.clients.GroupReport;
import dev.kshell.rules.clients.GroupRow;
import dev.kshell.rules.clients.GroupsJudge;
import dev.kshell.rules.clients.GroupsReport;
import dev.kshell.rules.clients.TransactionsJudge;
import dev.kshell.rules.clients.TransactionsReport;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Future;

/**
 * {@code groups}, {@code group GROUP} and {@code transactions}: reads the clients' side ({@link ClientReads}),
 * records what it read in the session's {@link ClientHistory} (lag in time and trends come from it), judges
 * ({@link GroupsJudge}, {@link TransactionsJudge}) and leaves the group ids for completion.
 */
public final class ClientsService implements AutoCloseable {

    private final ShellSession session;
    private final ClientReads reads = new ClientReads();

    public ClientsService(ShellSession session) {
        this.session = session;
    }

    /** Every group, with its totals and this session's lag trend. */
    public GroupsReport groups() {
        ClusterGateway gateway = session.requireGateway();
        ClientReads.Base base = reads.base(gateway);
        String cluster = base.partitions().clusterId();
        session.rememberGroupNames(cluster, base.listings().groups().stream().map(ClientGroup::groupId).toList());
        GroupsJudge.Read read = reads.read(gateway, base, base.listings().groups(), false, Set.of());
        GroupsJudge.History history = ClientReads.remember(session.clientHistory(), cluster, read.logs());
        GroupsReport report = GroupsJudge.groups(read, history);
        remember(session.clientHistory(), cluster, read.nowMs(), report.groups());
        return report;
    }

    /**
     * One group: members, each partition's lag and range, open transactions holding read_committed readers.
     *
     * @throws KshellFailure (exit 2) when the cluster knows no such group
     */
    public GroupReport group(String groupId) {
        ClusterGateway gateway = session.requireGateway();
        ClientReads.Base base = reads.base(gateway);
        String cluster = base.partitions().clusterId();
        session.rememberGroupNames(cluster, base.listings().groups().stream().map(ClientGroup::groupId).toList());
        // a group whose coordinator is down is listed by no broker: asked for by name, as a classic group
        ClientGroup g = base.listings().groups().stream().filter(x -> x.groupId().equals(groupId)).findFirst()
                .orElse(new ClientGroup(groupId, ClientGroup.CLASSIC, null, null));
        GroupDetail probe = gateway.groups().describe(List.of(g)).get(0);
        Set<PartitionSpec> assigned = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));
        probe.members().forEach(m -> m.assigned().forEach(a -> {
            PartitionSpec p = PartitionSpec.parse(a).spec();
            if (p != null) {
                assigned.add(p);
            }
        }));
        GroupsJudge.Read read = reads.read(gateway, base, List.of(g), true, assigned);
        boolean listed = base.listings().groups().contains(g);
        if (!listed && "Dead".equalsIgnoreCase(probe.state())
                && read.offsets().committed().getOrDefault(groupId, Map.of()).isEmpty()) {
            throw new KshellFailure(ExitCode.USAGE, "no group '" + groupId + "' on this cluster (`groups` lists them)");
        }
        Set<PartitionSpec> trailing = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));
        read.logs().ranges().forEach((p, r) -> {
            if (r.stable() != null && r.stable() < r.end()) {
                trailing.add(p);
            }
        });
        Map<PartitionSpec, OpenTransactions> open = trailing.isEmpty() ? Map.of()
                : gateway.groups().openTransactions(trailing);
        GroupsJudge.History history = ClientReads.remember(session.clientHistory(), cluster, read.logs());
        GroupReport report = GroupsJudge.group(g, read, open, history);
        remember(session.clientHistory(), cluster, read.nowMs(), List.of(report.group()));
        return report;
    }

    /** Open transactions cluster-wide, hanging ones first. */
    public TransactionsReport transactions() {
        ClusterGateway gateway = session.requireGateway();
        Future<TransactionsRead> coordinators = reads.submit(() -> gateway.groups().transactions());
        ClusterSnapshot partitions = gateway.read(new SnapshotRequest(true, false, null, true, false));
        List<PartitionSpec> all = new ArrayList<>();
        partitions.topics().forEach(t -> t.partitions().forEach(p -> all.add(new PartitionSpec(p.topic(),
                p.partition()))));
        // every led partition's last stable offset: one that trails its log end is held by an open transaction,
        // whether or not a coordinator still knows it (a hanging one is found only this way)
        LogOffsets logs = ClientReads.logs(gateway, partitions, all, true);
        Set<PartitionSpec> trailing = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));
        logs.ranges().forEach((p, r) -> {
            if (r.stable() != null && r.stable() < r.end()) {
                trailing.add(p);
            }
        });
        Map<PartitionSpec, OpenTransactions> open = trailing.isEmpty() ? Map.of()
                : gateway.groups().openTransactions(trailing);
        return TransactionsJudge.judge(ClientReads.get(coordinators), logs, open, logs.readAtMs());
    }

    static void remember(ClientHistory history, String cluster, long atMs, List<GroupRow> rows) {
        rows.forEach(r -> history.recordGroup(cluster, r.groupId(), atMs, r.lag(), r.state()));
    }

    /** How many partitions of the report are out of range (for the exit code). */
    public static long outOfRange(GroupReport report) {
        return report.partitions().stream().filter(p -> p.outOfRange() != null).count();
    }

    @Override
    public void close() {
        reads.close();
    }
}
