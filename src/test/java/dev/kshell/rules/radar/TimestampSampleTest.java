package dev.kshell.rules.radar;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The partitions whose newest record times are read: led ones only, the brokers' own topics first, then in turn. */
@Timeout(30)
class TimestampSampleTest {

    private static TopicState topic(String name, int partitions, Integer leader) {
        List<PartitionState> ps = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            ps.add(new PartitionState(name, i, leader, List.of(4), List.of(4), List.of(), List.of()));
        }
        return new TopicState(name, name.startsWith("__"), ps, null);
    }

    private static ClusterSnapshot snapshot(TopicState... topics) {
        return new ClusterSnapshot("c", Instant.EPOCH, List.of(new BrokerState(4, "h", 9092, null, false)), null,
                null, List.of(topics));
    }

    @Test
    void should_read_the_brokers_own_topics_first_then_each_topics_partitions_in_turn() {
        ClusterSnapshot s = snapshot(topic("a", 3, 4), topic("b", 1, 4), topic("__consumer_offsets", 2, 4));

        List<PartitionSpec> picked = TimestampSample.pick(s, TimestampSample.leaders(s), 5);

        assertThat(picked).extracting(PartitionSpec::name).containsExactly("__consumer_offsets-0",
                "__consumer_offsets-1", "a-0", "b-0", "a-1");
    }

    @Test
    void should_never_ask_a_leaderless_partition() {
        ClusterSnapshot s = snapshot(topic("a", 2, 4), topic("dead", 2, null), topic("gone", 1, 7));

        Map<PartitionSpec, Integer> leaders = TimestampSample.leaders(s);

        assertThat(TimestampSample.pick(s, leaders, 100)).extracting(PartitionSpec::name)
                .containsExactly("a-0", "a-1");
    }
}
