package dev.kshell.rules;

import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The live config-risk check (the {@code audit} command): {@link ConfigRisks}' topic rules plus broker-level rules
 * over the brokers' effective configs, judged against the number of live brokers. Pure: a snapshot (with topic
 * configs) and broker configs in, findings out, worst first. Broker rules:
 * <ul>
 *   <li>{@code unclean-enabled} (WARNING): unclean.leader.election.enable true as a cluster default, on a broker
 *       (dynamic) or in brokers' server.properties (static), each with its source;</li>
 *   <li>{@code internal-default-*}: offsets.topic.* / transaction.state.log.* that make a (re-)created internal
 *       topic never writable (ERROR), impossible to create with the live brokers while it does not exist yet
 *       (ERROR), or unwritable after one broker dies (WARNING), or fewer than 3 replicas where 3 brokers are live
 *       (WARNING);</li>
 *   <li>{@code default-topic-*}: default.replication.factor and min.insync.replicas for topics created without
 *       their own settings, same tests (RF 1 with min.isr 1 is INFO, as {@link ConfigRisks} rates RF 1 topics);</li>
 *   <li>{@code min-isr-default-above-brokers} (ERROR): the broker default min.insync.replicas exceeds the live
 *       brokers, so acks=all writes to every topic inheriting it fail;</li>
 *   <li>{@code auto-leader-rebalance-off} (INFO): leaders stay where failover put them;</li>
 *   <li>{@code broker-config-unread} (INFO): a live broker did not answer; its settings were not checked.</li>
 * </ul>
 * Brokers that report the same value from the same source are reported together.
 */
public final class ConfigRiskRules {

    public static final String UNCLEAN = "unclean.leader.election.enable";
    public static final String MIN_ISR = "min.insync.replicas";
    public static final String DEFAULT_RF = "default.replication.factor";
    public static final String OFFSETS_RF = "offsets.topic.replication.factor";
    public static final String TXN_RF = "transaction.state.log.replication.factor";
    public static final String TXN_MIN_ISR = "transaction.state.log.min.isr";
    public static final String AUTO_REBALANCE = "auto.leader.rebalance.enable";

    /** The broker configs the check reads. */
    public static final List<String> BROKER_KEYS = List.of(UNCLEAN, MIN_ISR, DEFAULT_RF, OFFSETS_RF, TXN_RF,
            TXN_MIN_ISR, AUTO_REBALANCE);

    private static final String UNCLEAN_WHY = "the controller elects out-of-sync replicas by itself and "
            + "acknowledged writes can be lost";

    /*
     * The KRaft controller resolves the setting as topic > its own node's dynamic config > cluster default > its
     * own server.properties (ConfigurationControlManager.getTopicConfig); a broker's own value does not steer it.
     * It still misleads (topics described through that broker report it) and it is live on a node that also runs
     * a controller, so it is reported, with what it does and does not do.
     */
    private static final String BROKER_LEVEL_WHY = "the KRaft controller does not read a broker's own value (only "
            + "the topic's, the cluster default and its own), so elections stay clean unless this node also runs a "
            + "controller, but the setting says unclean is wanted and topics described through this broker report "
            + "it as theirs";

    private ConfigRiskRules() {
    }

