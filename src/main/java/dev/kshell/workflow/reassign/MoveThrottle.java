package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.rules.reassign.EvacuationPlan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The throttle of a set of moves, as Kafka's own tool sets it: the rate on every live broker taking part (current
 * and new replicas), the leader side on the current replicas and the follower side on the new ones. A broker that is
 * not live is never asked: it cannot answer, and in ZooKeeper mode a broker's config request goes to that broker.
 *
 * @param brokers    the live brokers whose rate is set
 * @param topicLists per topic, the throttled-replica lists
 * @param active     false when there is nothing to throttle (rate 0, no moves)
 */
public record MoveThrottle(Set<Integer> brokers, Map<String, Map<String, String>> topicLists, boolean active) {

    /** One partition in flight or planned: its current replicas (leader side) and those being added. */
    public record Part(String topic, int partition, List<Integer> current, List<Integer> adding) {
    }

    static MoveThrottle of(List<EvacuationPlan.Move> moves, Set<Integer> live, long rate) {
        return ofParts(moves.stream().map(m -> new Part(m.topic(), m.partition(), m.current(), m.adding())).toList(),
                live, rate);
    }

    static MoveThrottle ofParts(Collection<Part> parts, Set<Integer> live, long rate) {
        if (rate <= 0 || parts.isEmpty()) {
            return new MoveThrottle(Set.of(), Map.of(), false);
        }
        Set<Integer> brokers = new TreeSet<>();
        Map<String, List<String>> leaders = new TreeMap<>();
        Map<String, List<String>> followers = new TreeMap<>();
        for (Part m : parts) {
            for (int r : m.current()) {
                if (live.contains(r)) {
                    brokers.add(r);
                }
                leaders.computeIfAbsent(m.topic(), k -> new ArrayList<>()).add(m.partition() + ":" + r);
            }
            for (int a : m.adding()) {
                if (live.contains(a)) {
                    brokers.add(a);
                }
                followers.computeIfAbsent(m.topic(), k -> new ArrayList<>()).add(m.partition() + ":" + a);
            }
        }
        Map<String, Map<String, String>> lists = new TreeMap<>();
        leaders.forEach((t, l) -> lists.computeIfAbsent(t, k -> new TreeMap<>())
                .put(ReplicaMoves.LEADER_REPLICAS, String.join(",", l)));
        followers.forEach((t, l) -> lists.computeIfAbsent(t, k -> new TreeMap<>())
                .put(ReplicaMoves.FOLLOWER_REPLICAS, String.join(",", l)));
        return new MoveThrottle(brokers, lists, true);
    }

    /**
     * Sets it; returns the throttle as far as it was set (a broker or topic that refused is left out, so that it is
     * never reported as left behind), each refusal said through {@code warn}.
     */
    MoveThrottle set(ReplicaMoves moves, long rate, java.util.function.Consumer<String> warn) {
        if (!active) {
            return this;
        }
        Set<Integer> setOn = new TreeSet<>();
        moves.setBrokerRate(brokers, rate).forEach((b, why) -> {
            why.ifPresent(w -> warn.accept("warning: throttle not set on broker " + b + ": " + w));
            if (why.isEmpty()) {
                setOn.add(b);
            }
        });
        Map<String, Map<String, String>> listsSet = new TreeMap<>();
        moves.setTopicThrottle(topicLists).forEach((t, why) -> {
            why.ifPresent(w -> warn.accept("warning: throttled replicas not set on topic " + t + ": " + w));
            if (why.isEmpty()) {
                listsSet.put(t, topicLists.get(t));
            }
        });
        return new MoveThrottle(setOn, listsSet, !setOn.isEmpty() || !listsSet.isEmpty());
    }

    /** Removes what was set; the sentences of what is left behind (empty when all went). */
    List<String> remove(ReplicaMoves moves) {
        List<String> left = new ArrayList<>();
        try {
            if (!brokers.isEmpty()) {
                moves.removeBrokerRate(brokers).forEach((b, why) -> why.ifPresent(w ->
                        left.add("throttle left on broker " + b + ": " + w)));
            }
            if (!topicLists.isEmpty()) {
                moves.removeTopicThrottle(topicLists.keySet()).forEach((t, why) -> why.ifPresent(w ->
                        left.add("throttled replicas left on topic " + t + ": " + w)));
            }
        } catch (RuntimeException e) {
            left.add("throttle not removed (" + e.getMessage() + "): `reassign cancel --all` clears it");
        }
        return left;
    }

    /** "throttle removed from brokers 4,5 and topics a, b". */
    String removedLine() {
        return "throttle removed from " + (brokers.isEmpty() ? "" : "broker" + (brokers.size() == 1 ? " " : "s ")
                + EvacuateWorkflow.join(brokers)) + (brokers.isEmpty() || topicLists.isEmpty() ? "" : " and ")
                + (topicLists.isEmpty() ? "" : "topic" + (topicLists.size() == 1 ? " " : "s ")
                + String.join(", ", topicLists.keySet()));
    }
}
