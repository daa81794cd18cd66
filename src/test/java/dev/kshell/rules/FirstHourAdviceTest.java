package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.ProbeResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static dev.kshell.rules.Snapshots.cluster;
import static org.assertj.core.api.Assertions.assertThat;

/** Advice a person follows in the first hour: the command that does it where they are, the usual fix first. */
@Timeout(30)
class FirstHourAdviceTest {

    @Test
    void should_name_the_sandbox_command_that_starts_a_broker_in_a_sandbox_session() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.seedIncident(), null).withSandboxSession(true));
        assertThat(r.step(2).action()).isEqualTo("`sandbox start-broker 5`, `sandbox start-broker 6` (fenced); if gone for good: `reassign evacuate 5 6 --dry-run` (moves its replicas to live brokers: bytes copied at the throttle, the replication factor kept)");
        assertThat(r.step(4).action()).startsWith("`sandbox start-broker 5`, `sandbox start-broker 6`");
        assertThat(r.step(5).action()).isEqualTo("`sandbox start-broker 5`, `sandbox start-broker 6` to restore the ISR");
        assertThat(r.steps()).allSatisfy(s -> assertThat(String.valueOf(s.action())).doesNotContain("restart broker"));
    }

    @Test
    void should_name_a_silent_broker_by_the_sandbox_command_too() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("orders").partition(0).replicas(5).leader(5).isr(5).build();
        TriageReport r = Triage.run(TriageInput.of(s, null).withSandboxSession(true).withBrokerProbes(List.of(
                new ProbeResult(4, "broker", "b4:9092", true, 3, null),
                new ProbeResult(5, "broker", "b5:9092", false, 1500, "connection refused"),
                new ProbeResult(6, "broker", "b6:9092", true, 3, null)), 3000L));
        assertThat(r.step(2).action()).isEqualTo("`sandbox start-broker 5` (not answering)");
    }

    @Test
    void should_keep_the_operators_words_outside_the_sandbox() {
        TriageReport r = Triage.run(TriageInput.of(Snapshots.seedIncident(), null));
        assertThat(r.step(2).action()).isEqualTo("restart broker 5 and 6 (fenced); if gone for good: `reassign evacuate 5 6 --dry-run` (moves its replicas to live brokers: bytes copied at the throttle, the replication factor kept)");
    }

    @Test
    void should_lead_with_min_isr_2_and_its_trade_off_for_rf3_min_isr3_on_three_brokers() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("demo").minIsr(3, Snapshots.TOPIC).spread(3, 3).build();
        Finding f = Triage.run(TriageInput.of(s, null)).step(6).findings().stream()
                .filter(x -> x.rule().equals("min-isr-equals-rf")).findFirst().orElseThrow();
        // triage names kshell's command (through the gate, with its plan and undo); audit keeps Kafka's line
        assertThat(f.fix()).startsWith("lower min.insync.replicas to 2: `configs set topic demo min.insync.replicas=2` "
                        + "(trade-off: acks=all writes keep going "
                        + "with one replica down, but are then acknowledged on 2 copies, not 3); or keep 3 and raise the "
                        + "replication factor of demo to 4");
    }

    @Test
    void should_keep_raising_rf_first_for_rf2_min_isr2_when_a_third_broker_exists() {
        ClusterSnapshot s = cluster().brokers(4, 5, 6).topic("pairs").minIsr(2, Snapshots.TOPIC).spread(3, 2).build();
        Finding f = Triage.run(TriageInput.of(s, null)).step(6).findings().stream()
                .filter(x -> x.rule().equals("min-isr-equals-rf")).findFirst().orElseThrow();
        assertThat(f.fix()).startsWith("raise the replication factor of pairs to 3 by reassignment");
    }
}