    /**
     * @param snapshot  the cluster, topics loaded with their configs
     * @param brokers   the live brokers' configs (see {@link #BROKER_KEYS})
     * @param bootstrap written into kafka-configs.sh fixes as {@code --bootstrap-server}; null leaves it out
     */
    public static List<Finding> check(ClusterSnapshot snapshot, BrokerConfigs brokers, String bootstrap) {
        String configs = ConfigRisks.configsCommand(bootstrap);
        boolean brokerView = !brokers.brokers().isEmpty();
        List<Finding> out = new ArrayList<>();
        for (Finding f : ConfigRisks.check(snapshot, bootstrap)) {
            // Inherited unclean settings are reported below at their broker-level source, with the broker id.
            boolean inherited = f.rule().equals("unclean-enabled") && f.where().startsWith("source ");
            if (!(inherited && brokerView)) {
                out.add(f);
            }
        }
        List<String> inheriting = snapshot.topics().stream()
                .filter(t -> t.config() != null && t.config().uncleanLeaderElection()
                        && !ConfigRisks.TOPIC_SOURCE.equals(t.config().uncleanLeaderElectionSource()))
                .map(TopicState::name).sorted().toList();
        unclean(brokers, inheriting, configs, out);

        int live = snapshot.liveBrokerIds().size();
        Set<String> topicNames = snapshot.topics().stream().map(TopicState::name).collect(Collectors.toSet());
        for (Group g : pairs(brokers, OFFSETS_RF, 3, MIN_ISR, 1)) {
            replication(g, "__consumer_offsets", "internal-default", "consumer groups cannot commit offsets",
                    topicNames.contains("__consumer_offsets"), live, configs, out);
        }
        for (Group g : pairs(brokers, TXN_RF, 3, TXN_MIN_ISR, 2)) {
            replication(g, "__transaction_state", "internal-default", "transactional producers fail",
                    topicNames.contains("__transaction_state"), live, configs, out);
        }
        for (Group g : pairs(brokers, DEFAULT_RF, 1, MIN_ISR, 1)) {
            replication(g, "a topic created without its own replication factor", "default-topic",
                    "producers with acks=all fail", false, live, configs, out);
        }
        for (Map.Entry<Key, List<Integer>> e : groups(brokers, MIN_ISR).entrySet()) {
            Integer minIsr = e.getKey().value().asInt();
            if (minIsr != null && live > 0 && minIsr > live) {
                out.add(new Finding(Severity.ERROR, "min-isr-default-above-brokers", where(e.getValue()),
                        MIN_ISR + "=" + minIsr + " (" + e.getKey().value().source() + ") but only " + live
                                + " broker" + (live == 1 ? " is" : "s are") + " live: acks=all writes to every "
                                + "topic without its own min.insync.replicas fail",
                        set(configs, e.getKey().value(), MIN_ISR, String.valueOf(Math.max(1, live - 1)), e.getValue())));
            }
        }
        for (Map.Entry<Key, List<Integer>> e : groups(brokers, AUTO_REBALANCE).entrySet()) {
            if (e.getKey().value().value() != null && !e.getKey().value().isTrue()) {
                out.add(new Finding(Severity.INFO, "auto-leader-rebalance-off", where(e.getValue()),
                        AUTO_REBALANCE + "=false (" + e.getKey().value().source() + "): leaders stay where failover "
                                + "put them, so after a restart a few brokers carry all the load",
                        "after restarts run kshell `elect preferred`; or "
                                + set(configs, e.getKey().value(), AUTO_REBALANCE, "true", e.getValue())));
            }
        }
        brokers.errors().forEach((id, error) -> out.add(new Finding(Severity.INFO, "broker-config-unread",
                "broker " + id, "configs of broker " + id + " could not be read (" + error
                + "): its settings were not audited", "run audit again when broker " + id + " answers")));
        out.sort(ORDER);
        return List.copyOf(out);
    }

