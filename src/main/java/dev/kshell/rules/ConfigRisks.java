package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.kshell.model.PartitionState;

/**
 * Triage step 6 (and the core of {@code audit}): configuration that turns the next failure into data loss or an
 * outage. Per topic, internal topics first:
 * <ul>
 *   <li>{@code unclean-enabled} (WARNING): effective unclean.leader.election.enable is true; set on the topic it is
 *       reported per topic, inherited from a broker-level source it is reported once per source;</li>
 *   <li>{@code min-isr-above-rf} (ERROR): min.insync.replicas &gt; RF, every acks=all write fails;</li>
 *   <li>{@code min-isr-equals-rf} (WARNING): min.insync.replicas == RF &gt; 1, losing any replica blocks acks=all;</li>
 *   <li>{@code rf1} (INFO): RF 1 with min.isr 1, no redundancy (reported once, listing the topics);</li>
 *   <li>{@code internal-rf-low} (WARNING): an internal topic with RF &lt; min(3, registered brokers), whatever its
 *       min.isr (Kafka's default is 3: one dead broker still leaves it redundant), or RF &lt; min.isr + 1; the same
 *       rule as lint's {@code internal-topic-rf-low} on server.properties;</li>
 *   <li>{@code config-unknown} (INFO): topics whose configs were not loaded; their risks are unknown.</li>
 * </ul>
 */
public final class ConfigRisks {

    public static final String TOPIC_SOURCE = "DYNAMIC_TOPIC_CONFIG";
    private static final int LIST_LIMIT = 10;

    private ConfigRisks() {
    }

    public static List<Finding> check(ClusterSnapshot s) {
        return check(s, null);
    }

    /**
     * As {@link #check(ClusterSnapshot)}, with {@code --bootstrap-server bootstrap} written into every
     * kafka-configs.sh fix so that it can be pasted as it is (null: left out).
     */
    public static List<Finding> check(ClusterSnapshot s, String bootstrap) {
        String configs = configsCommand(bootstrap);
        List<Finding> out = new ArrayList<>();
        Map<String, List<String>> uncleanInherited = new LinkedHashMap<>();
        List<String> rf1 = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        // A cluster with fewer than 3 brokers cannot hold 3 replicas: ask for as many as it has (unknown: 3).
        int wanted = s.brokers().isEmpty() ? 3 : Math.min(3, s.brokers().size());
        List<TopicState> topics = new ArrayList<>(s.topics());
        topics.sort(PartitionHealth.TOPIC_ORDER);
        for (TopicState t : topics) {
            TopicConfig c = t.config();
            int rf = t.replicationFactor();
            if (c == null) {
                unknown.add(t.name());
                if (t.internal() && rf > 0 && rf < wanted) {
                    out.add(internalRf(t, rf, null, wanted, s, bootstrap));
                }
                continue;
            }
            if (c.uncleanLeaderElection()) {
                if (TOPIC_SOURCE.equals(c.uncleanLeaderElectionSource())) {
                    out.add(new Finding(Severity.WARNING, "unclean-enabled", "topic " + t.name(),
                            "unclean.leader.election.enable=true on topic " + t.name() + ": the controller elects "
                                    + "out-of-sync replicas by itself and acknowledged writes can be lost",
                            configs + " --alter --entity-type topics --entity-name " + t.name()
                                    + " --add-config unclean.leader.election.enable=false"));
                } else {
                    uncleanInherited.computeIfAbsent(String.valueOf(c.uncleanLeaderElectionSource()),
                            k -> new ArrayList<>()).add(t.name());
                }
            }
            if (rf == 0) {
                continue;
            }
            int minIsr = c.minIsr();
            if (minIsr > rf) {
                out.add(new Finding(Severity.ERROR, "min-isr-above-rf", "topic " + t.name(),
                        "min.insync.replicas " + minIsr + " (" + c.minIsrSource() + ") > replication factor " + rf
                                + ": every acks=all write fails",
                        raiseRfFirst(t, minIsr, s, bootstrap, configs, Math.max(1, rf - 1))));
            } else if (minIsr == rf && rf > 1) {
                out.add(new Finding(Severity.WARNING, "min-isr-equals-rf", "topic " + t.name(),
                        "min.insync.replicas " + minIsr + " (" + c.minIsrSource() + ") = replication factor " + rf
                                + ": losing any one replica blocks acks=all writes",
                        lowerMinIsrFirst(t, s, bootstrap, configs)));
            } else if (rf == 1 && !t.internal()) {
                rf1.add(t.name());
            }
            if (t.internal() && (rf < wanted || rf < minIsr + 1)) {
                out.add(internalRf(t, rf, minIsr, wanted, s, bootstrap));
            }
        }
        uncleanInherited.forEach((source, names) -> out.add(new Finding(Severity.WARNING, "unclean-enabled",
                "source " + source,
                "unclean.leader.election.enable=true from " + source + ", inherited by " + names.size() + " topic"
                        + (names.size() == 1 ? "" : "s") + " (" + list(names) + "): the controller elects "
                        + "out-of-sync replicas by itself and acknowledged writes can be lost",
                uncleanFix(configs, source))));
        if (!rf1.isEmpty()) {
            out.add(new Finding(Severity.INFO, "rf1", "topics",
                    rf1.size() + " topic" + (rf1.size() == 1 ? "" : "s") + " with replication factor 1 ("
                            + list(rf1) + "): no redundancy, losing one broker makes partitions unavailable",
                    null));
        }
        if (!unknown.isEmpty()) {
            out.add(new Finding(Severity.INFO, "config-unknown", "topics",
                    (s.configsError() != null ? "configs not readable (" + s.configsError() + ")" : "configs not loaded")
                            + " for " + unknown.size() + " topic" + (unknown.size() == 1 ? "" : "s") + " ("
                            + list(unknown) + "): min.insync.replicas and unclean election risks unknown",
                    null));
        }
        return out;
    }

