package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ProbeResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A leader that does not answer is no leader (issue 47): steps 3, 4 and 5 judge the partitions of a broker whose
 * probe got no answer, registered and unfenced still, as the partition checks do, and say the same count.
 */
@Timeout(30)
class TriageStepsAgreeTest {

    private static List<ProbeResult> fourSilent(ClusterSnapshot s) {
        return s.brokers().stream().map(b -> new ProbeResult(b.id(), "broker", b.endpoint(), b.id() != 4, 1,
                b.id() == 4 ? "connection refused" : null)).toList();
    }

    @Test
    void should_count_the_partitions_led_by_a_silent_broker_in_step_3_as_the_leaderless_check_does() {
        ClusterSnapshot now = Snapshots.healthy();
        PartitionReport check = PartitionHealth.leaderless(PartitionHealth.judged(now, Set.of(4)), TopicFilter.all());

        TriageReport r = Triage.run(TriageInput.of(now, null).withBrokerProbes(fourSilent(now), 6000L));

        assertThat(check.total()).isPositive();
        assertThat(r.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.step(3).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(3).summary()).startsWith(check.total() + " leaderless partitions");
        assertThat(r.step(4).status()).isEqualTo(StepStatus.FAIL);
        assertThat(r.step(5).summary()).contains("+" + check.total() + " leaderless (step 3)");
    }

    @Test
    void should_judge_as_before_when_every_broker_answers() {
        ClusterSnapshot now = Snapshots.healthy();
        List<ProbeResult> all = now.brokers().stream().map(b -> new ProbeResult(b.id(), "broker", b.endpoint(), true,
                1, null)).toList();

        TriageReport r = Triage.run(TriageInput.of(now, null).withBrokerProbes(all, 6000L));

        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
        assertThat(PartitionHealth.judged(now, Set.of())).isSameAs(now);
    }
}
