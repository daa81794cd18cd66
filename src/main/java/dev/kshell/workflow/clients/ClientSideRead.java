package dev.kshell.workflow.clients;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.memory.ClientHistory;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.SideFinding;
import dev.kshell.rules.clients.ClientFindings;
import dev.kshell.rules.clients.GroupsJudge;
import dev.kshell.rules.clients.GroupsReport;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Triage's side read of the clients' side: the groups hurt by the incident ({@link ClientFindings}), read over the
 * snapshot triage already holds (leaders, {@code __consumer_offsets} with its min.insync.replicas), so only the
 * groups, their offsets and the logs' ends are asked. The caller gives the gateway the side read's deadline; this
 * read is recorded in the session's history like {@code groups}.
 */
public final class ClientSideRead {

    private ClientSideRead() {
    }

    /** The findings, or none when the groups cannot be read (controllers only, an ACL, the deadline). */
    public static List<SideFinding> findings(ClusterGateway gateway, ClusterSnapshot now, ClientHistory history) {
        if (gateway.target().viaControllers() || now.liveBrokerIds().isEmpty()) {
            return List.of();
        }
        try {
            GroupListings listings = gateway.groups().list();
            if (listings.groups().isEmpty()) {
                return List.of();
            }
            GroupOffsets offsets = gateway.groups().committed(listings.groups());
            var details = gateway.groups().describe(listings.groups());
            Set<PartitionSpec> wanted = new LinkedHashSet<>();
            offsets.committed().values().forEach(m -> wanted.addAll(m.keySet()));
            LogOffsets logs = ClientReads.logs(gateway, now, wanted, false);
            GroupsJudge.Read read = new GroupsJudge.Read(listings, details, offsets, logs, now, logs.readAtMs());
            String cluster = now.clusterId();
            Long watchedFrom = history.watchedSince(cluster);
            GroupsReport report = GroupsJudge.groups(read, ClientReads.remember(history, cluster, logs));
            ClientsService.remember(history, cluster, read.nowMs(), report.groups());
            return ClientFindings.of(report, id -> history.stateSince(cluster, id),
                    watchedFrom == null ? read.nowMs() : watchedFrom, read.nowMs());
        } catch (ClusterException e) {
            return List.of();
        }
    }
}