    private static Finding internalRf(TopicState t, int rf, Integer minIsr, int wanted, ClusterSnapshot s,
                                      String bootstrap) {
        String why = rf < wanted
                ? "replication factor " + rf + " < " + wanted + (wanted < 3 ? " (the brokers registered)" : "")
                : "replication factor " + rf + " < min.isr + 1 (" + (minIsr + 1) + ")";
        int target = minIsr == null ? wanted : Math.max(wanted, minIsr + 1);
        String fix = raiseRf(t, target, s, bootstrap);
        if (minIsr != null && minIsr >= rf) {
            fix += "; trade-off, not a fix: " + configsCommand(bootstrap) + " --alter --entity-type topics "
                    + "--entity-name " + t.name() + " --add-config min.insync.replicas=" + Math.max(1, rf - 1)
                    + " keeps commits going with one replica down but acknowledges them on fewer copies";
        }
        return new Finding(Severity.WARNING, "internal-rf-low", "topic " + t.name(),
                "internal topic " + t.name() + " has " + why + ": one broker loss can stop every group or "
                        + "transaction coordinated there", fix);
    }

    /** The safe fix first (more replicas), then lowering min.isr, labelled as the durability trade-off it is. */
    private static String raiseRfFirst(TopicState t, int targetRf, ClusterSnapshot s, String bootstrap,
                                       String configs, int lowerMinIsr) {
        return raiseRf(t, targetRf, s, bootstrap) + "; trade-off, not a fix: "
                + configs + " --alter --entity-type topics --entity-name " + t.name()
                + " --add-config min.insync.replicas=" + lowerMinIsr + " keeps acks=all writes going with one replica "
                + "down but acknowledges them on fewer copies";
    }

    /**
     * min.isr = RF: an operator's usual fix is min.isr RF-1 (RF 3 with min.isr 2 is Kafka's common setting), so that
     * leads, with its trade-off said, when it still acknowledges on at least 2 copies or when the cluster has too
     * few brokers for one more replica; then raising RF, which keeps durability but copies data. RF 2 with min.isr 2
     * on 3 or more brokers keeps raising RF first: min.isr 1 would acknowledge on one copy.
     */
    private static String lowerMinIsrFirst(TopicState t, ClusterSnapshot s, String bootstrap, String configs) {
        int rf = t.replicationFactor();
        int lower = rf - 1;
        if (lower < 2 && s.brokers().size() > rf) {
            return raiseRfFirst(t, rf + 1, s, bootstrap, configs, lower);
        }
        return "lower min.insync.replicas to " + lower + ": " + configs + " --alter --entity-type topics --entity-name "
                + t.name() + " --add-config min.insync.replicas=" + lower + " (trade-off: acks=all writes keep going "
                + "with one replica down, but are then acknowledged on " + copies(lower) + ", not " + rf
                + "); or keep " + rf + " and " + raiseRf(t, rf + 1, s, bootstrap);
    }

