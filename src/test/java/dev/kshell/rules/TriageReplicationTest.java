package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionState;
import dev.kshell.model.Severity;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.ReplicationCauses;
import dev.kshell.rules.replication.ReplicationEvidence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Triage's step 5 with the causes of under-replication and the log directories: the same judgement as the commands. */
@Timeout(30)
class TriageReplicationTest {

    private static TriageStep stepFive(TriageReport r) {
        return r.steps().stream().filter(s -> s.number() == 5).findFirst().orElseThrow();
    }

    @Test
    void should_name_each_cause_with_its_next_command_and_take_the_first_causes_action() {
        ClusterSnapshot s = Snapshots.cluster().brokers(4, 5).fenced(6)
                .topic("t").partition(0).replicas(4, 5, 6).leader(4).isr(4, 5).build();
        List<PartitionState> ps = s.topics().get(0).partitions();
        CauseReport causes = ReplicationCauses.judge(s, ps, ReplicationEvidence.none(), true);

        TriageStep step = stepFive(Triage.run(TriageInput.of(s, null).withSandboxSession(true)
                .withReplication(causes, null)));

        assertThat(step.findings()).extracting(Finding::rule).contains("under-replicated-broker-down");
        Finding cause = step.findings().stream().filter(f -> f.rule().equals("under-replicated-broker-down"))
                .findFirst().orElseThrow();
        assertThat(cause.message()).isEqualTo("cause: broker 6 is down or fenced (1 partition: t-0)");
        assertThat(cause.fix()).isEqualTo("`sandbox start-broker 6`");
        assertThat(step.action()).isEqualTo(causes.groups().get(0).action());
    }

    @Test
    void should_fail_step_five_for_an_offline_log_directory_even_with_every_isr_full() {
        ClusterSnapshot s = Snapshots.healthy();
        LogDirsRead dirs = new LogDirsRead(0, Map.of(5, List.of(
                new LogDirState(5, "/data2", "KafkaStorage", null, null, false, Map.of()))), Map.of());

        TriageReport r = Triage.run(TriageInput.of(s, null).withReplication(
                new CauseReport(List.of(), List.of()), LogDirHealth.judge(dirs, Map.of())));

        TriageStep step = stepFive(r);
        assertThat(step.status()).isEqualTo(StepStatus.FAIL);
        assertThat(step.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("log-dir-offline");
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
        });
        assertThat(r.verdict()).isNotEqualTo(Verdict.HEALTHY);
    }
}
