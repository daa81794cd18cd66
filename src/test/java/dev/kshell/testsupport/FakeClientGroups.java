package dev.kshell.testsupport;

import dev.kshell.cluster.ClientGroups;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ClientGroups} over fixed values a test fills in: groups, their details and committed offsets, each
 * partition's log range, open transactions. What was not filled in is absent (an empty listing, a partition not
 * read).
 */
public class FakeClientGroups implements ClientGroups {

    public final List<ClientGroup> groups = new ArrayList<>();
    public final List<String> listProblems = new ArrayList<>();
    public String typesMissing;
    public final Map<String, GroupDetail> details = new HashMap<>();
    public final Map<String, Map<PartitionSpec, Long>> committed = new HashMap<>();
    public final Map<String, String> offsetsUnknown = new HashMap<>();
    public final Map<PartitionSpec, LogOffsets.Range> ranges = new HashMap<>();
    public final Map<PartitionSpec, OpenTransactions> open = new HashMap<>();
    public TransactionsRead transactions = new TransactionsRead(List.of(), 0, List.of(), null);
    /** Epoch ms the log offsets are read at; a test moves it to take samples at other times. */
    public long nowMs = 1_764_000_000_000L;
    /** Every partition logOffsets was asked for, in order (a test checks leaderless ones are never asked). */
    public final List<PartitionSpec> offsetsAsked = new ArrayList<>();

    /** Adds a group with one member-less detail of its own state. */
    public FakeClientGroups group(String id, String type, String state) {
        groups.add(new ClientGroup(id, type, ClientGroup.SHARE.equals(type) ? "share" : "consumer", state));
        details.put(id, new GroupDetail(id, type, state, 4, null, null, null, List.of(), null));
        return this;
    }

    @Override
    public GroupListings list() {
        // sorted by id, as the Admin-backed listing is
        return new GroupListings(groups.stream().sorted(java.util.Comparator.comparing(ClientGroup::groupId)).toList(),
                listProblems, typesMissing);
    }

    @Override
    public List<GroupDetail> describe(List<ClientGroup> asked) {
        return asked.stream().map(g -> details.getOrDefault(g.groupId(), GroupDetail.unknown(g, "not described")))
                .toList();
    }

    @Override
    public GroupOffsets committed(List<ClientGroup> asked) {
        Map<String, Map<PartitionSpec, Long>> out = new LinkedHashMap<>();
        Map<String, String> unknown = new LinkedHashMap<>();
        for (ClientGroup g : asked) {
            if (offsetsUnknown.containsKey(g.groupId())) {
                unknown.put(g.groupId(), offsetsUnknown.get(g.groupId()));
            } else {
                out.put(g.groupId(), committed.getOrDefault(g.groupId(), Map.of()));
            }
        }
        return new GroupOffsets(out, unknown);
    }

    @Override
    public LogOffsets logOffsets(Collection<PartitionSpec> partitions, boolean stable) {
        Map<PartitionSpec, LogOffsets.Range> out = new HashMap<>();
        Map<PartitionSpec, String> unknown = new HashMap<>();
        for (PartitionSpec p : partitions) {
            offsetsAsked.add(p);
            LogOffsets.Range r = ranges.get(p);
            if (r == null) {
                unknown.put(p, "not in the fake");
            } else {
                out.put(p, stable ? r : new LogOffsets.Range(r.start(), r.end(), null, null));
            }
        }
        return new LogOffsets(nowMs, out, unknown);
    }

    @Override
    public Map<PartitionSpec, OpenTransactions> openTransactions(Collection<PartitionSpec> partitions) {
        Map<PartitionSpec, OpenTransactions> out = new LinkedHashMap<>();
        partitions.forEach(p -> out.put(p, open.getOrDefault(p, new OpenTransactions(p, List.of(), null))));
        return out;
    }

    @Override
    public TransactionsRead transactions() {
        return transactions;
    }

    /** Offsets by timestamp a test fills in; a partition missing has no record that new. */
    public final Map<PartitionSpec, Long> atTimestamp = new HashMap<>();
    /** Every offset commit and abort made behind the gate, as "group partition offset" / "abort partition pid". */
    public final List<String> changes = new ArrayList<>();
    /** What an abort answers (empty: aborted). */
    public java.util.Optional<String> abortAnswer = java.util.Optional.empty();

    @Override
    public Map<PartitionSpec, Long> offsetsAt(Collection<PartitionSpec> partitions, long timestampMs) {
        Map<PartitionSpec, Long> out = new HashMap<>();
        partitions.stream().filter(atTimestamp::containsKey).forEach(p -> out.put(p, atTimestamp.get(p)));
        return out;
    }

    @Override
    public Map<PartitionSpec, java.util.Optional<String>> alterOffsets(String groupId, Map<PartitionSpec, Long> offsets) {
        dev.kshell.audit.Approval.require("fake alterConsumerGroupOffsets"); // as the real gateway: only behind the gate
        Map<PartitionSpec, java.util.Optional<String>> out = new LinkedHashMap<>();
        Map<PartitionSpec, Long> now = new HashMap<>(committed.getOrDefault(groupId, Map.of()));
        offsets.forEach((p, o) -> {
            changes.add(groupId + " " + p.name() + " " + o);
            now.put(p, o);
            out.put(p, java.util.Optional.empty());
        });
        committed.put(groupId, now);
        return out;
    }

    @Override
    public java.util.Optional<String> abortTransaction(PartitionSpec partition, long producerId, int producerEpoch,
                                                       int coordinatorEpoch) {
        dev.kshell.audit.Approval.require("fake abortTransaction"); // as the real gateway: only behind the gate
        changes.add("abort " + partition.name() + " " + producerId);
        if (abortAnswer.isEmpty()) {
            open.remove(partition);
        }
        return abortAnswer;
    }
}