    /** Worst first, then by where and rule, so the same cluster always reads the same. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity, Comparator.reverseOrder())
            .thenComparing(Finding::where).thenComparing(Finding::rule);

    private static void unclean(BrokerConfigs brokers, List<String> inheriting, String configs, List<Finding> out) {
        String inherit = inheriting.isEmpty() ? "" : "; " + inheriting.size() + " topic"
                + (inheriting.size() == 1 ? " reports" : "s report") + " an inherited true ("
                + ConfigRisks.list(inheriting) + ")";
        ConfigValue clusterDefault = brokers.clusterDefault().get(UNCLEAN);
        if (clusterDefault != null && clusterDefault.isTrue()) {
            out.add(new Finding(Severity.WARNING, "unclean-enabled", "cluster default",
                    UNCLEAN + "=true as the cluster-wide default (" + clusterDefault.source() + "): " + UNCLEAN_WHY
                            + inherit,
                    configs + " --alter --entity-type brokers --entity-default --delete-config " + UNCLEAN));
        }
        List<Integer> statics = new ArrayList<>();
        brokers.brokers().forEach((id, values) -> {
            ConfigValue v = values.get(UNCLEAN);
            if (v == null || !v.isTrue()) {
                return;
            }
            switch (v.source()) {
                case "DYNAMIC_BROKER_CONFIG" -> out.add(new Finding(Severity.WARNING, "unclean-enabled",
                        "broker " + id, UNCLEAN + "=true on broker " + id + " (DYNAMIC_BROKER_CONFIG): "
                        + BROKER_LEVEL_WHY + inherit,
                        configs + " --alter --entity-type brokers --entity-name " + id + " --delete-config " + UNCLEAN));
                case "DYNAMIC_DEFAULT_BROKER_CONFIG" -> {
                    // reported once above, as the cluster default
                }
                default -> statics.add(id);
            }
        });
        if (!statics.isEmpty()) {
            String source = brokers.brokers().get(statics.get(0)).get(UNCLEAN).source();
            // A dynamic cluster default of false overrides server.properties at once, without a restart.
            out.add(new Finding(Severity.WARNING, "unclean-enabled", where(statics),
                    UNCLEAN + "=true in the server.properties of " + where(statics) + " (" + source + "): "
                            + BROKER_LEVEL_WHY + inherit,
                    configs + " --alter --entity-type brokers --entity-default --add-config " + UNCLEAN
                            + "=false (takes effect at once); then remove it from server.properties"));
        }
    }

    /**
     * One replication setting pair (replication factor, min ISR) as a group of brokers reports it. The lint's rule
     * on live data: a topic stays writable with one replica down only when RF - 1 >= min ISR.
     */
    private static void replication(Group g, String topic, String rule, String uses, boolean exists, int live,
                                    String configs, List<Finding> out) {
        Integer rf = g.rf().asInt();
        Integer minIsr = g.minIsr().asInt();
        if (rf == null || minIsr == null || rf < 1) {
            return; // -1 and the like: Kafka's own defaults apply; nothing sure to say
        }
        String where = where(g.brokers());
        String rfText = g.rfKey() + "=" + rf + " (" + g.rf().source() + ")";
        String minIsrText = g.minIsrKey() + "=" + minIsr + " (" + g.minIsr().source() + ")";
        if (minIsr > rf) {
            out.add(new Finding(Severity.ERROR, rule + "-never-writable", where,
                    topic + ": " + minIsrText + " exceeds " + rfText + ", so acks=all writes never succeed and "
                            + uses,
                    set(configs, g.minIsr(), g.minIsrKey(), String.valueOf(Math.max(1, rf - 1)), g.brokers())));
            return;
        }
        if (!exists && live > 0 && rf > live && rule.equals("internal-default")) {
            out.add(new Finding(Severity.ERROR, rule + "-rf-exceeds-brokers", where,
                    topic + " does not exist yet and " + rfText + " needs " + rf + " brokers, but " + live
                            + (live == 1 ? " is" : " are") + " live: it cannot be created, so " + uses,
                    "start more brokers, or " + set(configs, g.rf(), g.rfKey(), String.valueOf(live), g.brokers())));
            return;
        }
        if (live > 0 && rf > live && rule.equals("default-topic")) {
            out.add(new Finding(Severity.WARNING, rule + "-rf-exceeds-brokers", where,
                    rfText + " but only " + live + " broker" + (live == 1 ? " is" : "s are")
                            + " live: creating a topic without its own replication factor fails",
                    set(configs, g.rf(), g.rfKey(), String.valueOf(live), g.brokers())));
            return;
        }
        if (rf - 1 < minIsr) {
            boolean noRedundancyOnly = rule.equals("default-topic") && rf == 1 && minIsr == 1;
            String what = rf == 1
                    ? "with a single replica its partitions go offline when their broker dies, and " + uses
                    : "with " + rf + " replicas and min ISR " + minIsr + ", one dead broker leaves " + (rf - 1)
                    + " in sync and " + uses;
            String fix;
            if (live <= 0 || live >= minIsr + 1) {
                int target = live <= 0 ? Math.max(3, minIsr + 1) : Math.min(live, Math.max(3, minIsr + 1));
                fix = set(configs, g.rf(), g.rfKey(), String.valueOf(target), g.brokers());
            } else if (rf >= 2) {
                fix = set(configs, g.minIsr(), g.minIsrKey(), String.valueOf(rf - 1), g.brokers())
                        + " (only " + live + " brokers: the replication factor cannot grow)";
            } else {
                fix = "add brokers: with " + live + " live broker" + (live == 1 ? "" : "s")
                        + " no setting survives a broker death";
            }
            if (exists) {
                fix += "; the existing " + topic + " keeps its replication factor (see its own finding)";
            }
            out.add(new Finding(noRedundancyOnly ? Severity.INFO : Severity.WARNING, rule + "-not-fault-tolerant",
                    where, topic + ": " + rfText + ", " + minIsrText + ": " + what, fix));
            return;
        }
        // The same rule as lint's internal-topic-rf-low: fewer replicas than min(3, live brokers), whatever min ISR.
        if (rule.equals("internal-default") && live > 0 && rf < Math.min(3, live)) {
            out.add(new Finding(Severity.WARNING, rule + "-rf-low", where,
                    topic + ": " + rfText + " < " + Math.min(3, live) + " with " + live + " live brokers: when it "
                            + "is created, one broker loss leaves it no spare replica and a second means " + uses,
                    set(configs, g.rf(), g.rfKey(), String.valueOf(Math.min(3, live)), g.brokers())));
        }
    }

