package dev.kshell.rules.clients;

import dev.kshell.model.ClientGroup;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Sample;
import dev.kshell.rules.CoordinatorEntry;
import dev.kshell.rules.CoordinatorHealth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges what was read of the groups: per partition lag and out-of-range ({@link PartitionLag}), per group totals, the
 * lag's trend over this session's samples, the coordinator partition's health ({@link CoordinatorHealth}), members
 * still reconciling, and open transactions holding read_committed readers. Pure.
 */
public final class GroupsJudge {

    private GroupsJudge() {
    }

    /**
     * Everything read for one judgement.
     *
     * @param offsetsTopic a snapshot holding {@code __consumer_offsets} with its min.insync.replicas, or null when
     *                     it could not be read (coordinator health unknown then)
     * @param nowMs        when the log offsets were read (epoch ms)
     */
    public record Read(GroupListings listings, List<GroupDetail> details, GroupOffsets offsets, LogOffsets logs,
                       ClusterSnapshot offsetsTopic, long nowMs) {
    }

    /** This session's earlier reads: each partition's log end and each group's total lag, oldest first. */
    public interface History {
        /** The log end reads of this partition, this read included. */
        List<Sample> ends(PartitionSpec partition);

        /** The group's total lag at earlier reads (this one not included). */
        List<Long> lags(String groupId);

        History NONE = new History() {
            @Override
            public List<Sample> ends(PartitionSpec partition) {
                return List.of();
            }

            @Override
            public List<Long> lags(String groupId) {
                return List.of();
            }
        };
    }

    /** Every listed group's line. */
    public static GroupsReport groups(Read read, History history) {
        Map<String, GroupDetail> details = byId(read.details());
        Map<String, String> sick = sickCoordinators(read);
        List<GroupRow> rows = new ArrayList<>();
        for (ClientGroup g : read.listings().groups()) {
            rows.add(row(g, details.get(g.groupId()), partitions(g.groupId(), read, history, Set.of()), read, sick,
                    history));
        }
        List<String> notes = new ArrayList<>(read.listings().problems());
        return new GroupsReport(rows, read.listings().typesMissing(), notes);
    }

    /** One group in detail; {@code open} holds the open transactions of partitions whose LSO trails the log end. */
    public static GroupReport group(ClientGroup g, Read read, Map<PartitionSpec, OpenTransactions> open,
                                    History history) {
        GroupDetail d = byId(read.details()).get(g.groupId());
        Set<String> assigned = new TreeSet<>();
        if (d != null) {
            d.members().forEach(m -> m.assigned().stream().filter(a -> !a.startsWith("task ")).forEach(assigned::add));
        }
        List<PartitionLag> partitions = partitions(g.groupId(), read, history, assigned);
        GroupRow row = row(g, d, partitions, read, sickCoordinators(read), history);
        List<GroupReport.MemberRow> members = d == null ? List.of()
                : d.members().stream().map(m -> member(m, d.targetEpoch())).toList();
        List<String> notes = new ArrayList<>();
        if (ClientGroup.CLASSIC.equals(g.type())) {
            notes.add("a classic group's generation and leader are not reported by Kafka's Admin API");
        }
        open.values().forEach(o -> {
            if (o.unavailable() != null) {
                notes.add(o.partition().name() + ": " + o.unavailable());
            }
        });
        return new GroupReport(row, d == null ? null : d.groupEpoch(), d == null ? null : d.targetEpoch(),
                d == null ? null : d.assignor(), members, partitions, holders(partitions, open), LagTime.HOW, notes);
    }

    private static GroupReport.MemberRow member(GroupDetail.Member m, Integer targetEpoch) {
        String reconciling = null;
        if (m.memberEpoch() != null && targetEpoch != null && m.memberEpoch() < targetEpoch) {
            reconciling = "epoch " + m.memberEpoch() + ", target " + targetEpoch;
        } else if (m.target() != null && !new HashSet<>(m.target()).equals(new HashSet<>(m.assigned()))) {
            reconciling = "owns " + m.assigned().size() + " of its " + m.target().size() + " target partitions";
        }
        return new GroupReport.MemberRow(m.memberId(), m.instanceId(), m.clientId(), m.host(), m.assigned(),
                m.memberEpoch(), reconciling);
    }

