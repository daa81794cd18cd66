package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.model.TransactionInfo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Groups and transactional ids whose coordinator partition is leaderless or under min ISR: they cannot commit,
 * rebalance or complete transactions. The coordinator partition is computed as Kafka 4.4.0 does
 * ({@code GroupCoordinatorService.partitionFor}, {@code TransactionStateManager.partitionFor}):
 * {@code Utils.abs(id.hashCode()) % partitionCount}, where {@code Utils.abs(n)} is {@code n == Integer.MIN_VALUE ?
 * 0 : Math.abs(n)} (not {@code n & 0x7fffffff}, which gives other partitions for negative hash codes), and the
 * partition count is the topic's actual one.
 */
public final class CoordinatorHealth {

    public static final String GROUP_TOPIC = "__consumer_offsets";
    public static final String TRANSACTION_TOPIC = "__transaction_state";

    private CoordinatorHealth() {
    }

    /** Kafka's {@code org.apache.kafka.common.utils.Utils.abs}. */
    public static int kafkaAbs(int n) {
        return n == Integer.MIN_VALUE ? 0 : Math.abs(n);
    }

    /** The coordinator partition of a group id or transactional id. */
    public static int partitionFor(String id, int partitionCount) {
        if (partitionCount <= 0) {
            throw new IllegalArgumentException("partitionCount must be positive: " + partitionCount);
        }
        return kafkaAbs(id.hashCode()) % partitionCount;
    }

    public static CoordinatorReport check(ClusterSnapshot s, List<GroupInfo> groups,
                                          List<TransactionInfo> transactions) {
        Set<Integer> live = s.liveBrokerIds();
        List<String> notes = new ArrayList<>();
        Sick groupSick = sick(s, GROUP_TOPIC, live, notes, !groups.isEmpty());
        Sick txnSick = sick(s, TRANSACTION_TOPIC, live, notes, !transactions.isEmpty());

        List<CoordinatorEntry> groupHits = new ArrayList<>();
        int[] groupCounts = hits(groupSick, groups, GroupInfo::groupId, (g, p, problem) -> new CoordinatorEntry(
                "group", g.groupId(), g.state(), g.members(), GROUP_TOPIC, p, problem), groupHits);
        List<CoordinatorEntry> txnHits = new ArrayList<>();
        int[] txnCounts = hits(txnSick, transactions, TransactionInfo::transactionalId, (t, p, problem) ->
                new CoordinatorEntry("transaction", t.transactionalId(), t.state(), null, TRANSACTION_TOPIC, p,
                        problem), txnHits);
        Comparator<CoordinatorEntry> order = Comparator.comparingInt(CoordinatorEntry::partition)
                .thenComparing(CoordinatorEntry::id);
        groupHits.sort(order);
        txnHits.sort(order);

        List<CoordinatorPartition> partitions = new ArrayList<>();
        addPartitions(partitions, groupSick, groupCounts, true, live);
        addPartitions(partitions, txnSick, txnCounts, false, live);
        return new CoordinatorReport(partitions, groupHits, txnHits, notes);
    }

    /** A group or transaction whose coordinator partition {@code p} has {@code problem}, as an entry. */
    @FunctionalInterface
    private interface EntryOf<T> {
        CoordinatorEntry entry(T item, int p, String problem);
    }

    /**
     * Adds to {@code out} the items (groups or transactions) whose coordinator partition is sick; returns how many
     * per partition number, or null when the topic could not be judged ({@code sick} null).
     */
    private static <T> int[] hits(Sick sick, List<T> items, Function<T, String> id,
                                  EntryOf<T> entryOf, List<CoordinatorEntry> out) {
        if (sick == null) {
            return null;
        }
        int[] counts = new int[sick.problems.length];
        for (T item : items) {
            int p = partitionFor(id.apply(item), sick.partitionCount);
            String problem = sick.problems[p];
            if (problem != null) {
                counts[p]++;
                out.add(entryOf.entry(item, p, problem));
            }
        }
        return counts;
    }

    /** Per partition number: "leaderless", "under-min-isr" or null (healthy). */
    private record Sick(TopicState topic, String[] problems, int partitionCount) {
    }

    private static Sick sick(ClusterSnapshot s, String name, Set<Integer> live, List<String> notes, boolean needed) {
        TopicState t = s.topic(name).orElse(null);
        if (t == null || t.partitions().isEmpty()) {
            if (needed) {
                notes.add(name + " is not in the snapshot: coordinators for "
                        + (name.equals(GROUP_TOPIC) ? "groups" : "transactional ids") + " cannot be judged");
            }
            return null;
        }
        // Coordinator partitions are numbered 0..n-1; size the array by the highest number seen.
        int max = -1;
        for (PartitionState p : t.partitions()) {
            max = Math.max(max, p.partition());
        }
        int count = t.partitions().size();
        if (max + 1 != count) {
            notes.add(name + " has " + count + " partitions in the snapshot but numbers up to " + max
                    + ": coordinator partitions computed with " + count + " may be wrong");
        }
        String[] problems = new String[Math.max(max + 1, count)];
        Integer minIsr = t.config() == null ? null : t.config().minIsr();
        boolean unknown = false;
        for (PartitionState p : t.partitions()) {
            if (PartitionHealth.isLeaderless(p, live)) {
                problems[p.partition()] = "leaderless";
            } else {
                Boolean under = PartitionHealth.isUnderMinIsr(p, minIsr);
                if (under == null) {
                    unknown = true;
                } else if (under) {
                    problems[p.partition()] = "under-min-isr";
                }
            }
        }
        if (unknown) {
            notes.add("min.insync.replicas of " + name + " unknown (configs not loaded): only leaderless "
                    + "coordinator partitions are reported");
        }
        return new Sick(t, problems, count);
    }

    private static void addPartitions(List<CoordinatorPartition> out, Sick sick, int[] counts, boolean groups,
                                      Set<Integer> live) {
        if (sick == null) {
            return;
        }
        Integer minIsr = sick.topic.config() == null ? null : sick.topic.config().minIsr();
        List<PartitionState> ps = new ArrayList<>(sick.topic.partitions());
        ps.sort(Comparator.comparingInt(PartitionState::partition));
        for (PartitionState p : ps) {
            String problem = sick.problems[p.partition()];
            if (problem == null) {
                continue;
            }
            PartitionFinding f = PartitionHealth.finding(p, live, minIsr);
            int n = counts[p.partition()];
            out.add(new CoordinatorPartition(p.topic(), p.partition(), p.leader(), f.replicas(), p.isr(), minIsr,
                    problem, f.recovery(), groups ? n : 0, groups ? 0 : n));
        }
    }
}
