package dev.kshell.rules.clients;

import dev.kshell.model.OpenTransactions;

import java.util.List;

/**
 * What {@code group GROUP} found.
 *
 * @param group      the group's line, as {@code groups} shows it
 * @param groupEpoch the group epoch (KIP-848 and later), or null
 * @param targetEpoch the target assignment epoch, or null
 * @param assignor   the assignor, or null
 * @param members    its members
 * @param partitions each partition it committed (or is assigned), by name
 * @param holders    open transactions holding a partition's last stable offset below its log end
 * @param lagHow     how lag in time is measured
 * @param notes      what could not be read or is worth knowing, one sentence each
 */
public record GroupReport(GroupRow group, Integer groupEpoch, Integer targetEpoch, String assignor,
                          List<MemberRow> members, List<PartitionLag> partitions, List<Holder> holders,
                          String lagHow, List<String> notes) {

    public GroupReport {
        members = List.copyOf(members);
        partitions = List.copyOf(partitions);
        holders = List.copyOf(holders);
        notes = List.copyOf(notes);
    }

    /**
     * A member.
     *
     * @param reconciling null when it owns what the coordinator wants; else how it is behind ("epoch 3, target 5")
     */
    public record MemberRow(String memberId, String instanceId, String clientId, String host, List<String> assigned,
                            Integer memberEpoch, String reconciling) {

        public MemberRow {
            assigned = List.copyOf(assigned);
        }
    }

    /**
     * An open transaction holding read_committed readers of a partition at its first offset.
     *
     * @param heldBack records between the last stable offset and the log end
     */
    public record Holder(String partition, OpenTransactions.Open transaction, long heldBack) {
    }
}
