package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The planner's before and after, meaning, loss classification, ELR notes and undo, on fixtures. */
@Timeout(10)
class ConfigChangePlannerTest {

    private static final ConfigEntity ORDERS = ConfigEntity.topic("orders");

    static TopicState topic(String name, int rf, int partitions, int minIsr, String source, List<Integer> elr) {
        List<PartitionState> ps = new ArrayList<>();
        List<Integer> replicas = List.of(4, 5, 6).subList(0, rf);
        for (int p = 0; p < partitions; p++) {
            ps.add(new PartitionState(name, p, 4, replicas, replicas, elr, List.of()));
        }
        return new TopicState(name, false, ps, new TopicConfig(minIsr, source, false, "DEFAULT_CONFIG"));
    }

    private static EntityConfigs orders(String minIsr, String minIsrSource) {
        return new EntityConfigs(ORDERS, List.of(
                new EntityConfigs.Entry("min.insync.replicas", minIsr, minIsrSource, false, false, "1",
                        "DYNAMIC_DEFAULT_BROKER_CONFIG"),
                new EntityConfigs.Entry("retention.ms", "604800000", "DEFAULT_CONFIG", false, false),
                new EntityConfigs.Entry("unclean.leader.election.enable", "false", "DEFAULT_CONFIG", false, false)));
    }

    private static final ConfigContext CTX = new ConfigContext(List.of(
            topic("orders", 3, 3, 2, "DYNAMIC_TOPIC_CONFIG", List.of()),
            topic("logs", 1, 1, 1, "DYNAMIC_DEFAULT_BROKER_CONFIG", List.of()),
            topic("payments", 2, 2, 2, "DYNAMIC_DEFAULT_BROKER_CONFIG", List.of())), true);

    @Test
    void should_say_what_lowering_min_isr_to_one_means_and_classify_it_as_loss() {
        ConfigChangePlan plan = ConfigChangePlanner.plan(ORDERS, List.of(ConfigOp.set("min.insync.replicas", "1")),
                orders("2", "DYNAMIC_TOPIC_CONFIG"), null, CTX);

        ConfigChangePlan.Row row = plan.rows().get(0);
        assertThat(row.before()).isEqualTo("2");
        assertThat(row.after()).isEqualTo("1");
        assertThat(row.meaning()).isEqualTo("acks=all writes to 3 partitions (orders, replication factor 3) succeed "
                + "with 1 in-sync replica: one more loss loses acknowledged records");
        assertThat(plan.loses()).isTrue();
        assertThat(plan.phrase()).isEqualTo("topic orders min.insync.replicas=1");
        assertThat(plan.undo()).containsExactly(ConfigOp.set("min.insync.replicas", "2"));
        assertThat(plan.undoCommands()).containsExactly("configs set topic orders min.insync.replicas=2");
        assertThat(plan.notes()).singleElement().asString().contains("clears the ELR of every partition of topic "
                + "orders").contains("none holds an ELR replica now");
    }

    @Test
    void should_not_classify_min_isr_one_on_a_single_replica_topic_as_loss() {
        EntityConfigs logs = new EntityConfigs(ConfigEntity.topic("logs"), List.of(new EntityConfigs.Entry(
                "min.insync.replicas", "2", "DYNAMIC_TOPIC_CONFIG", false, false, "1", "DEFAULT_CONFIG")));

        ConfigChangePlan plan = ConfigChangePlanner.plan(ConfigEntity.topic("logs"),
                List.of(ConfigOp.set("min.insync.replicas", "1")), logs, null, CTX);

        assertThat(plan.loses()).isFalse();
    }

    @Test
    void should_classify_a_deletion_that_falls_back_to_one_as_loss() {
        ConfigChangePlan plan = ConfigChangePlanner.plan(ORDERS, List.of(ConfigOp.delete("min.insync.replicas")),
                orders("2", "DYNAMIC_TOPIC_CONFIG"), null, CTX);

        assertThat(plan.rows().get(0).after()).isEqualTo("1");
        assertThat(plan.rows().get(0).afterSource()).isEqualTo("DYNAMIC_DEFAULT_BROKER_CONFIG");
        assertThat(plan.loses()).isTrue();
        assertThat(plan.undoCommands()).containsExactly("configs set topic orders min.insync.replicas=2");
    }