    /**
     * The command that sets {@code key=value}: kafka-configs.sh at the cluster default when Kafka can change it at
     * run time, else an edit of the brokers' server.properties and a rolling restart.
     */
    private static String set(String configs, ConfigValue current, String key, String value, List<Integer> brokers) {
        if (!current.readOnly()) {
            return configs + " --alter --entity-type brokers --entity-default --add-config " + key + "=" + value;
        }
        return "set " + key + "=" + value + " in the server.properties of " + where(brokers)
                + " and restart them one at a time";
    }

    private static String where(List<Integer> ids) {
        return (ids.size() == 1 ? "broker " : "brokers ")
                + ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** A value with its source, the grouping key for brokers that agree. */
    private record Key(ConfigValue value) {
    }

    private static Map<Key, List<Integer>> groups(BrokerConfigs brokers, String key) {
        Map<Key, List<Integer>> out = new LinkedHashMap<>();
        brokers.brokers().forEach((id, values) -> {
            ConfigValue v = values.get(key);
            if (v != null) {
                out.computeIfAbsent(new Key(v), k -> new ArrayList<>()).add(id);
            }
        });
        return out;
    }

    private record Group(String rfKey, ConfigValue rf, String minIsrKey, ConfigValue minIsr, List<Integer> brokers) {
    }

    /** Brokers grouped by the (replication factor, min ISR) pair they report; a missing key takes Kafka's default. */
    private static List<Group> pairs(BrokerConfigs brokers, String rfKey, int rfDefault, String minIsrKey,
                                     int minIsrDefault) {
        Map<List<ConfigValue>, List<Integer>> byPair = new LinkedHashMap<>();
        brokers.brokers().forEach((id, values) -> {
            ConfigValue rf = values.getOrDefault(rfKey, new ConfigValue(String.valueOf(rfDefault), "DEFAULT_CONFIG", true));
            ConfigValue minIsr = values.getOrDefault(minIsrKey,
                    new ConfigValue(String.valueOf(minIsrDefault), "DEFAULT_CONFIG", true));
            byPair.computeIfAbsent(List.of(rf, minIsr), k -> new ArrayList<>()).add(id);
        });
        List<Group> out = new ArrayList<>();
        byPair.forEach((pair, ids) -> out.add(new Group(rfKey, pair.get(0), minIsrKey, pair.get(1), ids)));
        return out;
    }
}
