package dev.kshell.render;

import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.Snapshots;
import dev.kshell.rules.TopicFilter;
import dev.kshell.rules.Triage;
import dev.kshell.rules.TriageReport;
import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** Golden tests of the diagnosis renderers: exact text for fixed reports. */
@Timeout(20)
class DiagnosisTablesTest {

    @Test
    void should_render_triage_verdict_first_then_each_step_with_its_next_command() {
        TriageReport r = Triage.run(Snapshots.seedIncident(), null);
        assertThat(DiagnosisTables.triage(r, 0, false)).isEqualTo("""
                UNAVAILABLE: 3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1); 1 config risk
                next: leaderless

                [ok]      1. Quorum: leader 1, epoch 5, 3 of 3 voters caught up
                [warn]    2. Brokers: 3 registered: 4 live, 5, 6 fenced
                          warning broker 5: broker 5 (b5:9092) is fenced: registered but not serving; it hosts 8 replicas
                          warning broker 6: broker 6 (b6:9092) is fenced: registered but not serving; it hosts 9 replicas
                          do:   restart broker 5 and 6 (fenced); if gone for good: `reassign evacuate 5 6 --dry-run` (moves its replicas to live brokers: bytes copied at the throttle, the replication factor kept)
                          next: brokers
                [fail]    3. Leaderless partitions: 3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1)
                          critical topic __consumer_offsets: 2 of 6 partitions leaderless: __consumer_offsets-1, __consumer_offsets-4; groups or transactions coordinated there cannot commit or rebalance
                          critical topic rf1: 1 of 2 partitions leaderless: rf1-0
                          do:   see which groups and transactions are stuck: `coordinators`
                          next: leaderless
                [fail]    4. Recovery: 3 no-live-replica
                          critical topic __consumer_offsets: no-live-replica: __consumer_offsets-1, __consumer_offsets-4
                          critical topic rf1: no-live-replica: rf1-0
                          do:   start broker 5 and 6 on their own disks; on new, empty disks the records of 3 partitions are gone and Kafka may make them lead EMPTY with no warning: `brokers new-disk N` says before the start, and the safer order is `reassign evacuate` first, then the start; if a broker will not come back: `reassign evacuate 5 6 --dry-run` (its other replicas are copied to live brokers at the throttle; a partition with no other copy restarts empty)
                          next: watch leaderless
                [fail]    5. Under-min-ISR partitions: 3 under min ISR, 6 under-replicated, +3 leaderless (step 3)
                          error topic orders: 3 partitions under min ISR (ISR < min.insync.replicas 2): acks=all producers fail with NOT_ENOUGH_REPLICAS: orders-0, orders-1, orders-2
                          warning topic __consumer_offsets: 4 partitions under-replicated (4 at min ISR: one more replica loss blocks acks=all writes): __consumer_offsets-0, __consumer_offsets-2, __consumer_offsets-3, __consumer_offsets-5
                          warning topic payments: 2 partitions under-replicated (2 at min ISR: one more replica loss blocks acks=all writes): payments-0, payments-1
                          do:   start broker 5 and 6 to restore the ISR
                          next: under-min-isr --topic orders
                [warn]    6. Config risks: 1 config risk: internal-rf-low
                          warning topic __consumer_offsets: internal topic __consumer_offsets has replication factor 2 < 3: one broker loss can stop every group or transaction coordinated there
                          info topics: 1 topic with replication factor 1 (rf1): no redundancy, losing one broker makes partitions unavailable
                          do:   raise the replication factor of __consumer_offsets to 3 by reassignment (copies data, keeps durability): save {"version":1,"partitions":[{"topic":"__consumer_offsets","partition":0,"replicas":[4,5,6]},{"topic":"__consumer_offsets","partition":1,"replicas":[5,6,4]},{"topic":"__consumer_offsets","partition":2,"replicas":[6,4,5]},{"topic":"__consumer_offsets","partition":3,"replicas":[4,5,6]},{"topic":"__consumer_offsets","partition":4,"replicas":[5,6,4]},{"topic":"__consumer_offsets","partition":5,"replicas":[6,4,5]}]} as raise-rf.json, then kafka-reassign-partitions.sh --reassignment-json-file raise-rf.json --execute
                          next: audit
                """);
    }

    @Test
    void should_render_a_healthy_triage_in_one_line_per_step() {
        TriageReport r = Triage.run(Snapshots.healthy(), null);
        assertThat(DiagnosisTables.triage(r, 0, false)).isEqualTo("""
                HEALTHY

                [ok]      1. Quorum: leader 1, epoch 5, 3 of 3 voters caught up
                [ok]      2. Brokers: 3 registered: 4, 5, 6 live
                [ok]      3. Leaderless partitions: no leaderless partitions
                [ok]      4. Recovery: no leaderless partitions: nothing to recover
                [ok]      5. Under-min-ISR partitions: no partition under min ISR or under-replicated
                [ok]      6. Config risks: no config risks
                """);
    }

    @Test
    void should_colour_the_verdict_line_by_verdict() {
        String unavailable = DiagnosisTables.triage(Triage.run(Snapshots.seedIncident(), null), 0, true);
        String healthy = DiagnosisTables.triage(Triage.run(Snapshots.healthy(), null), 0, true);
        assertThat(unavailable.lines().findFirst().orElseThrow())
                .isEqualTo(Tone.BAD.paint(Triage.run(Snapshots.seedIncident(), null).verdictLine(), true));
        assertThat(healthy.lines().findFirst().orElseThrow()).isEqualTo(Tone.GOOD.paint("HEALTHY", true));
        assertThat(Tone.BAD.paint("x", true)).isNotEqualTo("x");
    }

    @Test
    void should_render_unknown_min_isr_and_let_a_last_column_with_no_room_to_wrap_overflow_whole() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5)
                .topic("orders").noConfig().partition(0).replicas(4, 5).isr(4)
                .partition(1).replicas(5, 4).noLeader().isr().elr(5)
                .build();
        PartitionReport report = PartitionHealth.underMinIsr(s, TopicFilter.all());
        assertThat(DiagnosisTables.partitions(report, TopicFilter.all(), 60, false)).isEqualTo("""
                1 partition under min ISR in 1 topic (orders 1)

                orders: 1 partition, min.insync.replicas unknown
                  PARTITION  LEADER  REPLICAS  ISR  ELR  LAST KNOWN ELR  RECOVERY
                  1          none    5,4       -    5    -               clean-possible

                min.insync.replicas unknown for 1 topic (orders): their partitions with a leader were not judged
                """);
    }
}
