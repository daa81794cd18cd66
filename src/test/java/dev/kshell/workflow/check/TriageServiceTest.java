package dev.kshell.workflow.check;

import dev.kshell.rules.Snapshots;
import dev.kshell.rules.Verdict;
import dev.kshell.model.ProbeResult;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.concurrent.TimeUnit;

/** The triage workflow over a fake gateway: any connection in, a report out; Ctrl-C reaches its side reads. */
@Timeout(30)
class TriageServiceTest {

    private static final TriageService.Prober ANSWERING = (connection, targets) -> targets.stream()
            .map(t -> new ProbeResult(t.nodeId(), t.role(), t.endpoint(), true, 1, null)).toList();

    @Test
    void should_triage_any_gateway_with_nothing_known_beforehand() {
        try (TriageService service = new TriageService(ANSWERING)) {
            TriageService.TriageRun out = service.triage(new FakeGateway(Snapshots.healthy()), TriageOptions.fresh());
            assertThat(out.report().verdict()).isEqualTo(Verdict.HEALTHY);
            assertThat(out.snapshot()).isNotNull();
            assertThat(out.warnings()).isEmpty();
        }
    }

    @Test
    void should_judge_the_quorum_from_the_memory_it_is_given() {
        try (TriageService service = new TriageService(ANSWERING)) {
            TriageService.TriageRun out = service.triage(new FakeGateway(Snapshots.healthy()),
                    TriageOptions.fleetMember(false, QuorumMemory.sessionOnly(), null));
            assertThat(out.report().step(1).summary()).isNotBlank();
        }
    }

    @Test
    void should_end_with_a_cancellation_when_the_caller_is_interrupted_while_probes_hang() throws Exception {
        CountDownLatch probing = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        TriageService.Prober hanging = (connection, targets) -> {
            probing.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                released.countDown(); // the service's own thread was interrupted too
            }
            return List.of();
        };
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (TriageService service = new TriageService(hanging)) {
            Thread caller = new Thread(() -> {
                try {
                    service.triage(new FakeGateway(Snapshots.healthy()), TriageOptions.fresh());
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            caller.start();
            probing.await();
            caller.interrupt();
            caller.join(); // a triage that ignored the interrupt would hang here until the class's @Timeout
            assertThat(failure.get()).isInstanceOf(CancellationException.class);
            assertThat(released.await(5, TimeUnit.SECONDS)).isTrue();
        }
    }
}
