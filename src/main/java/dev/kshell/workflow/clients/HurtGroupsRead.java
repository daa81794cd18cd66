package dev.kshell.workflow.clients;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.clients.HurtGroups;
import dev.kshell.rules.clients.PartitionLag;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads, after a loss on {@code partitions}, which groups' committed offsets it left out of range there
 * ({@link HurtGroups}), within its own short deadline: the act's report never waits long for it, and a read that fails
 * is one sentence.
 */
public final class HurtGroupsRead {

    /** The read's deadline: the act is done; this only adds to its report. */
    public static final Duration DEADLINE = Duration.ofSeconds(10);

    private HurtGroupsRead() {
    }

    /** Lines for the report: the hurt groups with their resets, or one sentence why they could not be read. */
    public static List<String> lines(ClusterGateway gateway, Collection<PartitionSpec> partitions) {
        if (partitions.isEmpty()) {
            return List.of();
        }
        try {
            ClusterGateway g = gateway.withTimeout(DEADLINE);
            List<ClientGroup> groups = g.groups().list().groups().stream().filter(ClientGroup::consumerLike).toList();
            if (groups.isEmpty()) {
                return List.of();
            }
            GroupOffsets offsets = g.groups().committed(groups);
            LogOffsets logs = g.groups().logOffsets(partitions, false);
            List<HurtGroups.Hurt> hurt = new ArrayList<>();
            offsets.committed().forEach((group, committed) -> {
                for (PartitionSpec p : partitions) {
                    Long c = committed.get(p);
                    LogOffsets.Range r = logs.ranges().get(p);
                    if (c == null || r == null) {
                        continue;
                    }
                    PartitionLag lag = PartitionLag.judge(p, c, r, null, List.of(), logs.readAtMs());
                    if (lag.outOfRange() != null) {
                        hurt.add(new HurtGroups.Hurt(group, lag));
                    }
                }
            });
            hurt.sort((a, b) -> (a.groupId() + a.partition().partition()).compareTo(b.groupId()
                    + b.partition().partition()));
            return HurtGroups.lines(hurt);
        } catch (RuntimeException e) {
            return List.of("groups hurt by the loss not read: " + e.getMessage() + " (`groups` names them)");
        }
    }
}
