package dev.kshell.rules;

import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.kshell.rules.ConfigRiskRules.AUTO_REBALANCE;
import static dev.kshell.rules.ConfigRiskRules.DEFAULT_RF;
import static dev.kshell.rules.ConfigRiskRules.MIN_ISR;
import static dev.kshell.rules.ConfigRiskRules.OFFSETS_RF;
import static dev.kshell.rules.ConfigRiskRules.TXN_MIN_ISR;
import static dev.kshell.rules.ConfigRiskRules.TXN_RF;
import static dev.kshell.rules.ConfigRiskRules.UNCLEAN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import dev.kshell.model.ExitCode;

/** The live config audit's rules over snapshot and broker-config fixtures. */
@Timeout(10)
class ConfigRiskRulesTest {

    private static final String BS = "b4:9092";

    /** Broker configs as a 3-broker production cluster sets them: nothing to report. */
    private static Map<String, ConfigValue> good() {
        Map<String, ConfigValue> m = new LinkedHashMap<>();
        m.put(UNCLEAN, new ConfigValue("false", "DEFAULT_CONFIG", false));
        m.put(MIN_ISR, new ConfigValue("2", "STATIC_BROKER_CONFIG", false));
        m.put(DEFAULT_RF, new ConfigValue("3", "STATIC_BROKER_CONFIG", true));
        m.put(OFFSETS_RF, new ConfigValue("3", "DEFAULT_CONFIG", true));
        m.put(TXN_RF, new ConfigValue("3", "DEFAULT_CONFIG", true));
        m.put(TXN_MIN_ISR, new ConfigValue("2", "DEFAULT_CONFIG", true));
        m.put(AUTO_REBALANCE, new ConfigValue("true", "DEFAULT_CONFIG", true));
        return m;
    }

    private static Map<String, ConfigValue> with(String key, String value, String source, boolean readOnly) {
        Map<String, ConfigValue> m = good();
        m.put(key, new ConfigValue(value, source, readOnly));
        return m;
    }

    private static BrokerConfigs brokers(Map<Integer, Map<String, ConfigValue>> byBroker) {
        return new BrokerConfigs(Map.of(), byBroker, Map.of());
    }

    private static BrokerConfigs allGood() {
        return brokers(Map.of(4, good(), 5, good(), 6, good()));
    }

    /** Brokers 4-6, orders (RF 3, min.isr 2) and both internal topics RF 3 / min.isr 2. */
    private static Snapshots.Builder healthy() {
        return Snapshots.cluster().brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(2, Snapshots.STATIC).spread(3, 3)
                .internalTopic("__transaction_state").minIsr(2, Snapshots.STATIC).spread(3, 3)
                .topic("orders").minIsr(2).spread(3, 3);
    }

    private static List<Finding> audit(ClusterSnapshot s, BrokerConfigs b) {
        return ConfigRiskRules.check(s, b, BS);
    }

    @Test
    void should_find_nothing_on_a_well_configured_cluster() {
        assertThat(audit(healthy().build(), allGood())).isEmpty();
    }