    private static String copies(int n) {
        return n == 1 ? "1 copy" : n + " copies";
    }

    /**
     * "raise the replication factor to N by reassignment ..." with the exact kafka-reassign-partitions.sh plan:
     * each partition keeps its replicas (leader first, so nothing moves leadership) and gains the registered
     * brokers it lacks, least loaded first. When fewer brokers exist than the target, says so instead.
     */
    static String raiseRf(TopicState t, int targetRf, ClusterSnapshot s, String bootstrap) {
        List<Integer> brokers = new ArrayList<>();
        s.brokers().forEach(b -> brokers.add(b.id()));
        brokers.sort(null);
        if (brokers.size() < targetRf) {
            return "raise the replication factor of " + t.name() + " to " + targetRf + " by reassignment once "
                    + targetRf + " brokers are registered (" + brokers.size() + " now)";
        }
        Map<Integer, int[]> load = new LinkedHashMap<>();
        brokers.forEach(b -> load.put(b, new int[1]));
        for (PartitionState p : t.partitions()) {
            for (Integer r : p.replicas()) {
                int[] n = load.get(r);
                if (n != null) {
                    n[0]++;
                }
            }
        }
        StringBuilder json = new StringBuilder("{\"version\":1,\"partitions\":[");
        boolean first = true;
        for (PartitionState p : t.partitions()) {
            List<Integer> replicas = new ArrayList<>(p.replicas());
            while (replicas.size() < targetRf) {
                Integer pick = null;
                for (Integer b : brokers) { // a handful of brokers: linear in partitions overall
                    if (!replicas.contains(b) && (pick == null || load.get(b)[0] < load.get(pick)[0])) {
                        pick = b;
                    }
                }
                if (pick == null) {
                    break;
                }
                replicas.add(pick);
                load.get(pick)[0]++;
            }
            if (!first) {
                json.append(',');
            }
            first = false;
            json.append("{\"topic\":\"").append(t.name()).append("\",\"partition\":").append(p.partition())
                    .append(",\"replicas\":").append(replicas.toString().replace(" ", "")).append('}');
        }
        json.append("]}");
        String tool = "kafka-reassign-partitions.sh" + (bootstrap == null ? "" : " --bootstrap-server " + bootstrap);
        return "raise the replication factor of " + t.name() + " to " + targetRf + " by reassignment (copies data, "
                + "keeps durability): save " + json + " as raise-rf.json, then " + tool
                + " --reassignment-json-file raise-rf.json --execute";
    }

    /** {@code kafka-configs.sh}, with {@code --bootstrap-server} when known. */
    public static String configsCommand(String bootstrap) {
        return bootstrap == null ? "kafka-configs.sh" : "kafka-configs.sh --bootstrap-server " + bootstrap;
    }

    private static String uncleanFix(String configs, String source) {
        return switch (source) {
            case "DYNAMIC_DEFAULT_BROKER_CONFIG" -> configs + " --alter --entity-type brokers --entity-default "
                    + "--delete-config unclean.leader.election.enable";
            case "DYNAMIC_BROKER_CONFIG" -> configs + " --alter --entity-type brokers --entity-name <id> "
                    + "--delete-config unclean.leader.election.enable (for each broker that sets it)";
            case "STATIC_BROKER_CONFIG" -> "set unclean.leader.election.enable=false in server.properties "
                    + "(brokers and controllers) and restart them one at a time";
            default -> "set unclean.leader.election.enable=false where it is set (" + source + ")";
        };
    }

    static String list(List<String> names) {
        if (names.size() <= LIST_LIMIT) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, LIST_LIMIT)) + ", +" + (names.size() - LIST_LIMIT) + " more";
    }
}
