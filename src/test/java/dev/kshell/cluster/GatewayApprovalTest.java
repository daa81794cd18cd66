package dev.kshell.cluster;

import dev.kshell.model.PartitionSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The real gateway refuses every mutating call made outside the gate (issue 42): no confirmed audit line, no
 * approval, no request. The address answers nothing, so a call that went out would fail differently (a timeout),
 * and the message says the request was never sent.
 */
@Timeout(30)
class GatewayApprovalTest {

    private static final PartitionSpec ORDERS_0 = new PartitionSpec("orders", 0);

    @Test
    void should_refuse_each_mutating_call_without_the_gates_approval() {
        try (AdminClientGateway gateway = new AdminClientGateway(new ClusterTarget("127.0.0.1:1", null, Map.of(),
                Duration.ofSeconds(2)))) {
            assertOutsideTheGate(() -> gateway.electLeaders(ClusterGateway.ElectionType.UNCLEAN, List.of(ORDERS_0)));
            assertOutsideTheGate(() -> gateway.reassignSameSet(Map.of(ORDERS_0, List.of(5, 4))));
            assertOutsideTheGate(() -> gateway.replicaMoves().alter(Map.of(ORDERS_0, List.of(5))));
            assertOutsideTheGate(() -> gateway.replicaMoves().cancel(List.of(ORDERS_0)));
            assertOutsideTheGate(() -> gateway.replicaMoves().setBrokerRate(List.of(4), 1000));
            assertOutsideTheGate(() -> gateway.replicaMoves().removeBrokerRate(List.of(4)));
            assertOutsideTheGate(() -> gateway.replicaMoves().cordon(List.of(4)));
            assertOutsideTheGate(() -> gateway.replicaMoves().uncordon(List.of(4)));
            assertOutsideTheGate(() -> gateway.replicaMoves().setTopicThrottle(Map.of("orders", Map.of())));
            assertOutsideTheGate(() -> gateway.replicaMoves().removeTopicThrottle(List.of("orders")));
            assertOutsideTheGate(() -> gateway.replicaMoves().unregisterBroker(6));
            assertOutsideTheGate(() -> gateway.quorumChanges().addVoter(2, "AAAAAAAAAAAAAAAAAAAAAA", List.of("C://h:1")));
            assertOutsideTheGate(() -> gateway.quorumChanges().removeVoter(2, "AAAAAAAAAAAAAAAAAAAAAA"));
            assertOutsideTheGate(() -> gateway.configs().alter(dev.kshell.model.ConfigEntity.topic("orders"),
                    List.of(dev.kshell.model.ConfigOp.set("retention.ms", "1"))));
        }
    }

    private static void assertOutsideTheGate(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was called outside the gate").hasMessageContaining("nothing was sent");
    }
}
