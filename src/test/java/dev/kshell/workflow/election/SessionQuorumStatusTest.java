package dev.kshell.workflow.election;

import dev.kshell.connection.ShellSession;
import dev.kshell.memory.QuorumMemory;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumState;
import dev.kshell.testsupport.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The quorum port's session side: each planned snapshot's quorum read joins the history it judges. */
@Timeout(10)
class SessionQuorumStatusTest {

    private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    private static ClusterSnapshot planned(String clusterId, int leader, long epoch) {
        return new ClusterSnapshot(clusterId, T0, List.of(), new QuorumState(leader, epoch, 1, List.of(), List.of()),
                null, List.of());
    }

    @Test
    void should_record_each_planned_read_and_judge_a_leader_change() {
        ManualClock clock = new ManualClock(T0);
        ShellSession session = new ShellSession(t -> null);
        session.useQuorumMemory(new QuorumMemory(null, clock, QuorumStability.DEFAULT_WINDOW));
        SessionQuorumStatus status = new SessionQuorumStatus(session);
        List<String> warnings = new ArrayList<>();

        assertThat(status.judge(planned("c1", 1, 7), warnings::add).kind()).as("no history is not stability")
                .isEqualTo(QuorumStability.Kind.UNKNOWN);
        clock.advance(Duration.ofSeconds(20));
        QuorumStability judged = status.judge(planned("c1", 2, 8), warnings::add);

        assertThat(judged.kind()).as("one change, its cause unknown: a failover").isEqualTo(QuorumStability.Kind.FAILOVER);
        assertThat(judged.leaders()).containsExactly(1, 2);
        assertThat(warnings).isEmpty();
    }

    @Test
    void should_not_judge_a_cluster_whose_id_is_unknown() {
        ShellSession session = new ShellSession(t -> null);
        assertThat(new SessionQuorumStatus(session).judge(planned(null, 1, 7), w -> { })).isNull();
    }
}
