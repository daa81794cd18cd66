package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The config changes read from the audit's fixes, their kshell and kafka-configs.sh forms. */
@Timeout(10)
class ConfigFixesTest {

    private static final String TOOL = "kafka-configs.sh --bootstrap-server h:9092";

    @Test
    void should_read_every_entity_and_operation_from_the_audits_fix_text() {
        Finding topic = new Finding(Severity.WARNING, "min-isr-equals-rf", "topic orders", "m", "lower "
                + "min.insync.replicas to 2: " + TOOL + " --alter --entity-type topics --entity-name orders "
                + "--add-config min.insync.replicas=2 (trade-off: acks=all ...); or keep 3 and raise");
        Finding broker = new Finding(Severity.WARNING, "unclean-enabled", "broker 5", "m", TOOL
                + " --alter --entity-type brokers --entity-name 5 --delete-config unclean.leader.election.enable");
        Finding defaults = new Finding(Severity.ERROR, "x", "brokers 4,5,6", "m", TOOL
                + " --alter --entity-type brokers --entity-default --add-config unclean.leader.election.enable=false "
                + "(takes effect at once); then remove it from server.properties");
        Finding placeholder = new Finding(Severity.WARNING, "unclean-enabled", "source X", "m", "kafka-configs.sh "
                + "--alter --entity-type brokers --entity-name <id> --delete-config unclean.leader.election.enable");
        Finding info = new Finding(Severity.INFO, "auto-leader-rebalance-off", "brokers 4", "m", TOOL
                + " --alter --entity-type brokers --entity-default --add-config auto.leader.rebalance.enable=true");

        Map<ConfigEntity, List<ConfigFixes.Fix>> plan = ConfigFixes.plan(List.of(defaults, topic, broker, placeholder,
                info));

        assertThat(plan.keySet()).containsExactly(ConfigEntity.brokers(), ConfigEntity.topic("orders"),
                ConfigEntity.broker(5));
        assertThat(plan.get(ConfigEntity.topic("orders"))).singleElement().satisfies(f -> {
            assertThat(f.op()).isEqualTo(ConfigOp.set("min.insync.replicas", "2"));
            assertThat(f.tradeOff()).isFalse();
        });
        assertThat(plan.get(ConfigEntity.broker(5)).get(0).op()).isEqualTo(ConfigOp.delete(
                "unclean.leader.election.enable"));
        assertThat(plan.get(ConfigEntity.brokers()).get(0).op()).isEqualTo(ConfigOp.set(
                "unclean.leader.election.enable", "false"));
        assertThat(ConfigFixes.elsewhere(List.of(placeholder, info))).containsExactly(placeholder);
    }

    @Test
    void should_mark_a_change_named_as_a_trade_off() {
        Finding internal = new Finding(Severity.WARNING, "internal-rf-low", "topic __consumer_offsets", "m",
                "raise the replication factor of __consumer_offsets to 3 by reassignment ...; trade-off, not a fix: "
                        + "kafka-configs.sh --alter --entity-type topics --entity-name __consumer_offsets --add-config "
                        + "min.insync.replicas=1 keeps commits going");

        assertThat(ConfigFixes.of(internal)).singleElement().satisfies(f -> {
            assertThat(f.tradeOff()).isTrue();
            assertThat(f.op()).isEqualTo(ConfigOp.set("min.insync.replicas", "1"));
        });
    }

    @Test
    void should_name_kshells_command_in_place_of_kafkas_tool() {
        String fix = "lower min.insync.replicas to 2: kafka-configs.sh --alter --entity-type topics --entity-name "
                + "orders --add-config min.insync.replicas=2 (trade-off: acks=all writes keep going)";

        assertThat(ConfigFixes.asKshell(fix)).isEqualTo("lower min.insync.replicas to 2: `configs set topic orders "
                + "min.insync.replicas=2` (trade-off: acks=all writes keep going)");
        assertThat(ConfigFixes.asKshell("kafka-configs.sh --alter --entity-type brokers --entity-default "
                + "--delete-config unclean.leader.election.enable")).isEqualTo("`configs delete brokers "
                + "unclean.leader.election.enable`");
    }

    @Test
    void should_write_kafkas_line_with_brackets_for_a_list_value() {
        assertThat(ConfigFixes.kafkaLine("h:9092", ConfigEntity.topic("orders"),
                ConfigOp.set("leader.replication.throttled.replicas", "0:4,1:5"))).isEqualTo("kafka-configs.sh "
                + "--bootstrap-server h:9092 --alter --entity-type topics --entity-name orders --add-config "
                + "leader.replication.throttled.replicas=[0:4,1:5]");
        assertThat(ConfigFixes.kafkaLine(null, ConfigEntity.brokers(), ConfigOp.delete("min.insync.replicas")))
                .isEqualTo("kafka-configs.sh --alter --entity-type brokers --entity-default --delete-config "
                        + "min.insync.replicas");
    }

    @Test
    void should_parse_settings_and_refuse_a_key_without_a_value_in_one_sentence() {
        assertThat(ConfigArgs.settings(List.of("retention.ms=1", "cleanup.policy=compact,delete")).ops())
                .containsExactly(ConfigOp.set("retention.ms", "1"), ConfigOp.set("cleanup.policy", "compact,delete"));
        assertThat(ConfigArgs.settings(List.of("retention.ms")).error()).isEqualTo("'retention.ms' is not key=value "
                + "(to remove a setting: configs delete ... retention.ms)");
        assertThat(ConfigArgs.settings(List.of("a=1", "a=2")).error()).isEqualTo("a is given twice");
        assertThat(ConfigArgs.deletions(List.of("a=1")).error()).contains("takes keys alone");
    }
}
