package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import org.assertj.core.groups.Tuple;

@Timeout(30)
class PartitionHealthTest {

    private static final TopicFilter ALL = TopicFilter.all();

    @Test
    void should_report_partition_without_leader_as_leaderless() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("t").partition(0).replicas(4, 5).noLeader().isr().elr(4)
                .partition(1).replicas(5, 6)
                .build();

        PartitionReport r = PartitionHealth.leaderless(s, ALL);

        assertThat(r.kind()).isEqualTo("leaderless");
        assertThat(r.total()).isEqualTo(1);
        assertThat(r.partitions()).extracting(PartitionFinding::name).containsExactly("t-0");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_report_leader_on_fenced_or_unregistered_broker_as_leaderless() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(5)
                .topic("t")
                .partition(0).replicas(5, 4).leader(5).isr(5, 4)   // leader fenced
                .partition(1).replicas(7, 4).leader(7).isr(7, 4)   // leader not registered at all
                .partition(2).replicas(4, 5).leader(4).isr(4)
                .build();

        PartitionReport r = PartitionHealth.leaderless(s, ALL);

        assertThat(r.partitions()).extracting(PartitionFinding::name).containsExactly("t-0", "t-1");
        PartitionFinding f = r.partitions().get(0);
        assertThat(f.leader()).isEqualTo(5);
        assertThat(f.replicas()).containsExactly(new ReplicaMark(5, false), new ReplicaMark(4, true));
        assertThat(f.recovery()).isEqualTo(RecoveryClass.CLEAN_POSSIBLE);
    }

    @Test
    void should_class_empty_isr_with_dead_elr_replica_as_no_live_replica() {
        // docs/kafka-behaviour.md: RF 1 partition whose broker was killed: leader null, ISR [], ELR [5], lastKnownElr [5].
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(5)
                .topic("rf1").partition(0).replicas(5).noLeader().isr().elr(5).lastKnownElr(5)
                .build();

        PartitionFinding f = PartitionHealth.leaderless(s, ALL).partitions().get(0);

        assertThat(f.recovery()).isEqualTo(RecoveryClass.NO_LIVE_REPLICA);
        assertThat(f.isr()).isEmpty();
        assertThat(f.elr()).containsExactly(5);
        assertThat(f.lastKnownElr()).containsExactly(5);
        assertThat(f.replicas()).containsExactly(new ReplicaMark(5, false));
        Advice a = PartitionHealth.advice(f);
        assertThat(a.text()).isEqualTo("no replica alive: start broker 5 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 5` says before the start; safer: `reassign evacuate 5` first)");
        assertThat(a.command()).isNull();
    }

    @Test
    void should_advise_starting_isr_or_elr_members_before_other_replicas() {
        ClusterSnapshot s = cluster().brokers(4).fenced(5, 6)
                .topic("t").partition(0).replicas(5, 6).noLeader().isr().elr(6)
                .partition(1).replicas(5, 6).noLeader().isr().elr().lastKnownElr(5)
                .partition(2).replicas(5, 6).noLeader().isr()
                .build();

        List<PartitionFinding> fs = PartitionHealth.leaderless(s, ALL).partitions();

        assertThat(fs).extracting(f -> PartitionHealth.advice(f).text()).containsExactly(
                "no replica alive: start broker 6 on its own disk (keeps its records); on a new, empty disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk 6` says before the start; safer: `reassign evacuate 6` first)",
                "no replica alive: start broker 5 (keeps its records), or if it will not come back `reassign evacuate 5` (every record of it lost)",
                "no replica alive: start broker 5 or 6 (keeps its records), or if it will not come back `reassign evacuate 5 6` (every record of it lost)");
    }

    @Test
    void should_class_live_elr_replica_as_clean_possible_and_advise_waiting() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(4)
                .topic("t").partition(0).replicas(4, 5, 6).noLeader().isr().elr(6)
                .build();

        PartitionFinding f = PartitionHealth.leaderless(s, ALL).partitions().get(0);

        assertThat(f.recovery()).isEqualTo(RecoveryClass.CLEAN_POSSIBLE);
        assertThat(PartitionHealth.advice(f))
                .isEqualTo(new Advice("wait: the controller will elect a live ELR/ISR replica (6)",
                        "leaderless --topic t"));
    }

    @Test
    void should_advise_preferred_election_when_the_preferred_replica_is_a_live_isr_member() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(5)
                .topic("t").partition(0).replicas(4, 5, 6).leader(5).isr(5, 4)
                .build();

        PartitionFinding f = PartitionHealth.leaderless(s, ALL).partitions().get(0);

        assertThat(PartitionHealth.advice(f).command()).isEqualTo("elect preferred --topic t");
        assertThat(PartitionHealth.advice(f).text()).startsWith("wait: the controller will elect a live ELR/ISR");
    }

    @Test
    void should_class_only_out_of_sync_replicas_alive_as_unclean_only() {
        // docs/kafka-behaviour.md reproduction: replicas 4:5, broker 4 killed while 5 was out of sync: ISR [], ELR [4].
        ClusterSnapshot s = cluster().brokers(4, 5).fenced(4)
                .topic("t").partition(0).replicas(4, 5).noLeader().isr().elr(4).lastKnownElr(4)
                .build();

        PartitionFinding f = PartitionHealth.leaderless(s, ALL).partitions().get(0);

        assertThat(f.recovery()).isEqualTo(RecoveryClass.UNCLEAN_ONLY);
        assertThat(f.recovery().label()).isEqualTo("unclean-only");
        Advice a = PartitionHealth.advice(f);
        assertThat(a.command()).isEqualTo("elect unclean t-0 --dry-run");
        assertThat(a.text()).startsWith("only out-of-sync replicas alive (5): `elect unclean t-0` is the last resort")
                .contains("starting broker 4 (ISR/ELR) allows a clean election instead");
    }

    @Test
    void should_leave_recovery_null_for_partitions_with_a_live_leader() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("t").minIsr(2).partition(0).replicas(4, 5, 6).isr(4)
                .build();

        PartitionFinding f = PartitionHealth.underMinIsr(s, ALL).partitions().get(0);

        assertThat(f.recovery()).isNull();
        assertThat(f.leaderless()).isFalse();
        assertThat(PartitionHealth.advice(f)).isNull();
    }

    @Test
    void should_list_internal_topics_first_then_by_name_and_partitions_by_number() {
        ClusterSnapshot s = cluster().brokers(4).fenced(5)
                .topic("b").partition(2).replicas(5).partition(0).replicas(5)
                .topic("a").partition(0).replicas(5)
                .internalTopic("__transaction_state").partition(0).replicas(5)
                .internalTopic("__consumer_offsets").partition(1).replicas(5).partition(0).replicas(5)
                .build();

        PartitionReport r = PartitionHealth.leaderless(s, ALL);

        assertThat(r.topics()).extracting(TopicGroup::topic)
                .containsExactly("__consumer_offsets", "__transaction_state", "a", "b");
        assertThat(r.topics()).extracting(TopicGroup::internal).containsExactly(true, true, false, false);
        assertThat(r.topics().get(3).partitions()).extracting(PartitionFinding::partition).containsExactly(0, 2);
        assertThat(r.topics()).extracting(TopicGroup::count).containsExactly(2, 1, 1, 2);
        assertThat(r.total()).isEqualTo(6);
    }

    @Test
    void should_filter_topics_by_whole_name_regex() {
        ClusterSnapshot s = cluster().brokers(4).fenced(5)
                .topic("orders").partition(0).replicas(5)
                .topic("orders-eu").partition(0).replicas(5)
                .topic("payments").partition(0).replicas(5)
                .build();

        assertThat(PartitionHealth.leaderless(s, TopicFilter.pattern("orders.*")).topics())
                .extracting(TopicGroup::topic).containsExactly("orders", "orders-eu");
        // Whole-name match, as TopicCommand does: "order" alone matches nothing.
        assertThat(PartitionHealth.leaderless(s, TopicFilter.pattern("order")).status())
                .isEqualTo(PartitionReport.Status.NO_SUCH_TOPIC);
        assertThat(PartitionHealth.leaderless(s, TopicFilter.topic("orders")).topics())
                .extracting(TopicGroup::topic).containsExactly("orders");
    }

    @Test
    void should_return_invalid_filter_for_bad_regex_without_throwing() {
        TopicFilter bad = TopicFilter.pattern("orders[");

        PartitionReport r = PartitionHealth.leaderless(Snapshots.seedIncident(), bad);

        assertThat(bad.valid()).isFalse();
        assertThat(r.status()).isEqualTo(PartitionReport.Status.INVALID_FILTER);
        assertThat(r.error()).startsWith("invalid --pattern 'orders[': Unclosed character class");
        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(TopicFilter.of("a", "b").error()).isEqualTo("use --topic or --pattern, not both");
    }

    @Test
    void should_return_no_such_topic_for_unknown_topic() {
        PartitionReport r = PartitionHealth.underMinIsr(Snapshots.seedIncident(), TopicFilter.topic("ordres"));

        assertThat(r.status()).isEqualTo(PartitionReport.Status.NO_SUCH_TOPIC);
        assertThat(r.error()).isEqualTo("no such topic: ordres");
        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.ok()).isFalse();
    }

    @Test
    void should_return_ok_and_exit_0_for_existing_healthy_topic() {
        PartitionReport r = PartitionHealth.leaderless(Snapshots.healthy(), TopicFilter.topic("orders"));

        assertThat(r.status()).isEqualTo(PartitionReport.Status.OK);
        assertThat(r.topics()).isEmpty();
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_use_each_topics_effective_min_isr_whatever_its_source() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("topic-level").minIsr(2, Snapshots.TOPIC).partition(0).replicas(4, 5, 6).isr(4)
                .topic("broker-level").minIsr(1, Snapshots.BROKER).partition(0).replicas(4, 5, 6).isr(4)
                .build();

        assertThat(PartitionHealth.underMinIsr(s, ALL).topics()).extracting(TopicGroup::topic, TopicGroup::minIsr)
                .containsExactly(Tuple.tuple("topic-level", 2));
        assertThat(PartitionHealth.atMinIsr(s, ALL).topics()).extracting(TopicGroup::topic, TopicGroup::minIsr)
                .containsExactly(Tuple.tuple("broker-level", 1));
    }

    @Test
    void should_say_min_isr_unknown_when_config_not_loaded() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("t").noConfig()
                .partition(0).replicas(4, 5, 6).isr(4)
                .partition(1).replicas(4, 5, 6).noLeader().isr()
                .build();

        PartitionReport under = PartitionHealth.underMinIsr(s, ALL);
        PartitionReport at = PartitionHealth.atMinIsr(s, ALL);

        // A partition without a leader is under min ISR whatever min.isr is; the other cannot be judged.
        assertThat(under.partitions()).extracting(PartitionFinding::name).containsExactly("t-1");
        assertThat(under.topics().get(0).minIsr()).isNull();
        assertThat(under.partitions().get(0).minIsr()).isNull();
        assertThat(under.unknownMinIsr()).containsExactly("t");
        assertThat(at.total()).isZero();
        assertThat(at.unknownMinIsr()).containsExactly("t");
        assertThat(at.exitCode()).isEqualTo(ExitCode.FINDINGS);
        // Checks that need no config are unaffected.
        assertThat(PartitionHealth.underReplicated(s, ALL).unknownMinIsr()).isEmpty();
        assertThat(PartitionHealth.underReplicated(s, ALL).total()).isEqualTo(2);
    }

    @Test
    void should_count_under_min_isr_as_topic_command_does_and_a_leader_that_is_not_live_as_none() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(6)
                .topic("t").minIsr(2)
                .partition(0).replicas(4, 5, 6).noLeader().isr(4, 5)    // no leader: under, whatever the ISR
                .partition(1).replicas(4, 5, 6).leader(4).isr(4)         // ISR 1 < 2
                .partition(2).replicas(4, 5, 6).leader(4).isr(4, 5)      // at min: not under
                .partition(3).replicas(6, 4, 5).leader(6).isr(6, 4, 5)  // leader fenced: no leader, so under
                .build();

        // TopicCommand counts t-3 only once Kafka has named no leader; kshell as soon as its leader is not live
        // (triage's step 5 and `leaderless` say the same: a leader that does not serve takes no acks=all write)
        assertThat(PartitionHealth.underMinIsr(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("t-0", "t-1", "t-3");
        assertThat(PartitionHealth.atMinIsr(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("t-0", "t-2");
        assertThat(PartitionHealth.leaderless(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("t-0", "t-3");
        assertThat(PartitionHealth.underMinIsr(s, ALL).partitions().get(0).recovery())
                .isEqualTo(RecoveryClass.CLEAN_POSSIBLE);
    }

    @Test
    void should_treat_rf1_topics_as_at_min_isr_and_never_under_replicated_while_healthy() {
        ClusterSnapshot s = cluster().brokers(4, 5).fenced(5)
                .topic("rf1").partition(0).replicas(4).partition(1).replicas(5).noLeader().isr().elr(5)
                .build();

        assertThat(PartitionHealth.atMinIsr(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("rf1-0");
        assertThat(PartitionHealth.underReplicated(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("rf1-1");
        assertThat(PartitionHealth.underMinIsr(s, ALL).partitions()).extracting(PartitionFinding::name)
                .containsExactly("rf1-1");
    }

    @Test
    void should_find_under_replicated_partitions() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("t").partition(0).replicas(4, 5, 6).isr(4, 5).partition(1).replicas(4, 5, 6)
                .build();

        PartitionReport r = PartitionHealth.underReplicated(s, ALL);

        assertThat(r.kind()).isEqualTo("under-replicated");
        assertThat(r.partitions()).extracting(PartitionFinding::name).containsExactly("t-0");
        assertThat(r.topics().get(0).minIsr()).isEqualTo(1);
    }

    @Test
    void should_diagnose_the_seed_incident() {
        ClusterSnapshot s = Snapshots.seedIncident();

        PartitionReport leaderless = PartitionHealth.leaderless(s, ALL);
        PartitionReport underMin = PartitionHealth.underMinIsr(s, ALL);

        assertThat(leaderless.topics()).extracting(TopicGroup::topic, TopicGroup::count).containsExactly(
                Tuple.tuple("__consumer_offsets", 2),
                Tuple.tuple("rf1", 1));
        assertThat(leaderless.partitions()).extracting(PartitionFinding::name, PartitionFinding::recovery)
                .containsExactly(
                        Tuple.tuple("__consumer_offsets-1", RecoveryClass.NO_LIVE_REPLICA),
                        Tuple.tuple("__consumer_offsets-4", RecoveryClass.NO_LIVE_REPLICA),
                        Tuple.tuple("rf1-0", RecoveryClass.NO_LIVE_REPLICA));
        assertThat(leaderless.total()).isEqualTo(3);
        assertThat(underMin.topics()).extracting(TopicGroup::topic, TopicGroup::count).containsExactly(
                Tuple.tuple("__consumer_offsets", 2),
                Tuple.tuple("orders", 3),
                Tuple.tuple("rf1", 1));
        assertThat(underMin.topics().get(1).minIsr()).isEqualTo(2);
    }

    @Test
    void should_diagnose_a_million_partitions_in_one_linear_pass() {
        // 1,000 topics x 1,000 partitions; replica lists shared so the fixture itself stays small.
        List<Integer> replicas = List.of(4, 5, 6);
        List<Integer> fullIsr = List.of(4, 5, 6);
        List<Integer> shortIsr = List.of(4);
        List<Integer> none = List.of();
        List<TopicState> topics = new ArrayList<>(1000);
        for (int t = 0; t < 1000; t++) {
            String name = "topic-" + t;
            List<PartitionState> ps = new ArrayList<>(1000);
            for (int p = 0; p < 1000; p++) {
                boolean sick = p % 100 == 0;
                ps.add(new PartitionState(name, p, sick ? null : 4, replicas, sick ? none : (p % 10 == 0 ? shortIsr
                        : fullIsr), none, none));
            }
            topics.add(new TopicState(name, false, ps, new TopicConfig(2, Snapshots.TOPIC, false, Snapshots.DEFAULT)));
        }
        ClusterSnapshot s = new ClusterSnapshot("big", Instant.EPOCH, cluster().brokers(4, 5, 6).build().brokers(),
                Snapshots.quorumOf(1, 1), null, topics);

        assertThat(PartitionHealth.leaderless(s, ALL).total()).isEqualTo(10_000);
        assertThat(PartitionHealth.underMinIsr(s, ALL).total()).isEqualTo(100_000);
        assertThat(PartitionHealth.underReplicated(s, ALL).total()).isEqualTo(100_000);
        assertThat(PartitionHealth.atMinIsr(s, ALL).total()).isZero();
        assertThat(Triage.run(s, null).verdict()).isEqualTo(Verdict.UNAVAILABLE);
    }
}