    private static List<GroupReport.Holder> holders(List<PartitionLag> partitions,
                                                    Map<PartitionSpec, OpenTransactions> open) {
        List<GroupReport.Holder> out = new ArrayList<>();
        for (PartitionLag p : partitions) {
            if (p.heldBack() == 0) {
                continue;
            }
            OpenTransactions o = open.get(PartitionSpec.parse(p.partition()).spec());
            if (o == null) {
                continue;
            }
            o.open().stream().filter(t -> t.startOffset() == p.lastStable()).findFirst()
                    .or(() -> o.open().stream().findFirst())
                    .ifPresent(t -> out.add(new GroupReport.Holder(p.partition(), t, p.heldBack())));
        }
        return out;
    }

    private static GroupRow row(ClientGroup g, GroupDetail d, List<PartitionLag> partitions, Read read,
                                Map<String, String> sick, History history) {
        long lag = 0;
        int known = 0;
        int unknown = 0;
        int outOfRange = 0;
        int committed = 0;
        for (PartitionLag p : partitions) {
            if (p.committed() == null) {
                continue;
            }
            committed++;
            if (p.lag() == null) {
                unknown++;
            } else {
                lag += p.lag();
                known++;
            }
            if (p.outOfRange() != null) {
                outOfRange++;
            }
        }
        Long total = known == 0 && unknown > 0 ? null : lag;
        List<Long> samples = new ArrayList<>(history.lags(g.groupId()));
        if (total != null) {
            samples.add(total);
        }
        String why = d != null && d.unknown() != null ? d.unknown() : read.offsets().unknown().get(g.groupId());
        String state = d != null && d.unknown() == null ? d.state() : g.state();
        return new GroupRow(g.groupId(), g.type(), g.protocol(), state,
                d == null || d.unknown() != null ? null : d.members().size(), d == null ? null : d.coordinator(),
                coordinatorPartition(g.groupId(), read.offsetsTopic()), sick.get(g.groupId()), committed,
                read.offsets().unknown().containsKey(g.groupId()) ? null : total, unknown, outOfRange, samples,
                LagTrend.of(samples), why);
    }

    private static List<PartitionLag> partitions(String groupId, Read read, History history, Set<String> assigned) {
        Map<PartitionSpec, Long> committed = read.offsets().committed().getOrDefault(groupId, Map.of());
        Set<PartitionSpec> all = new TreeSet<>(Comparator.comparing(PartitionSpec::topic)
                .thenComparingInt(PartitionSpec::partition));
        all.addAll(committed.keySet());
        for (String a : assigned) {
            PartitionSpec spec = PartitionSpec.parse(a).spec();
            if (spec != null) {
                all.add(spec);
            }
        }
        List<PartitionLag> out = new ArrayList<>();
        for (PartitionSpec p : all) {
            out.add(PartitionLag.judge(p, committed.get(p), read.logs().ranges().get(p), read.logs().unknown().get(p),
                    history.ends(p), read.nowMs()));
        }
        return out;
    }

    private static Map<String, String> sickCoordinators(Read read) {
        Map<String, String> out = new HashMap<>();
        if (read.offsetsTopic() == null) {
            return out;
        }
        List<GroupInfo> infos = read.listings().groups().stream()
                .map(g -> new GroupInfo(g.groupId(), g.state(), null)).toList();
        for (CoordinatorEntry e : CoordinatorHealth.check(read.offsetsTopic(), infos, List.of()).groups()) {
            out.put(e.id(), e.problem());
        }
        return out;
    }

    private static String coordinatorPartition(String groupId, ClusterSnapshot offsetsTopic) {
        if (offsetsTopic == null) {
            return null;
        }
        return offsetsTopic.topic(CoordinatorHealth.GROUP_TOPIC).filter(t -> !t.partitions().isEmpty())
                .map(t -> CoordinatorHealth.GROUP_TOPIC + "-"
                        + CoordinatorHealth.partitionFor(groupId, t.partitions().size())).orElse(null);
    }

    private static Map<String, GroupDetail> byId(List<GroupDetail> details) {
        Map<String, GroupDetail> out = new HashMap<>();
        details.forEach(d -> out.put(d.groupId(), d));
        return out;
    }
}