    @Test
    void should_report_unclean_election_on_a_topic_with_its_source_and_the_exact_command() {
        ClusterSnapshot s = healthy().topic("audit-x").unclean(true, Snapshots.TOPIC).spread(3, 3).build();
        assertThat(audit(s, allGood())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.rule()).isEqualTo("unclean-enabled");
            assertThat(f.where()).isEqualTo("topic audit-x");
            assertThat(f.fix()).isEqualTo("kafka-configs.sh --bootstrap-server b4:9092 --alter --entity-type topics "
                    + "--entity-name audit-x --add-config unclean.leader.election.enable=false");
        });
    }

    @Test
    void should_report_unclean_election_on_one_broker_by_id_instead_of_the_inherited_source() {
        ClusterSnapshot s = healthy().topic("inherits").unclean(true, Snapshots.BROKER).spread(3, 3).build();
        BrokerConfigs b = brokers(Map.of(4, good(), 5, with(UNCLEAN, "true", "DYNAMIC_BROKER_CONFIG", false), 6, good()));
        assertThat(audit(s, b)).singleElement().satisfies(f -> {
            assertThat(f.where()).isEqualTo("broker 5");
            assertThat(f.message()).contains("(DYNAMIC_BROKER_CONFIG)").contains("1 topic reports an inherited true (inherits)")
                    .contains("does not read a broker's own value");
            assertThat(f.fix()).isEqualTo("kafka-configs.sh --bootstrap-server b4:9092 --alter --entity-type brokers "
                    + "--entity-name 5 --delete-config unclean.leader.election.enable");
        });
    }

    @Test
    void should_report_an_unclean_cluster_default_once_not_per_broker() {
        ConfigValue dynamicDefault = new ConfigValue("true", "DYNAMIC_DEFAULT_BROKER_CONFIG", false);
        Map<String, ConfigValue> inherited = with(UNCLEAN, "true", "DYNAMIC_DEFAULT_BROKER_CONFIG", false);
        BrokerConfigs b = new BrokerConfigs(Map.of(UNCLEAN, dynamicDefault),
                Map.of(4, inherited, 5, inherited, 6, inherited), Map.of());
        assertThat(audit(healthy().build(), b)).extracting(Finding::where, Finding::fix).containsExactly(
                tuple("cluster default", "kafka-configs.sh --bootstrap-server b4:9092 --alter --entity-type brokers "
                        + "--entity-default --delete-config unclean.leader.election.enable"));
    }

    @Test
    void should_group_brokers_with_unclean_in_server_properties_and_offer_a_dynamic_override() {
        Map<String, ConfigValue> staticTrue = with(UNCLEAN, "true", "STATIC_BROKER_CONFIG", false);
        BrokerConfigs b = brokers(Map.of(4, staticTrue, 5, staticTrue, 6, staticTrue));
        assertThat(audit(healthy().build(), b)).singleElement().satisfies(f -> {
            assertThat(f.where()).isEqualTo("brokers 4,5,6");
            assertThat(f.message()).contains("server.properties").contains("STATIC_BROKER_CONFIG");
            assertThat(f.fix()).startsWith("kafka-configs.sh --bootstrap-server b4:9092 --alter --entity-type brokers "
                    + "--entity-default --add-config unclean.leader.election.enable=false");
        });
    }

    @Test
    void should_keep_the_inherited_unclean_finding_when_no_broker_configs_could_be_read() {
        ClusterSnapshot s = healthy().topic("inherits").unclean(true, Snapshots.CLUSTER_DEFAULT).spread(3, 3).build();
        assertThat(audit(s, BrokerConfigs.empty())).extracting(Finding::rule, Finding::where)
                .containsExactly(tuple("unclean-enabled", "source DYNAMIC_DEFAULT_BROKER_CONFIG"));
    }

    @Test
    void should_report_topics_whose_min_isr_reaches_the_replication_factor_and_rf1_topics() {
        ClusterSnapshot s = healthy()
                .topic("audit-equal").minIsr(3).spread(3, 3)
                .topic("audit-above").minIsr(4).spread(1, 3)
                .topic("audit-rf1").spread(2, 1)
                .build();
        assertThat(audit(s, allGood())).extracting(Finding::severity, Finding::rule, Finding::where).containsExactly(
                tuple(Severity.ERROR, "min-isr-above-rf", "topic audit-above"),
                tuple(Severity.WARNING, "min-isr-equals-rf", "topic audit-equal"),
                tuple(Severity.INFO, "rf1", "topics"));
        // RF 3 / min.isr 3 on 3 brokers: the operator's usual fix (min.isr 2) leads with its trade-off, then raising RF
        assertThat(audit(s, allGood()).get(1).fix()).isEqualTo("lower min.insync.replicas to 2: kafka-configs.sh "
                + "--bootstrap-server b4:9092 --alter --entity-type topics --entity-name audit-equal --add-config "
                + "min.insync.replicas=2 (trade-off: acks=all writes keep going with one replica down, but are then "
                + "acknowledged on 2 copies, not 3); or keep 3 and raise the replication factor of audit-equal to 4 "
                + "by reassignment once 4 brokers are registered (3 now)");
    }

    @Test
    void should_report_internal_topics_below_rf3_or_min_isr_plus_one() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(1, Snapshots.CLUSTER_DEFAULT).spread(3, 2)
                .internalTopic("__transaction_state").minIsr(3, Snapshots.STATIC).spread(3, 3)
                .build();
        assertThat(audit(s, allGood())).extracting(Finding::rule, Finding::where).contains(
                tuple("internal-rf-low", "topic __consumer_offsets"),
                tuple("internal-rf-low", "topic __transaction_state"));
    }

    @Test
    void should_want_internal_replicas_up_to_min_of_three_and_the_brokers_whatever_min_isr() {
        // The seed: __consumer_offsets with RF 2 and min.isr 1 on three brokers stays writable after one death, but
        // is no longer redundant: the same rule as lint's internal-topic-rf-low, in audit and triage step 6.
        ClusterSnapshot three = Snapshots.cluster().brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(1, Snapshots.CLUSTER_DEFAULT).spread(3, 2)
                .build();
        assertThat(ConfigRisks.check(three)).filteredOn(f -> f.rule().equals("internal-rf-low")).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).contains("replication factor 2 < 3");
                    assertThat(f.fix()).startsWith("raise the replication factor of __consumer_offsets to 3 by reassignment");
                });
        // Two brokers hold at most two replicas: RF 2 is all they can give.
        ClusterSnapshot two = Snapshots.cluster().brokers(4, 5)
                .internalTopic("__consumer_offsets").minIsr(1, Snapshots.CLUSTER_DEFAULT).spread(3, 2)
                .build();
        assertThat(ConfigRisks.check(two)).extracting(Finding::rule).doesNotContain("internal-rf-low");
        ClusterSnapshot twoRf1 = Snapshots.cluster().brokers(4, 5)
                .internalTopic("__transaction_state").minIsr(1, Snapshots.CLUSTER_DEFAULT).spread(3, 1)
                .build();
        assertThat(ConfigRisks.check(twoRf1)).filteredOn(f -> f.rule().equals("internal-rf-low")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("replication factor 1 < 2 (the brokers registered)"));
    }

    @Test
    void should_flag_the_seed_broker_defaults_against_three_live_brokers() {
        Map<String, ConfigValue> seed = good();
        seed.put(OFFSETS_RF, new ConfigValue("2", "STATIC_BROKER_CONFIG", true));
        seed.put(TXN_RF, new ConfigValue("2", "STATIC_BROKER_CONFIG", true));
        seed.put(TXN_MIN_ISR, new ConfigValue("2", "STATIC_BROKER_CONFIG", true));
        seed.put(DEFAULT_RF, new ConfigValue("2", "STATIC_BROKER_CONFIG", true));
        seed.put(MIN_ISR, new ConfigValue("2", "STATIC_BROKER_CONFIG", false));
        List<Finding> findings = audit(healthy().build(), brokers(Map.of(4, seed, 5, seed, 6, seed)));
        assertThat(findings).extracting(Finding::severity, Finding::rule, Finding::where).containsExactlyInAnyOrder(
                tuple(Severity.WARNING, "internal-default-not-fault-tolerant", "brokers 4,5,6"),
                tuple(Severity.WARNING, "internal-default-not-fault-tolerant", "brokers 4,5,6"),
                tuple(Severity.WARNING, "default-topic-not-fault-tolerant", "brokers 4,5,6"));
        assertThat(findings).extracting(Finding::fix).contains(
                "set offsets.topic.replication.factor=3 in the server.properties of brokers 4,5,6 and restart them "
                        + "one at a time; the existing __consumer_offsets keeps its replication factor (see its own finding)",
                "set default.replication.factor=3 in the server.properties of brokers 4,5,6 and restart them one at a time");
        assertThat(findings).extracting(Finding::message).anyMatch(m -> m.startsWith(
                "__transaction_state: transaction.state.log.replication.factor=2 (STATIC_BROKER_CONFIG), "
                        + "transaction.state.log.min.isr=2 (STATIC_BROKER_CONFIG): with 2 replicas and min ISR 2"));
    }

    @Test
    void should_judge_broker_defaults_against_the_live_broker_count() {
        // Two live brokers (6 fenced), no internal topics yet, min.isr 3 as the default.
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5).fenced(6).topic("orders").minIsr(2).spread(3, 2).build();
        Map<String, ConfigValue> m = with(MIN_ISR, "3", "DYNAMIC_DEFAULT_BROKER_CONFIG", false);
        List<Finding> findings = audit(s, brokers(Map.of(4, m, 5, m)));
        assertThat(findings).extracting(Finding::severity, Finding::rule).contains(
                tuple(Severity.ERROR, "min-isr-default-above-brokers"),
                tuple(Severity.ERROR, "internal-default-rf-exceeds-brokers"),
                tuple(Severity.WARNING, "default-topic-rf-exceeds-brokers"));
        assertThat(findings).filteredOn(f -> f.rule().equals("min-isr-default-above-brokers")).singleElement()
                .extracting(Finding::fix).isEqualTo("kafka-configs.sh --bootstrap-server b4:9092 --alter "
                        + "--entity-type brokers --entity-default --add-config min.insync.replicas=1");
    }

    @Test
    void should_report_brokers_that_disagree_separately() {
        BrokerConfigs b = brokers(Map.of(4, good(), 5, good(),
                6, with(AUTO_REBALANCE, "false", "STATIC_BROKER_CONFIG", true)));
        assertThat(audit(healthy().build(), b)).extracting(Finding::severity, Finding::rule, Finding::where)
                .containsExactly(tuple(Severity.INFO, "auto-leader-rebalance-off", "broker 6"));
    }

    @Test
    void should_rate_a_stock_cluster_default_rf1_as_info_only() {
        // Kafka's own defaults, with the cluster-level min.isr=1 a fresh 4.4 cluster carries (docs/kafka-behaviour.md).
        Map<String, ConfigValue> stock = with(DEFAULT_RF, "1", "DEFAULT_CONFIG", true);
        stock.put(MIN_ISR, new ConfigValue("1", "DYNAMIC_DEFAULT_BROKER_CONFIG", false));
        List<Finding> findings = audit(healthy().build(), brokers(Map.of(4, stock, 5, stock, 6, stock)));
        assertThat(findings).extracting(Finding::severity, Finding::rule)
                .containsExactly(tuple(Severity.INFO, "default-topic-not-fault-tolerant"));
    }

    @Test
    void should_note_brokers_whose_configs_could_not_be_read() {
        BrokerConfigs b = new BrokerConfigs(Map.of(), Map.of(4, good(), 5, good()), Map.of(6, "no answer within 5s"));
        assertThat(audit(healthy().build(), b)).extracting(Finding::severity, Finding::rule, Finding::where)
                .containsExactly(tuple(Severity.INFO, "broker-config-unread", "broker 6"));
    }

    @Test
    void should_exit_4_only_when_no_cluster_was_audited_and_1_for_warnings_among_the_others() {
        ClusterConfigRisks down = ClusterConfigRisks.failed("dead", "127.0.0.1:1", "no answer");
        ClusterConfigRisks clean = new ClusterConfigRisks("ok", "b:9092", "id", 3, List.of(), null);
        ClusterConfigRisks warned = new ClusterConfigRisks("w", "b:9092", "id", 3,
                List.of(new Finding(Severity.WARNING, "r", "w", "m", null)), null);
        assertThat(new ConfigRiskReport(List.of(down)).exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(new ConfigRiskReport(List.of(down, clean)).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new ConfigRiskReport(List.of(down, warned)).exitCode()).isEqualTo(ExitCode.FINDINGS);
    }
}