    @Test
    void should_classify_unclean_on_at_any_level_as_loss_and_off_as_a_plain_change() {
        ConfigChangePlan on = ConfigChangePlanner.plan(ORDERS,
                List.of(ConfigOp.set("unclean.leader.election.enable", "true")), orders("2", "DYNAMIC_TOPIC_CONFIG"),
                null, CTX);
        EntityConfigs broker = new EntityConfigs(ConfigEntity.broker(4), List.of(new EntityConfigs.Entry(
                "unclean.leader.election.enable", "false", "DEFAULT_CONFIG", false, false)));
        ConfigChangePlan atDefault = ConfigChangePlanner.plan(ConfigEntity.brokers(),
                List.of(ConfigOp.set("unclean.leader.election.enable", "TRUE")),
                new EntityConfigs(ConfigEntity.brokers(), List.of()), broker, CTX);
        ConfigChangePlan off = ConfigChangePlanner.plan(ORDERS,
                List.of(ConfigOp.set("unclean.leader.election.enable", "false")), orders("2", "DYNAMIC_TOPIC_CONFIG"),
                null, CTX);

        assertThat(on.loses()).isTrue();
        assertThat(on.notes()).anySatisfy(n -> assertThat(n).contains("leaves the ELR as it is"));
        assertThat(atDefault.loses()).isTrue();
        assertThat(atDefault.losses().get(0)).contains("the cluster-wide broker default (3 topics inherit it)");
        assertThat(atDefault.undo()).containsExactly(ConfigOp.delete("unclean.leader.election.enable"));
        assertThat(off.loses()).isFalse();
    }

    @Test
    void should_classify_min_isr_one_at_the_cluster_default_as_loss_when_a_topic_with_rf_above_one_inherits_it() {
        EntityConfigs broker = new EntityConfigs(ConfigEntity.broker(4), List.of(new EntityConfigs.Entry(
                "min.insync.replicas", "2", "DYNAMIC_DEFAULT_BROKER_CONFIG", false, false)));
        EntityConfigs defaults = new EntityConfigs(ConfigEntity.brokers(), List.of(new EntityConfigs.Entry(
                "min.insync.replicas", "2", "DYNAMIC_DEFAULT_BROKER_CONFIG", false, false, "1", "DEFAULT_CONFIG")));

        ConfigChangePlan plan = ConfigChangePlanner.plan(ConfigEntity.brokers(),
                List.of(ConfigOp.set("min.insync.replicas", "1")), defaults, broker, CTX);

        assertThat(plan.losses()).singleElement().asString().contains("1 topic with replication factor above 1 "
                + "inherit it (payments)");
        assertThat(plan.rows().get(0).meaning()).startsWith("acks=all writes to 3 partitions (2 topics without their "
                + "own value");
        assertThat(plan.notes()).singleElement().asString().contains("every topic (those with their own "
                + "min.insync.replicas too)");
    }

    @Test
    void should_refuse_a_read_only_key_and_mask_a_secret() {
        EntityConfigs broker = new EntityConfigs(ConfigEntity.broker(4), List.of(
                new EntityConfigs.Entry("offsets.topic.replication.factor", "3", "DEFAULT_CONFIG", true, false),
                new EntityConfigs.Entry("ssl.keystore.password", null, "DYNAMIC_BROKER_CONFIG", false, true)));

        ConfigChangePlan plan = ConfigChangePlanner.plan(ConfigEntity.broker(4), List.of(
                ConfigOp.set("offsets.topic.replication.factor", "2"), ConfigOp.set("ssl.keystore.password", "hunter2")),
                broker, null, CTX);

        assertThat(plan.readOnly()).singleElement().asString().startsWith("offsets.topic.replication.factor is "
                + "read-only").contains("server.properties", "restart");
        ConfigChangePlan.Row secret = plan.rows().get(1);
        assertThat(secret.before()).isEqualTo(ConfigKeys.MASK);
        assertThat(secret.after()).isEqualTo(ConfigKeys.MASK);
        assertThat(plan.toString()).doesNotContain("hunter2");
        assertThat(plan.undoProblem()).contains("ssl.keystore.password", "secret");
    }

    @Test
    void should_see_nothing_to_do_when_the_value_is_already_set_there() {
        ConfigChangePlan plan = ConfigChangePlanner.plan(ORDERS, List.of(ConfigOp.set("min.insync.replicas", "2"),
                ConfigOp.delete("retention.ms")), orders("2", "DYNAMIC_TOPIC_CONFIG"), null, CTX);

        assertThat(plan.nothingToDo()).isTrue();
        assertThat(plan.undo()).isEmpty();
    }

    @Test
    void should_say_how_many_partitions_lose_their_elr() {
        ConfigContext ctx = new ConfigContext(List.of(topic("orders", 3, 3, 2, "DYNAMIC_TOPIC_CONFIG", List.of(5))),
                true);

        ConfigChangePlan plan = ConfigChangePlanner.plan(ORDERS, List.of(ConfigOp.set("min.insync.replicas", "3")),
                orders("2", "DYNAMIC_TOPIC_CONFIG"), null, ctx);
        ConfigChangePlan noElr = ConfigChangePlanner.plan(ORDERS, List.of(ConfigOp.set("min.insync.replicas", "3")),
                orders("2", "DYNAMIC_TOPIC_CONFIG"), null, new ConfigContext(ctx.topics(), false));

        assertThat(plan.notes()).singleElement().asString().contains("3 partitions hold ELR replicas now");
        assertThat(plan.rows().get(0).meaning()).contains("need every replica in sync");
        assertThat(noElr.notes()).isEmpty();
    }
}
