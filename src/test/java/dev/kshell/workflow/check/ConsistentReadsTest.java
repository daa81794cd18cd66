package dev.kshell.workflow.check;

import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class ConsistentReadsTest {

    @Test
    void should_read_a_contradictory_snapshot_again_until_the_brokers_agree() {
        ClusterSnapshot contradictory = cluster().brokers(4, 5, 6).topic("t").partition(0).replicas(5).noLeader()
                .isr().elr(5).build();
        ClusterSnapshot agreed = cluster().brokers(4, 6).topic("t").partition(0).replicas(5).noLeader().isr().elr(5)
                .build();
        Deque<ClusterSnapshot> next = new ArrayDeque<>(List.of(contradictory, agreed));
        assertThat(ConsistentReads.settle(contradictory, next::poll)).isSameAs(agreed);
        assertThat(next).isEmpty();
    }
}
