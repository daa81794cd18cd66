package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.render.DiagnosisTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.Severity;
import java.time.Instant;

/** Issue 15: triage tells the truth at every moment of an incident (pure part, on snapshot fixtures). */
@Timeout(30)
class TriageTruthTest {

    private static ProbeResult answers(int id) {
        return new ProbeResult(id, "broker", "b" + id + ":9092", true, 3, null);
    }

    private static ProbeResult silent(int id, String role, String problem) {
        return new ProbeResult(id, role, "h" + id + ":9093", false, 1500, problem);
    }

    @Test
    void should_not_say_healthy_when_a_registered_broker_does_not_answer_before_it_is_fenced() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("orders").partition(0).replicas(5).leader(5).isr(5)
                .partition(1).replicas(6).leader(6).isr(6).build();
        TriageReport r = Triage.run(TriageInput.of(s, null)
                .withBrokerProbes(List.of(answers(4), silent(5, "broker", "connection refused"), answers(6)), 3000L));

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(2).summary()).isEqualTo("3 registered: 4, 6 live, 5 not answering");
        assertThat(r.step(2).findings()).extracting(Finding::message).containsExactly(
                "broker 5 registered but not answering (h5:9093: connection refused): the controller will fence it "
                        + "within ~3 s (broker.session.timeout.ms 3000); the 1 partition it leads take no reads or "
                        + "writes until then");
        assertThat(r.step(2).action()).isEqualTo("restart broker 5 (not answering)");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_say_degraded_for_a_silent_broker_that_leads_nothing_and_unknown_session_timeout() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("orders").partition(0).replicas(4).leader(4).isr(4)
                .build();
        TriageReport r = Triage.run(TriageInput.of(s, null)
                .withBrokerProbes(List.of(answers(4), silent(5, "broker", "no answer within 1.5 s"), answers(6)),
                        null));
        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(r.step(2).findings().get(0).message()).endsWith(
                "the controller will fence it once broker.session.timeout.ms passes without a heartbeat");
    }

    @Test
    void should_name_the_voters_that_answer_and_those_that_do_not_when_the_quorum_is_lost() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).noQuorum("no answer within 10 s (describeMetadataQuorum)")
                .topic("orders").spread(3, 3).build();
        List<ProbeResult> voters = List.of(silent(1, "controller", "connection refused"),
                silent(2, "controller", "connection refused"),
                new ProbeResult(3, "controller", "h3:9093", true, 2, null));
        TriageReport r = Triage.run(TriageInput.of(s, null).withVoterProbes(voters).withSandboxSession(true));

        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(1).summary())
                .isEqualTo("quorum lost its majority: 1 of 3 voters answer (3); not answering: 1, 2");
        assertThat(r.step(1).findings()).extracting(Finding::rule).containsExactly("quorum-majority-lost");
        assertThat(r.step(1).findings().get(0).message()).startsWith(
                "the quorum has lost its majority: 1 of 3 voters answer (controller 3 at h3:9093), a leader needs 2; "
                        + "not answering: controller 1 at h1:9093, 2 at h2:9093 (connection refused); until a "
                        + "majority is back there are no leader elections, no fencing of dead brokers");
        assertThat(r.step(1).next()).isEqualTo("sandbox start-controller 1");
        assertThat(r.nextCommand()).isEqualTo("sandbox start-controller 1");

        TriageReport outside = Triage.run(TriageInput.of(s, null).withVoterProbes(voters));
        assertThat(outside.step(1).next()).as("no sandbox command outside a sandbox").isEqualTo("watch triage");
        assertThat(outside.step(1).findings().get(0).fix()).isEqualTo("start controller 1 and 2 (at least 1)");
        assertThat(DiagnosisTables.triage(outside, 0, false)).doesNotContain("connect --bootstrap-controller");
    }

    @Test
    void should_lead_with_the_lost_majority_when_the_leader_also_changed_recently() {
        // the leader moved 2 -> 3 a minute ago (the first kill), then a second controller died: the lost majority
        // is the headline and its next step leads; the leader change explains it
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        QuorumStability stability = QuorumStability.judge(List.of(
                new LeaderTerm(2, 3, "kraft", "test", now.minusSeconds(300), now.minusSeconds(70)),
                new LeaderTerm(3, 4, "kraft", "test", now.minusSeconds(60), now)), now);
        assertThat(stability.kind()).isEqualTo(QuorumStability.Kind.FAILOVER);
        QuorumState q = new QuorumState(3, 4, 100, List.of(new QuorumReplica(1, 100, 0L, 400L, 400L),
                new QuorumReplica(2, 100, 0L, 400L, 400L), new QuorumReplica(3, 100, 0L, 0L, 0L)), List.of());
        ClusterSnapshot s = cluster().brokers(4, 5, 6).quorum(q).topic("orders").spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(s, null).withQuorumStability(stability).withVoterProbes(List.of(
                silent(1, "controller", "connection refused"), silent(2, "controller", "connection refused"),
                new ProbeResult(3, "controller", "h3:9093", true, 2, null))).withSandboxSession(true));
        assertThat(r.step(1).summary()).startsWith("quorum lost its majority: 1 of 3 voters answer (3); "
                + "not answering: 1, 2; one failover 1 min ago (leader 2 -> 3");
        assertThat(r.nextCommand()).isEqualTo("sandbox start-controller 1");
    }

    @Test
    void should_not_flag_a_controller_unreachable_from_here_that_the_quorum_saw_fetching() {
        QuorumState q = new QuorumState(1, 5, 100, List.of(new QuorumReplica(1, 100, 0L, 0L, 0L),
                new QuorumReplica(2, 100, 0L, 100L, 100L), new QuorumReplica(3, 100, 0L, 100L, 100L)), List.of());
        ClusterSnapshot s = cluster().brokers(4, 5, 6).quorum(q).topic("orders").spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(s, null).withVoterProbes(List.of(
                silent(1, "controller", "no answer within 1.5 s"), silent(2, "controller", "no answer within 1.5 s"),
                silent(3, "controller", "no answer within 1.5 s"))));
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(r.step(1).findings()).extracting(Finding::severity).containsOnly(Severity.INFO);
    }

    @Test
    void should_say_the_majority_is_lost_while_the_survivor_still_calls_itself_leader() {
        QuorumState q = new QuorumState(3, 1, 100, List.of(new QuorumReplica(1, 100, 0L, 400L, 400L),
                new QuorumReplica(2, 100, 0L, 400L, 400L), new QuorumReplica(3, 100, 0L, 0L, 0L)), List.of());
        ClusterSnapshot s = cluster().brokers(4, 5, 6).quorum(q).topic("orders").spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(s, null).withVoterProbes(List.of(
                silent(1, "controller", "connection refused"), silent(2, "controller", "connection refused"),
                new ProbeResult(3, "controller", "h3:9093", true, 2, null))));
        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(1).summary()).isEqualTo("quorum lost its majority: 1 of 3 voters answer (3); "
                + "not answering: 1, 2");
        assertThat(r.step(1).findings().get(r.step(1).findings().size() - 1).message())
                .contains("controller 3 may still call itself leader for a moment but cannot commit metadata");
    }

    @Test
    void should_count_config_risks_without_changing_the_verdict_and_exit_1_only_when_strict() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .topic("payments").minIsr(3).spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(s, null));
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(r.verdictLine()).isEqualTo("HEALTHY, 1 config risk");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(Triage.run(TriageInput.of(s, null).withStrict(true)).exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_name_the_groups_stuck_behind_an_under_min_isr_coordinator_partition() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(6)
                .internalTopic("__consumer_offsets").minIsr(2)
                .partition(0).replicas(4, 6).leader(4).isr(4)
                .partition(1).replicas(5, 4).leader(5).isr(5, 4).build();
        String group = groupOn(0, 2);
        CoordinatorReport coordinators = CoordinatorHealth.check(s, List.of(new GroupInfo(group, "Stable", 1)),
                List.of());
        TriageReport r = Triage.run(TriageInput.of(s, null).withCoordinators(coordinators));
        assertThat(r.step(5).findings()).extracting(Finding::rule).contains("coordinator-impact");
        assertThat(r.step(5).findings().stream().filter(f -> f.rule().equals("coordinator-impact")).findFirst()
                .orElseThrow().message()).isEqualTo("1 consumer group (" + group + ") cannot commit offsets or "
                + "rebalance: their coordinator partition is under min ISR (commits are written with acks=all)");
        assertThat(r.step(5).next()).isEqualTo("coordinators");
    }

    @Test
    void should_put_coordinator_impact_into_the_leaderless_step_with_next_coordinators() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).fenced(6)
                .internalTopic("__consumer_offsets").minIsr(1)
                .partition(0).replicas(6).noLeader().isr(6)
                .partition(1).replicas(5).leader(5).isr(5).build();
        String group = groupOn(0, 2);
        CoordinatorReport coordinators = CoordinatorHealth.check(s, List.of(new GroupInfo(group, null, null)),
                List.of());
        TriageReport r = Triage.run(TriageInput.of(s, null).withCoordinators(coordinators));
        assertThat(r.step(3).findings()).extracting(Finding::rule).contains("coordinator-impact");
        assertThat(r.step(3).next()).isEqualTo("coordinators");
    }

    @Test
    void should_add_an_info_line_and_a_dry_run_for_preferred_leader_imbalance() {
        Snapshots.Builder b = cluster().brokers(4, 5, 6).topic("clicks");
        b.partition(0).replicas(4, 6, 5).leader(6).isr(4, 6, 5)
                .partition(1).replicas(5, 6, 4).leader(6).isr(5, 6, 4)
                .partition(2).replicas(6, 4, 5).leader(6).isr(6, 4, 5);
        TriageReport r = Triage.run(TriageInput.of(b.build(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(r.nextCommand()).isEqualTo("elect preferred --all --dry-run");
        assertThat(r.step(2).findings()).extracting(Finding::message).containsExactly(
                "2 partitions are not led by their preferred leader, which is live and in sync: broker 6 leads 3 "
                        + "partitions and is the preferred leader of 1");
        assertThat(DiagnosisTables.triage(r, 0, false)).contains("next: elect preferred --all --dry-run");
    }

    @Test
    void should_lead_with_raising_the_replication_factor_and_label_lowering_min_isr_as_a_trade_off() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6)
                .internalTopic("__consumer_offsets").minIsr(2).partition(0).replicas(4, 5).leader(4).isr(4, 5)
                .partition(1).replicas(5, 6).leader(5).isr(5, 6).build();
        Finding f = Triage.run(TriageInput.of(s, null)).step(6).findings().stream()
                .filter(x -> x.rule().equals("internal-rf-low")).findFirst().orElseThrow();
        assertThat(f.fix()).startsWith("raise the replication factor of __consumer_offsets to 3 by reassignment "
                + "(copies data, keeps durability): save {\"version\":1,\"partitions\":[{\"topic\":\"__consumer_offsets\","
                + "\"partition\":0,\"replicas\":[4,5,6]},{\"topic\":\"__consumer_offsets\",\"partition\":1,"
                + "\"replicas\":[5,6,4]}]} as raise-rf.json");
        // triage names kshell's own command for the trade-off (audit keeps Kafka's kafka-configs.sh line)
        assertThat(f.fix()).contains("; trade-off, not a fix: `configs set topic __consumer_offsets "
                + "min.insync.replicas=1` keeps commits going with one replica down");
        assertThat(f.fix().indexOf("raise")).isLessThan(f.fix().indexOf("min.insync.replicas"));
    }

    /** A group id whose coordinator is partition {@code p} of {@code n}. */
    private static String groupOn(int p, int n) {
        for (int i = 0; ; i++) {
            if (CoordinatorHealth.partitionFor("g" + i, n) == p) {
                return "g" + i;
            }
        }
    }
}
