package dev.kshell.cluster;

import dev.kshell.cli.ErrorMapper;
import dev.kshell.model.ExitCode;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.InterruptException;

/** Exit codes of the failures an operator meets first: a denied ACL, a bad JAAS line, an absurd --timeout. */
@Timeout(60)
class KafkaErrorsTest {

    static final ClusterTarget TARGET = new ClusterTarget("127.0.0.1:1", null, Map.of(), Duration.ofSeconds(2));

    @Test
    void should_report_an_authorization_failure_as_such_not_as_unreachable() {
        ClusterException e = KafkaErrors.translateCause(TARGET, "electLeaders",
                new ClusterAuthorizationException("Cluster authorization failed."));
        assertThat(e.kind()).isEqualTo(ClusterException.Kind.NOT_AUTHORIZED);
        assertThat(e.getMessage()).startsWith("not authorized to ALTER cluster: electLeaders on 127.0.0.1:1 was denied");
        ErrorMapper.Mapped mapped = ErrorMapper.map(e);
        assertThat(mapped.code()).isEqualTo(ExitCode.ACTION_FAILED);
        assertThat(mapped.code()).isNotEqualTo(ExitCode.UNREACHABLE);
    }

    @Test
    void should_call_a_bad_jaas_config_bad_input_and_hide_its_password() {
        ClusterTarget sasl = new ClusterTarget("127.0.0.1:1", null, Map.of("security.protocol", "SASL_PLAINTEXT",
                "sasl.mechanism", "PLAIN",
                // no closing semicolon: Kafka's JAAS parser rejects it when the client is created
                "sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required "
                        + "username=\"admin\" password=\"s3cret-pw\""), Duration.ofSeconds(2));
        try (AdminClientGateway gateway = new AdminClientGateway(sasl)) {
            assertThatThrownBy(gateway::clusterId).isInstanceOfSatisfying(ClusterException.class, e -> {
                ErrorMapper.Mapped mapped = ErrorMapper.map(e);
                assertThat(mapped.code()).as(mapped.message()).isEqualTo(ExitCode.USAGE);
                assertThat(mapped.message()).startsWith("bad client configuration").doesNotContain("s3cret-pw");
            });
        }
    }

    @Test
    void should_accept_600h_as_the_largest_deadline_kafka_takes_never_an_overflow() {
        Properties props = AdminClientGateway.adminProperties(new ClusterTarget("b:9092", null, Map.of(),
                Duration.ofHours(600)));
        assertThat(props.get(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG)).isEqualTo(String.valueOf(Integer.MAX_VALUE));
        assertThat(props.get(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG)).isEqualTo(String.valueOf(Integer.MAX_VALUE));
        assertThat(AdminClientGateway.clampMs(Duration.ofHours(600).toMillis())).isPositive();
    }

    @Test
    void should_call_an_interrupted_call_cancelled_not_a_failed_action() {
        // Ctrl-C during a one-shot's first call (capability detection) was exit 5 with "InterruptedException"
        for (Throwable cause : new Throwable[] {new InterruptedException(),
            new InterruptException(new InterruptedException()),
            new ExecutionException(new InterruptedException())}) {
            assertThatThrownBy(() -> KafkaErrors.translateCause(TARGET, "describeFeatures", cause))
                    .isInstanceOf(CancellationException.class);
            assertThat(Thread.interrupted()).isTrue(); // the flag is given back for the caller to see
            assertThatThrownBy(() -> KafkaErrors.translate(TARGET, "describeCluster", () -> {
                throw cause instanceof Exception e ? e : new RuntimeException(cause);
            })).isInstanceOf(CancellationException.class);
            Thread.interrupted();
        }
        assertThat(ErrorMapper.map(new CancellationException("cancelled")).code())
                .isEqualTo(ExitCode.CANCELLED);
    }
}
