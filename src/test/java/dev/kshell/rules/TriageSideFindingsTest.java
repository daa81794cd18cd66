package dev.kshell.rules;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The side reads' findings join the step they name: six steps stay six, and each step's verdict rules apply. */
@Timeout(30)
class TriageSideFindingsTest {

    private static final Finding EXPIRING = new Finding(Severity.WARNING, "certificate-expiring", "broker 4",
            "the certificate of broker 4's listener SSL expires in 5 days", "radar");
    private static final Finding TEMPORARY = new Finding(Severity.WARNING, "temporary-config-due", "topic orders",
            "retention.ms was set for 1h and the hour has passed", "configs revert topic orders");

    @Test
    void should_join_a_side_finding_to_its_step_and_let_a_warning_of_step_2_degrade_the_verdict() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.healthy(), null)
                .withSideFindings(List.of(new SideFinding(2, "radar", EXPIRING))));

        assertThat(r.steps()).extracting(TriageStep::number).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(r.step(2).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.step(2).findings()).containsExactly(EXPIRING);
        assertThat(r.step(2).summary()).isEqualTo("3 registered: 4, 5, 6 live; 1 more: certificate-expiring");
        assertThat(r.step(2).next()).isEqualTo("radar");
        assertThat(r.verdict()).isEqualTo(Verdict.DEGRADED);
        assertThat(r.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_say_a_side_findings_headline_on_its_steps_line_and_in_the_verdict() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.healthy(), null)
                .withSideFindings(List.of(new SideFinding(2, "radar", EXPIRING,
                        "certificate of broker 4 (listener SSL) expires in 5 days"))));

        assertThat(r.step(2).summary()).isEqualTo("3 registered: 4, 5, 6 live; certificate of broker 4 (listener SSL) "
                + "expires in 5 days");
        assertThat(r.verdictLine()).isEqualTo("DEGRADED: 3 registered: 4, 5, 6 live; certificate of broker 4 "
                + "(listener SSL) expires in 5 days");
    }

    @Test
    void should_say_an_info_side_findings_headline_without_changing_the_steps_status() {
        Finding trap = new Finding(Severity.INFO, "metadata-version-no-downgrade", "cluster", "no way back",
                "features");
        TriageReport r = Triage.run(TriageInput.of(Snapshots.healthy(), null)
                .withSideFindings(List.of(new SideFinding(1, "radar", trap, "metadata.version 4.4-IV2 (no downgrade)"))));

        assertThat(r.step(1).status()).isEqualTo(StepStatus.OK);
        assertThat(r.step(1).summary()).endsWith("; metadata.version 4.4-IV2 (no downgrade)");
        assertThat(r.step(1).next()).isNull();
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
    }

    @Test
    void should_count_a_step_6_side_finding_without_changing_the_verdict() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.healthy(), null)
                .withSideFindings(List.of(new SideFinding(6, "configs", TEMPORARY))));

        assertThat(r.step(6).status()).isEqualTo(StepStatus.WARN);
        assertThat(r.step(6).findings()).contains(TEMPORARY);
        assertThat(r.step(6).next()).isEqualTo("configs revert topic orders");
        assertThat(r.verdict()).isEqualTo(Verdict.HEALTHY);
    }

    @Test
    void should_keep_a_step_without_side_findings_as_it_was() {
        TriageReport plain = Triage.run(Snapshots.healthy(), null);
        TriageReport with = Triage.run(TriageInput.of(Snapshots.healthy(), null)
                .withSideFindings(List.of(new SideFinding(2, "radar", EXPIRING))));

        assertThat(with.step(1)).isEqualTo(plain.step(1));
        assertThat(with.step(5)).isEqualTo(plain.step(5));
    }

    @Test
    void should_refuse_a_step_the_checklist_does_not_have() {
        assertThatThrownBy(() -> new SideFinding(7, "radar", EXPIRING)).hasMessageContaining("steps 1 to 6");
    }
}
