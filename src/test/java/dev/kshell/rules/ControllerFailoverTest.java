package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.ZooKeeperState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue-28 rules on fixtures: a dead controller in both modes, a failover as information, contradictions. */
@Timeout(30)
class ControllerFailoverTest {

    private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    private static ProbeResult answers(int id, String role) {
        return new ProbeResult(id, role, "h" + id + ":9092", true, 3, null);
    }

    private static ProbeResult refused(int id, String role) {
        return new ProbeResult(id, role, "h" + id + ":9092", false, 2, "connection refused");
    }

    private static ClusterSnapshot zooKeeperCluster(int controller) {
        return cluster().brokers(4, 5, 6).quorum(QuorumState.zooKeeperController(controller, 1, null))
                .topic("orders").partition(0).replicas(4).leader(4).isr(4)
                .partition(1).replicas(6).leader(6).isr(6).build();
    }

    @Test
    void should_call_a_dead_zookeeper_mode_controller_critical_with_what_it_blocks_and_when_zookeeper_moves_it() {
        TriageReport r = Triage.run(TriageInput.of(zooKeeperCluster(6), null)
                .withBrokerProbes(List.of(answers(4, "broker"), answers(5, "broker"), refused(6, "broker")), null)
                .withZooKeeperSessionTimeout(18_000L));
        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.step(1).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.verdictLine()).startsWith("UNAVAILABLE: controller 6 (broker) does not answer: no controller "
                + "until ZooKeeper moves it within ~18 s of its death (zookeeper.session.timeout.ms 18000, as a live "
                + "broker reports it)");
        Finding dead = r.step(1).findings().get(0);
        assertThat(dead.rule()).isEqualTo("controller-not-answering");
        assertThat(dead.message()).contains("no leader elections anywhere, no ISR changes, no topic changes");
        assertThat(dead.fix()).contains("once /brokers/ids/6 is gone");
        String broker6 = r.step(2).findings().stream().filter(f -> f.where().equals("broker 6")).findFirst()
                .orElseThrow().message();
        assertThat(broker6).contains("ZooKeeper drops its registration (/brokers/ids/6)")
                .doesNotContain("broker.session.timeout.ms").doesNotContain("fence");
        assertThat(r.step(2).action()).contains("once ZooKeeper has dropped its registration");
    }

    @Test
    void should_assume_the_default_zookeeper_session_timeout_and_say_so_when_it_cannot_be_read() {
        TriageReport r = Triage.run(TriageInput.of(zooKeeperCluster(6), null)
                .withBrokerProbes(List.of(answers(4, "broker"), answers(5, "broker"), refused(6, "broker")), null));
        assertThat(r.step(1).summary()).contains("within ~18 s").contains("the default");
    }

    @Test
    void should_not_say_the_zookeeper_controller_keeps_changing_after_one_move_caused_by_its_death() {
        List<LeaderTerm> terms = List.of(
                new LeaderTerm(6, 1, "zookeeper", "zookeeper /controller", T0, T0.plusSeconds(2), List.of(4, 5),
                        List.of(6), T0.plusSeconds(2)),
                new LeaderTerm(4, 2, "zookeeper", "zookeeper /controller", T0.plusSeconds(20), T0.plusSeconds(25),
                        List.of(4, 5), List.of(), null));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(25));
        ClusterSnapshot now = cluster().brokers(4, 5).quorum(QuorumState.zooKeeperController(4, 2,
                new ZooKeeperState("zk:2181", 4, 2L, null, List.of(4, 5), List.of(), null))).topic("orders")
                .partition(0).replicas(4).leader(4).isr(4).build();
        TriageReport r = Triage.run(TriageInput.of(now, null).withQuorumStability(s)
                .withBrokerProbes(List.of(answers(4, "broker"), answers(5, "broker")), null));
        assertThat(s.kind()).isEqualTo(QuorumStability.Kind.FAILOVER);
        String all = r.step(1).summary() + r.step(1).findings();
        assertThat(all).doesNotContain("keeps changing").doesNotContain("metadata.log.dir")
                .contains("one failover 5 s ago (controller 6 -> 4, epoch 1 -> 2; controller 6 had stopped answering)");
    }

    @Test
    void should_name_a_killed_kraft_controller_first_and_call_its_failover_information() {
        QuorumState q = new QuorumState(2, 9, 100, List.of(new QuorumReplica(1, -1, null, null, null),
                new QuorumReplica(2, 100, 0L, 0L, 0L), new QuorumReplica(3, 100, 0L, 100L, 100L)), List.of());
        List<LeaderTerm> terms = List.of(
                new LeaderTerm(1, 7, "kraft", "describeMetadataQuorum", T0, T0.plusSeconds(60), List.of(1, 2, 3),
                        List.of(), null),
                new LeaderTerm(2, 9, "kraft", "describeMetadataQuorum", T0.plusSeconds(64), T0.plusSeconds(64),
                        List.of(2, 3), List.of(1), null));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(64));
        ClusterSnapshot now = cluster().brokers(4, 5, 6).quorum(q).topic("orders").spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(now, null).withQuorumStability(s).withVoterProbes(List.of(
                refused(1, "controller"), answers(2, "controller"), answers(3, "controller"))));
        assertThat(r.verdictLine()).startsWith("DEGRADED: controller 1 does not answer; leader 2, epoch 9");
        assertThat(r.step(1).summary()).contains("one failover 0 s ago (leader 1 -> 2, epoch 7 -> 9; leader 1 had "
                + "stopped answering)");
        assertThat(r.step(1).findings()).extracting(Finding::rule).doesNotContain("quorum-unstable");
    }

    @Test
    void should_be_healthy_with_the_failover_noted_once_the_old_leader_is_back() {
        List<LeaderTerm> terms = List.of(
                new LeaderTerm(1, 7, "kraft", "describeMetadataQuorum", T0, T0.plusSeconds(60), List.of(1, 2, 3),
                        List.of(), T0.plusSeconds(60)),
                new LeaderTerm(2, 9, "kraft", "describeMetadataQuorum", T0.plusSeconds(64), T0.plusSeconds(120),
                        List.of(2, 3), List.of(1), null));
        QuorumStability s = QuorumStability.judge(terms, T0.plusSeconds(120));
        ClusterSnapshot now = cluster().brokers(4, 5, 6).quorum(Snapshots.quorumOf(2, 9)).topic("orders")
                .spread(3, 3).build();
        TriageReport r = Triage.run(TriageInput.of(now, null).withQuorumStability(s));
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.step(1).findings()).extracting(Finding::rule).contains("quorum-failover");
    }

    @Test
    void should_say_in_steps_1_and_2_when_nodes_could_not_be_probed() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.healthy(), null).withProbeGap("nodes not probed on "
                + "their own endpoints: the connection's TLS settings cannot be used here (x)"));
        assertThat(r.step(2).findings()).extracting(Finding::rule).contains("brokers-not-probed");
        assertThat(r.step(1).findings()).extracting(Finding::rule).contains("controllers-not-probed");
    }

    @Test
    void should_find_a_leaderless_partition_whose_isr_or_elr_holds_a_live_broker() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("diag-rf1").partition(0).replicas(5).noLeader().isr()
                .elr(5).partition(1).replicas(6).noLeader().isr().elr(7).build();
        assertThat(SnapshotContradictions.find(s, 10)).containsExactly("diag-rf1-0 (no leader, ISR/ELR [5] live)");
    }
}
