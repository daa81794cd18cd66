package dev.kshell.oracle;

import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.TopicFilter;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cross-checks kshell's four partition checks (leaderless, under-min-isr, at-min-isr, under-replicated), run as the
 * commands run them ({@link PartitionHealth#check} over a one-partition snapshot), against Kafka 4.4.0's own
 * {@code TopicCommand$PartitionDescription} over a matrix of leaders, replica sets, ISR sizes and min.isr values.
 * Kafka's side is package-private and reached by reflection: the only way to ask Kafka's rule about hundreds of
 * shapes without a cluster (the integration tests compare the same checks with TopicCommand's public CLI on a real
 * cluster). Lives outside dev.kshell.rules so that package stays free of Kafka imports.
 */
@Timeout(60)
class TopicCommandOracleTest {

    private static final Set<Integer> LIVE = Set.of(4, 5); // 6 is fenced, 7 is not registered

    @Test
    void should_match_topic_command_for_every_case_in_the_matrix() throws Exception {
        Class<?> pd = Class.forName("org.apache.kafka.tools.TopicCommand$PartitionDescription");
        Constructor<?> ctor = pd.getDeclaredConstructors()[0];
        ctor.setAccessible(true);
        Method unavailable = method(pd, "hasUnavailablePartitions", Set.class);
        Method underMin = method(pd, "isUnderMinIsr");
        Method atMin = method(pd, "isAtMinIsrPartitions");
        Method underReplicated = method(pd, "isUnderReplicated");

        List<List<Integer>> replicaSets = List.of(List.of(4), List.of(6), List.of(4, 6), List.of(4, 5, 6),
                List.of(6, 7, 4));
        Integer[] leaders = {null, 4, 5, 6, 7};
        int cases = 0;
        for (List<Integer> replicas : replicaSets) {
            for (Integer leader : leaders) {
                for (int isrSize = 0; isrSize <= replicas.size(); isrSize++) {
                    List<Integer> isr = replicas.subList(0, isrSize);
                    for (int minIsr = 1; minIsr <= 4; minIsr++) {
                        PartitionState ours = new PartitionState("t", 0, leader, replicas, isr, List.of(), List.of());
                        Object theirs = ctor.newInstance("t", info(leader, replicas, isr), config(minIsr), null);
                        String label = "leader=" + leader + " replicas=" + replicas + " isr=" + isr + " minIsr="
                                + minIsr;

                        assertThat(flags(PartitionCheck.LEADERLESS, ours, minIsr)).as("leaderless " + label)
                                .isEqualTo(unavailable.invoke(theirs, LIVE));
                        // one chosen difference: a leader that is not live (fenced, gone, or silent) is no leader
                        // for kshell, as in triage's step 5, while TopicCommand waits until Kafka names none
                        boolean notLive = leader != null && !LIVE.contains(leader);
                        assertThat(flags(PartitionCheck.UNDER_MIN_ISR, ours, minIsr)).as("under-min-isr " + label)
                                .isEqualTo(notLive || (Boolean) underMin.invoke(theirs));
                        assertThat(flags(PartitionCheck.AT_MIN_ISR, ours, minIsr)).as("at-min-isr " + label)
                                .isEqualTo(atMin.invoke(theirs));
                        assertThat(flags(PartitionCheck.UNDER_REPLICATED, ours, minIsr)).as("under-replicated " + label)
                                .isEqualTo(underReplicated.invoke(theirs));
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isGreaterThan(200);
    }

    /** Whether kshell's check, as its command runs it, lists this partition of a topic with this min.isr. */
    private static boolean flags(PartitionCheck check, PartitionState p, int minIsr) {
        List<BrokerState> brokers = List.of(new BrokerState(4, "b4", 9092, null, false),
                new BrokerState(5, "b5", 9092, null, false), new BrokerState(6, "b6", 9092, null, true));
        TopicState topic = new TopicState("t", false, List.of(p),
                new TopicConfig(minIsr, "DYNAMIC_TOPIC_CONFIG", false, "DEFAULT_CONFIG"));
        ClusterSnapshot snapshot = new ClusterSnapshot("c", Instant.EPOCH, brokers, null, null, List.of(topic));
        PartitionReport report = PartitionHealth.check(check, snapshot, TopicFilter.all());
        assertThat(report.unknownMinIsr()).as("kshell judged the partition").isEmpty();
        return report.total() == 1;
    }

    private static Method method(Class<?> c, String name, Class<?>... args) throws NoSuchMethodException {
        Method m = c.getDeclaredMethod(name, args);
        m.setAccessible(true);
        return m;
    }

    private static TopicPartitionInfo info(Integer leader, List<Integer> replicas, List<Integer> isr) {
        return new TopicPartitionInfo(0, leader == null ? null : node(leader), nodes(replicas), nodes(isr),
                List.of(), List.of());
    }

    private static List<Node> nodes(List<Integer> ids) {
        List<Node> out = new ArrayList<>();
        for (int id : ids) {
            out.add(node(id));
        }
        return out;
    }

    private static Node node(int id) {
        return new Node(id, "b" + id, 9092);
    }

    private static Config config(int minIsr) {
        return new Config(List.of(new ConfigEntry("min.insync.replicas", Integer.toString(minIsr))));
    }
}
