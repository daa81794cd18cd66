package dev.kshell.rules.explain;

import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** explain with what the session knows: the names in the text read right, addresses resolved, sandbox advice kept in the sandbox. */
@Timeout(10)
class ExplainInSessionTest {

    private static final String EXPIRING = "org.apache.kafka.common.errors.TimeoutException: Expiring 5 record(s) for"
            + " payments-1:5001 ms has passed since batch creation";

    private static ClusterSnapshot sandboxLike() {
        return ExplainInSessionFixtures.sandboxLike();
    }

    @Test
    void should_read_partition_and_duration_in_the_expiring_message_not_a_host_and_port() {
        ErrorContext context = ErrorContext.of(EXPIRING);

        assertThat(context.hostPorts()).isEmpty();
        assertThat(context.topicPartitions()).containsExactly("payments-1");
        assertThat(context.topics()).containsExactly("payments");
        Explanation e = ErrorExplainer.explain(EXPIRING).get(0);
        assertThat(e.matchedPattern()).isEqualTo("REQUEST_TIMED_OUT (error code 7)");
        assertThat(e.likelyCause()).startsWith("A broker did not answer").doesNotContain("5001");
        assertThat(e.nextCommands()).contains("describe payments");
        // a real address next to a duration is still an address
        assertThat(ErrorContext.of("Expiring 1 record(s) for orders-0:120000 ms has passed; node localhost:9092")
                .hostPorts()).containsExactly("localhost:9092");
    }

    @Test
    void should_say_which_broker_an_address_is_and_its_state_now() {
        ExplainSituation situation = new ExplainSituation(false, sandboxLike(), Map.of());

        List<String> nodes = NamedNodes.describe("Connection to node 4 (/127.0.0.1:9492) could not be established."
                + " Broker may not be available. Also localhost:9493 and 10.9.9.9:9092 and localhost:9392", situation);

        assertThat(nodes).hasSize(3);
        assertThat(nodes.get(0)).startsWith("127.0.0.1:9492 is broker 4, fenced: registered but not serving;")
                .contains("check it on localhost").doesNotContain("sandbox").endsWith("(snapshot of 14:03:10 UTC)");
        assertThat(nodes.get(1)).startsWith("localhost:9493 is broker 5, live: registered and not fenced");
        assertThat(nodes.get(2)).startsWith("10.9.9.9:9092 is no broker or controller of the connected cluster"
                + " (its brokers: localhost:9492, localhost:9493, localhost:9494)");
        assertThat(NamedNodes.describe("timeout to localhost:9392", situation).get(0))
                .startsWith("localhost:9392 is controller 2, the quorum's leader");
        assertThat(NamedNodes.describe("connect ECONNREFUSED 127.0.0.1:9492", ExplainSituation.DISCONNECTED)).isEmpty();
    }

    @Test
    void should_suggest_sandbox_commands_only_in_a_sandbox_session() {
        String refused = "Connection error: connect ECONNREFUSED 127.0.0.1:9492";
        ExplainSituation real = new ExplainSituation(false, sandboxLike(), Map.of());
        ExplainSituation sandbox = new ExplainSituation(true, sandboxLike(), Map.of());

        for (ExplainSituation notSandbox : List.of(real, ExplainSituation.DISCONNECTED)) {
            assertThat(ErrorExplainer.explain(refused, notSandbox)).flatExtracting(Explanation::nextCommands)
                    .isNotEmpty().noneMatch(c -> c.startsWith("sandbox"));
            assertThat(ErrorExplainer.explain("Broker may not be available", notSandbox))
                    .flatExtracting(Explanation::nextCommands).noneMatch(c -> c.startsWith("sandbox"));
        }
        assertThat(ErrorExplainer.explain(refused, sandbox).get(0).nextCommands()).contains("sandbox status");
        assertThat(NamedNodes.describe(refused, sandbox).get(0)).contains("start it with `sandbox start-broker 4`");
        assertThat(NamedNodes.describe(refused, real).get(0)).doesNotContain("sandbox");
    }
}
