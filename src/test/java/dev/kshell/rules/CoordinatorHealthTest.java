package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.util.Comparator;
import org.assertj.core.groups.Tuple;

@Timeout(30)
class CoordinatorHealthTest {

    @Test
    void should_compute_coordinator_partition_like_kafka_utils_abs() {
        // Kafka's Utils.abs(n) is (n == MIN_VALUE ? 0 : Math.abs(n)); n & 0x7fffffff differs for negative hashes.
        assertThat(CoordinatorHealth.kafkaAbs(Integer.MIN_VALUE)).isZero();
        assertThat(CoordinatorHealth.kafkaAbs(-5)).isEqualTo(5);
        assertThat(CoordinatorHealth.kafkaAbs(7)).isEqualTo(7);
        String negative = "polygenelubricants"; // hashCode() == Integer.MIN_VALUE
        assertThat(negative.hashCode()).isEqualTo(Integer.MIN_VALUE);
        assertThat(CoordinatorHealth.partitionFor(negative, 50)).isZero();
        String g = "payments-consumer";
        int expected = Math.abs(g.hashCode()) % 50;
        assertThat(CoordinatorHealth.partitionFor(g, 50)).isEqualTo(expected);
        assertThat(findNegativeHashId()).satisfies(id -> assertThat(CoordinatorHealth.partitionFor(id, 50))
                .isEqualTo(-id.hashCode() % 50)
                .isNotEqualTo((id.hashCode() & 0x7fffffff) % 50));
        assertThatThrownBy(() -> CoordinatorHealth.partitionFor("g", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_report_groups_and_transactions_on_leaderless_or_under_min_isr_partitions() {
        ClusterSnapshot s = Snapshots.seedIncident(); // __consumer_offsets partitions 1 and 4 leaderless (6 partitions)
        List<GroupInfo> groups = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            groups.add(new GroupInfo("group-" + i, "Stable", i % 4));
        }

        CoordinatorReport r = CoordinatorHealth.check(s, groups, List.of());

        assertThat(r.partitions()).extracting(CoordinatorPartition::name, CoordinatorPartition::problem,
                CoordinatorPartition::recovery).containsExactly(
                Tuple.tuple("__consumer_offsets-1", "leaderless", RecoveryClass.NO_LIVE_REPLICA),
                Tuple.tuple("__consumer_offsets-4", "leaderless", RecoveryClass.NO_LIVE_REPLICA));
        List<String> expected = groups.stream().map(GroupInfo::groupId)
                .filter(id -> {
                    int p = CoordinatorHealth.partitionFor(id, 6);
                    return p == 1 || p == 4;
                }).toList();
        assertThat(r.groups()).extracting(CoordinatorEntry::id).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(r.groups()).isSortedAccordingTo(Comparator.comparingInt(CoordinatorEntry::partition)
                .thenComparing(CoordinatorEntry::id));
        assertThat(r.groups().get(0).coordinatorPartition()).startsWith("__consumer_offsets-");
        assertThat(r.partitions().stream().mapToInt(CoordinatorPartition::groups).sum()).isEqualTo(expected.size());
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        // __transaction_state is absent, but no transactions were asked about: nothing to say.
        assertThat(r.notes()).isEmpty();
    }

    @Test
    void should_flag_under_min_isr_transaction_coordinators() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(6)
                .internalTopic("__transaction_state").minIsr(2)
                .partition(0).replicas(4, 5, 6).isr(4, 5)
                .partition(1).replicas(5, 6, 4).leader(5).isr(5)
                .build();
        String onOne = idFor(1, 2);
        String onZero = idFor(0, 2);

        CoordinatorReport r = CoordinatorHealth.check(s, List.of(),
                List.of(new TransactionInfo(onOne, "Ongoing"), new TransactionInfo(onZero, "Empty")));

        assertThat(r.transactions()).extracting(CoordinatorEntry::id, CoordinatorEntry::problem, CoordinatorEntry::state)
                .containsExactly(Tuple.tuple(onOne, "under-min-isr", "Ongoing"));
        assertThat(r.partitions()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("__transaction_state-1");
            assertThat(p.transactions()).isEqualTo(1);
            assertThat(p.recovery()).isNull();
            assertThat(p.minIsr()).isEqualTo(2);
        });
    }

    @Test
    void should_be_ok_when_coordinator_partitions_are_healthy() {
        CoordinatorReport r = CoordinatorHealth.check(Snapshots.healthy(),
                List.of(new GroupInfo("g", "Stable", 3)), List.of());

        assertThat(r.partitions()).isEmpty();
        assertThat(r.total()).isZero();
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_note_missing_coordinator_topic_and_unknown_min_isr() {
        ClusterSnapshot s = cluster().brokers(4, 5)
                .internalTopic("__consumer_offsets").noConfig().partition(0).replicas(4, 5).isr(4)
                .build();

        CoordinatorReport r = CoordinatorHealth.check(s, List.of(new GroupInfo("g", null, null)),
                List.of(new TransactionInfo("t", null)));

        assertThat(r.partitions()).isEmpty();
        assertThat(r.notes()).containsExactly(
                "min.insync.replicas of __consumer_offsets unknown (configs not loaded): only leaderless coordinator "
                        + "partitions are reported",
                "__transaction_state is not in the snapshot: coordinators for transactional ids cannot be judged");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    private static String idFor(int partition, int count) {
        for (int i = 0; ; i++) {
            String id = "txn-" + i;
            if (CoordinatorHealth.partitionFor(id, count) == partition) {
                return id;
            }
        }
    }

    private static String findNegativeHashId() {
        for (int i = 0; ; i++) {
            String id = "group-" + i;
            int h = id.hashCode();
            if (h < 0 && h != Integer.MIN_VALUE && (-h % 50) != ((h & 0x7fffffff) % 50)) {
                return id;
            }
        }
    }
}
