package dev.kshell.rules.reassign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.model.PartitionState;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which cancels go ahead: per partition, an old replica that is live and in sync, or a refusal with what instead. */
@Timeout(30)
class CancelCheckTest {

    private static CancelCheck.Moving moving(String topic, List<Integer> replicas, List<Integer> adding, Integer leader,
                                             List<Integer> isr) {
        return new CancelCheck.Moving(topic + "-0", new PartitionState(topic, 0, leader, replicas, isr, List.of(),
                List.of()), replicas, adding);
    }

    @Test
    void should_refuse_a_cancel_whose_only_old_replica_is_dead_and_let_a_healthy_one_go_ahead() {
        // the done-when shape: moving 6 -> 5 under a slow throttle, broker 6 then killed (ISR empty, 5 still copying)
        CancelCheck.Moving stranded = moving("slow", List.of(5, 6), List.of(5), null, List.of());
        CancelCheck.Moving healthy = moving("calm", List.of(4, 5), List.of(5), 4, List.of(4));
        CancelCheck.Verdict v = CancelCheck.check(List.of(stranded, healthy), Set.of(4, 5));
        assertThat(v.safe()).containsExactly("calm-0");
        assertThat(v.refused()).singleElement().satisfies(r -> {
            assertThat(r.partition()).isEqualTo("slow-0");
            assertThat(r.oldReplicas()).containsExactly(6);
            assertThat(r.reason()).contains("old replicas [6] hold no live in-sync replica").contains("not live: [6]")
                    .contains("unclean election");
            assertThat(r.instead()).startsWith("start broker 6 again").contains("brokers new-disk 6")
                    .contains("reassign evacuate 6");
        });
    }

    @Test
    void should_refuse_when_the_old_replica_is_in_the_isr_but_known_to_be_down() {
        // killed a moment ago: still in the ISR, but its probe got no answer (not in the live set)
        CancelCheck.Moving m = moving("t", List.of(5, 6), List.of(5), 6, List.of(6));
        assertThat(CancelCheck.check(List.of(m), Set.of(4, 5)).refused()).hasSize(1);
        assertThat(CancelCheck.check(List.of(m), Set.of(4, 5, 6)).safe()).containsExactly("t-0");
    }

    @Test
    void should_say_let_it_finish_when_the_live_in_sync_copy_is_a_new_replica() {
        CancelCheck.Moving m = moving("t", List.of(6, 4, 5, 7), List.of(5, 7), 5, List.of(5));
        assertThat(CancelCheck.check(List.of(m), Set.of(4, 5, 7)).refused()).singleElement()
                .satisfies(r -> assertThat(r.instead()).startsWith("let the move finish: broker 5"));
    }

    @Test
    void should_leave_an_old_replica_out_of_sync_but_live_to_waiting() {
        CancelCheck.Moving m = moving("t", List.of(4, 5), List.of(5), null, List.of());
        assertThat(CancelCheck.check(List.of(m), Set.of(4, 5)).refused()).singleElement()
                .satisfies(r -> assertThat(r.instead()).startsWith("wait until an old replica is back in the ISR"));
    }
}
