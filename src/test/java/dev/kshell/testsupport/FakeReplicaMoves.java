package dev.kshell.testsupport;

import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.PartitionSpec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Comparator;

/**
 * An in-memory {@link ReplicaMoves} for command and workflow tests: it keeps the throttles it was told to set (so a
 * test sees what is left behind), records every reassignment sent, and completes them after {@link #roundsToFinish}
 * reads of {@link #inFlight()} (0: at once).
 */
public class FakeReplicaMoves implements ReplicaMoves {

    public final Map<PartitionSpec, InFlight> inFlight = new TreeMap<>(Comparator
            .comparing(PartitionSpec::topic).thenComparingInt(PartitionSpec::partition));
    public final List<Map<PartitionSpec, List<Integer>>> altered = new ArrayList<>();
    public final List<Collection<PartitionSpec>> cancelled = new ArrayList<>();
    public final Map<Integer, Map<String, String>> brokerRates = new TreeMap<>();
    public final Map<String, Map<String, String>> topicLists = new TreeMap<>();
    public final Map<Integer, Map<PartitionSpec, Long>> sizes = new TreeMap<>();
    public final Map<Integer, Long> usable = new TreeMap<>();
    public final Map<Integer, String> racks = new TreeMap<>();
    public final List<Integer> unregistered = new ArrayList<>();
    /** Every set of brokers a rate was set on, and every set of topic lists, in order. */
    public final List<Collection<Integer>> ratesSetOn = new ArrayList<>();
    public final List<Map<String, Map<String, String>>> listsSet = new ArrayList<>();
    /** Reads of {@link #inFlight()} before the moves sent complete. */
    public int roundsToFinish;
    /** What {@link #unregisterBroker} answers. */
    public Unregistered unregisterAnswer = Unregistered.done();
    private final Map<PartitionSpec, Integer> rounds = new LinkedHashMap<>();

    /** A reassignment a test put in {@link #inFlight} completes after this many more reads (else it stays). */
    public void finishAfter(PartitionSpec partition, int reads) {
        rounds.put(partition, reads);
    }

    @Override
    public Map<PartitionSpec, InFlight> inFlight() {
        for (PartitionSpec p : List.copyOf(rounds.keySet())) {
            int left = rounds.get(p);
            if (left <= 0) {
                rounds.remove(p);
                inFlight.remove(p);
            } else {
                rounds.put(p, left - 1);
            }
        }
        return Map.copyOf(inFlight);
    }

    @Override
    public Map<PartitionSpec, Optional<String>> alter(Map<PartitionSpec, List<Integer>> targets) {
        dev.kshell.audit.Approval.require("fake alter"); // as the real gateway: only behind the gate
        altered.add(Map.copyOf(targets));
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        targets.forEach((p, replicas) -> {
            inFlight.put(p, new InFlight(replicas, replicas, List.of()));
            rounds.put(p, roundsToFinish);
            out.put(p, Optional.empty());
        });
        return out;
    }

    @Override
    public Map<PartitionSpec, Optional<String>> cancel(Collection<PartitionSpec> partitions) {
        dev.kshell.audit.Approval.require("fake cancel"); // as the real gateway: only behind the gate
        cancelled.add(List.copyOf(partitions));
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        partitions.forEach(p -> out.put(p, inFlight.remove(p) == null
                ? Optional.of("no reassignment in flight") : Optional.empty()));
        return out;
    }

    @Override
    public LogDirUsage logDirs(Collection<Integer> brokerIds) {
        Map<Integer, Map<PartitionSpec, Long>> s = new TreeMap<>();
        brokerIds.forEach(b -> s.put(b, sizes.getOrDefault(b, Map.of())));
        return new LogDirUsage(s, Map.copyOf(usable), Map.of());
    }

    @Override
    public Map<Integer, String> racks() {
        return Map.copyOf(racks);
    }

    @Override
    public Throttles throttles(Collection<Integer> brokerIds, Collection<String> topics) {
        Map<Integer, Map<String, String>> b = new TreeMap<>();
        brokerIds.forEach(id -> b.put(id, Map.copyOf(brokerRates.getOrDefault(id, Map.of()))));
        Map<String, Map<String, String>> t = new TreeMap<>();
        topics.forEach(name -> t.put(name, Map.copyOf(topicLists.getOrDefault(name, Map.of()))));
        return new Throttles(b, t);
    }

    @Override
    public Map<Integer, Optional<String>> setBrokerRate(Collection<Integer> brokerIds, long bytesPerSecond) {
        dev.kshell.audit.Approval.require("fake setBrokerRate"); // as the real gateway: only behind the gate
        Map<Integer, Optional<String>> out = new TreeMap<>();
        ratesSetOn.add(List.copyOf(brokerIds));
        brokerIds.forEach(b -> {
            brokerRates.put(b, Map.of(LEADER_RATE, Long.toString(bytesPerSecond), FOLLOWER_RATE,
                    Long.toString(bytesPerSecond)));
            out.put(b, Optional.empty());
        });
        return out;
    }

    @Override
    public Map<String, Optional<String>> setTopicThrottle(Map<String, Map<String, String>> lists) {
        dev.kshell.audit.Approval.require("fake setTopicThrottle"); // as the real gateway: only behind the gate
        Map<String, Optional<String>> out = new TreeMap<>();
        listsSet.add(Map.copyOf(lists));
        lists.forEach((t, l) -> {
            topicLists.put(t, Map.copyOf(l));
            out.put(t, Optional.empty());
        });
        return out;
    }

    /** Every broker whose log directories were cordoned. */
    public final List<Integer> cordoned = new ArrayList<>();

    @Override
    public Map<Integer, Optional<String>> cordon(Collection<Integer> brokerIds) {
        dev.kshell.audit.Approval.require("fake cordon"); // as the real gateway: only behind the gate
        Map<Integer, Optional<String>> out = new TreeMap<>();
        brokerIds.forEach(b -> {
            cordoned.add(b);
            out.put(b, Optional.empty());
        });
        return out;
    }

    @Override
    public Map<Integer, Optional<String>> uncordon(Collection<Integer> brokerIds) {
        dev.kshell.audit.Approval.require("fake uncordon"); // as the real gateway: only behind the gate
        Map<Integer, Optional<String>> out = new TreeMap<>();
        brokerIds.forEach(b -> {
            cordoned.remove(b);
            out.put(b, Optional.empty());
        });
        return out;
    }

    @Override
    public Map<Integer, Optional<String>> removeBrokerRate(Collection<Integer> brokerIds) {
        dev.kshell.audit.Approval.require("fake removeBrokerRate"); // as the real gateway: only behind the gate
        Map<Integer, Optional<String>> out = new TreeMap<>();
        brokerIds.forEach(b -> {
            brokerRates.remove(b);
            out.put(b, Optional.empty());
        });
        return out;
    }

    @Override
    public Map<String, Optional<String>> removeTopicThrottle(Collection<String> topics) {
        dev.kshell.audit.Approval.require("fake removeTopicThrottle"); // as the real gateway: only behind the gate
        Map<String, Optional<String>> out = new TreeMap<>();
        topics.forEach(t -> {
            topicLists.remove(t);
            out.put(t, Optional.empty());
        });
        return out;
    }

    @Override
    public Unregistered unregisterBroker(int brokerId) {
        dev.kshell.audit.Approval.require("fake unregisterBroker"); // as the real gateway: only behind the gate
        if (unregisterAnswer.outcome() == Unregistered.Outcome.DONE) {
            unregistered.add(brokerId);
        }
        return unregisterAnswer;
    }
}
