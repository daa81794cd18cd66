package dev.kshell.rules.reassign;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replication throttles left behind: a throttle rate on a broker or a throttled-replica list on a topic while no
 * reassignment is in flight. Kafka's tool and kshell remove them when the moves finish, but a move watched by nobody,
 * an interrupted tool or a hand-set config leaves them, and they then cap how fast a replica that falls behind can
 * catch up. Shared by {@code reassignments} and the config-risk check ({@code audit}). Pure.
 */
public final class LeftoverThrottles {

    /** The rule id of the finding. */
    public static final String RULE = "leftover-replication-throttle";

    private LeftoverThrottles() {
    }

    /**
     * @param anyInFlight  whether a reassignment is in flight
     * @param brokerRates  per broker, the throttle rates set (config name -> value); empty maps count as none
     * @param topicLists   per topic, the throttled-replica lists set; empty maps count as none
     * @return true when a throttle is set and nothing is moving
     */
    public static boolean leftover(boolean anyInFlight, Map<Integer, Map<String, String>> brokerRates,
                                   Map<String, Map<String, String>> topicLists) {
        return !anyInFlight && (anySet(brokerRates) || anySet(topicLists));
    }

    /** The config-risk finding for throttles left behind, or empty when there are none (or something is moving). */
    public static Optional<Finding> finding(boolean anyInFlight, Map<Integer, Map<String, String>> brokerRates,
                                            Map<String, Map<String, String>> topicLists) {
        if (!leftover(anyInFlight, brokerRates, topicLists)) {
            return Optional.empty();
        }
        List<String> brokers = new ArrayList<>();
        brokerRates.forEach((b, r) -> {
            if (!r.isEmpty()) {
                brokers.add(String.valueOf(b));
            }
        });
        List<String> topics = new ArrayList<>();
        topicLists.forEach((t, l) -> {
            if (!l.isEmpty()) {
                topics.add(t);
            }
        });
        List<String> where = new ArrayList<>();
        if (!brokers.isEmpty()) {
            where.add((brokers.size() == 1 ? "broker " : "brokers ") + String.join(",", brokers));
        }
        if (!topics.isEmpty()) {
            where.add((topics.size() == 1 ? "topic " : "topics ") + shortList(topics));
        }
        return Optional.of(new Finding(Severity.WARNING, RULE, String.join(", ", where),
                "replication throttles are set with no reassignment in flight: left behind, they cap how fast a replica"
                        + " that falls behind catches up (see them with `reassignments`)",
                "reassign cancel --all"));
    }

    private static boolean anySet(Map<?, Map<String, String>> byKey) {
        return byKey.values().stream().anyMatch(m -> !m.isEmpty());
    }

    private static String shortList(List<String> names) {
        if (names.size() <= 5) {
            return String.join(",", names);
        }
        return String.join(",", names.subList(0, 5)) + " and " + (names.size() - 5) + " more";
    }
}
