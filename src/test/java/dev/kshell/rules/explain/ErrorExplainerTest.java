package dev.kshell.rules.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ErrorExplainerTest {

    private static Explanation first(String text) {
        return ErrorExplainer.explain(text).get(0);
    }

    static Stream<Arguments> seeds() {
        return Stream.of(
                // KafkaJS spellings (the error strings KafkaJS prints)
                Arguments.of("There is no leader for this topic-partition as we are in the middle of a leadership"
                        + " election", "LEADER_NOT_AVAILABLE (error code 5)", List.of("leaderless", "triage")),
                Arguments.of("This server is not the leader for that topic-partition",
                        "NOT_LEADER_OR_FOLLOWER (error code 6)", List.of("describe <topic>")),
                Arguments.of("Connection error: connect ECONNREFUSED 127.0.0.1:9092", "ECONNREFUSED",
                        List.of("brokers", "lint <server.properties>")),
                Arguments.of("Messages are rejected since there are fewer in-sync replicas than required",
                        "NOT_ENOUGH_REPLICAS (error code 19)", List.of("under-min-isr")),
                Arguments.of("Messages are written to the log, but to fewer in-sync replicas than required",
                        "NOT_ENOUGH_REPLICAS_AFTER_APPEND (error code 20)", List.of("under-min-isr")),
                Arguments.of("The request timed out", "REQUEST_TIMED_OUT (error code 7)", List.of("triage")),
                Arguments.of("The coordinator is not available", "COORDINATOR_NOT_AVAILABLE (error code 15)",
                        List.of("coordinators")),
                Arguments.of("This is not the correct coordinator for this group",
                        "NOT_COORDINATOR (error code 16)", List.of("coordinators")),
                Arguments.of("This server does not host this topic-partition",
                        "UNKNOWN_TOPIC_OR_PARTITION (error code 3)", List.of("topics", "describe <topic>")),
                Arguments.of("The requested offset is not within the range of offsets maintained by the server",
                        "OFFSET_OUT_OF_RANGE (error code 1)", List.of("describe <topic>")),
                // Java client spellings and exception classes
                Arguments.of("org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node"
                        + " assignment. Call: describeTopics", "NODE_ASSIGNMENT_TIMEOUT",
                        List.of("quorum --bootstrap-controller <controller-host:port>", "brokers")),
                Arguments.of("ERROR [BrokerLifecycleManager id=4] Shutting down because we were unable to register"
                        + " with the controller quorum. (kafka.server.BrokerLifecycleManager)",
                        "BROKER_REGISTRATION_FAILED",
                        List.of("quorum --bootstrap-controller <controller-host:port>", "lint <server.properties>")),
                Arguments.of("org.apache.kafka.common.errors.NotEnoughReplicasException: Messages are rejected since"
                        + " there are fewer in-sync replicas than required.", "NOT_ENOUGH_REPLICAS (error code 19)",
                        List.of("under-min-isr")),
                Arguments.of("NotEnoughReplicasAfterAppendException", "NOT_ENOUGH_REPLICAS_AFTER_APPEND (error code 20)",
                        List.of("under-min-isr", "under-replicated")),
                Arguments.of("org.apache.kafka.common.errors.CoordinatorNotAvailableException: The coordinator is"
                        + " not available.", "COORDINATOR_NOT_AVAILABLE (error code 15)", List.of("coordinators")),
                Arguments.of("NOT_COORDINATOR", "NOT_COORDINATOR (error code 16)", List.of("coordinators")),
                Arguments.of("UNKNOWN_TOPIC_OR_PARTITION", "UNKNOWN_TOPIC_OR_PARTITION (error code 3)",
                        List.of("topics")),
                Arguments.of("REQUEST_TIMED_OUT", "REQUEST_TIMED_OUT (error code 7)", List.of("triage")),
                Arguments.of("org.apache.kafka.common.errors.TopicAuthorizationException: Not authorized to access"
                        + " topics: [orders]", "TOPIC_AUTHORIZATION_FAILED (error code 29)", List.of("status")),
                Arguments.of("KafkaJSSASLAuthenticationError: SASL SCRAM SHA512 authentication failed: Authentication"
                        + " failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512",
                        "SASL_AUTHENTICATION_FAILED (error code 58)", List.of("status")),
                Arguments.of("org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed",
                        "SASL_AUTHENTICATION_FAILED (error code 58)", List.of("status")),
                Arguments.of("OFFSET_OUT_OF_RANGE", "OFFSET_OUT_OF_RANGE (error code 1)", List.of("triage")),
                Arguments.of("Connection to node -1 (localhost/127.0.0.1:9092) could not be established. Broker may"
                        + " not be available.", "BROKER_NOT_AVAILABLE (error code 8)", List.of("brokers")),
                Arguments.of("ElectionNotNeededException: Leader election not needed for topic partition.",
                        "ELECTION_NOT_NEEDED (error code 84)", List.of("describe <topic>")),
                Arguments.of("PREFERRED_LEADER_NOT_AVAILABLE", "PREFERRED_LEADER_NOT_AVAILABLE (error code 80)",
                        List.of("describe <topic>", "brokers")),
                Arguments.of("The preferred leader was not available.",
                        "PREFERRED_LEADER_NOT_AVAILABLE (error code 80)", List.of("brokers")),
                Arguments.of("ELIGIBLE_LEADERS_NOT_AVAILABLE", "ELIGIBLE_LEADERS_NOT_AVAILABLE (error code 83)",
                        List.of("leaderless", "triage", "elect unclean --dry-run <topic>-<partition>")),
                Arguments.of("Eligible topic partition leaders are not available.",
                        "ELIGIBLE_LEADERS_NOT_AVAILABLE (error code 83)", List.of("leaderless")),
                Arguments.of("KafkaJSNumberOfRetriesExceeded", "KafkaJSNumberOfRetriesExceeded", List.of("triage")),
                Arguments.of("KafkaJSProtocolError", "KafkaJSProtocolError", List.of("triage")),
                // numeric codes
                Arguments.of("error code 19", "NOT_ENOUGH_REPLICAS (error code 19)", List.of("under-min-isr")),
                Arguments.of("{\"errorCode\": 5}", "LEADER_NOT_AVAILABLE (error code 5)", List.of("leaderless")),
                Arguments.of("Produce failed with error_code=6", "NOT_LEADER_OR_FOLLOWER (error code 6)",
                        List.of("describe <topic>")),
                Arguments.of("code: 84", "ELECTION_NOT_NEEDED (error code 84)", List.of("describe <topic>")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void should_explain_every_listed_message(String text, String label, List<String> commands) {
        Explanation e = first(text);

        assertThat(e.matchedPattern()).isEqualTo(label);
        assertThat(e.likelyCause()).isNotBlank();
        assertThat(e.whatToCheck()).isNotBlank();
        assertThat(e.nextCommands()).containsAll(commands);
    }

    @Test
    void should_match_case_insensitively() {
        assertThat(first("there is NO LEADER for this TOPIC-PARTITION").matchedPattern())
                .isEqualTo("LEADER_NOT_AVAILABLE (error code 5)");
        assertThat(first("econnrefused").matchedPattern()).isEqualTo("ECONNREFUSED");
        assertThat(first("leader_not_available").matchedPattern()).isEqualTo("LEADER_NOT_AVAILABLE (error code 5)");
    }

    @Test
    void should_not_confuse_errors_whose_names_contain_each_other() {
        assertThat(ErrorExplainer.explain("PREFERRED_LEADER_NOT_AVAILABLE")).extracting(Explanation::matchedPattern)
                .containsExactly("PREFERRED_LEADER_NOT_AVAILABLE (error code 80)");
        assertThat(ErrorExplainer.explain("NOT_ENOUGH_REPLICAS_AFTER_APPEND")).extracting(Explanation::matchedPattern)
                .containsExactly("NOT_ENOUGH_REPLICAS_AFTER_APPEND (error code 20)");
        assertThat(ErrorExplainer.explain("PreferredLeaderNotAvailableException"))
                .extracting(Explanation::matchedPattern)
                .containsExactly("PREFERRED_LEADER_NOT_AVAILABLE (error code 80)");
    }

    @Test
    void should_put_the_named_topic_into_the_suggested_command() {
        Explanation e = first("[Producer clientId=app] Got error produce response with correlation id 7 on"
                + " topic-partition orders-0, retrying (2147483646 attempts left). Error: NOT_LEADER_OR_FOLLOWER");

        assertThat(e.nextCommands()).containsExactly("describe orders", "brokers");
        assertThat(e.likelyCause()).contains("partition orders-0");
    }

    @Test
    void should_read_topics_from_the_java_metadata_warning() {
        Explanation e = first("[Producer clientId=p] Error while fetching metadata with correlation id 12 :"
                + " {orders=LEADER_NOT_AVAILABLE, payments=LEADER_NOT_AVAILABLE}");

        assertThat(e.matchedPattern()).isEqualTo("LEADER_NOT_AVAILABLE (error code 5)");
        assertThat(e.nextCommands()).containsExactly("leaderless", "triage", "describe orders", "describe payments");
        assertThat(e.likelyCause()).startsWith("A partition of topic orders has no leader");
    }

    @Test
    void should_read_topic_and_partition_from_a_kafkajs_json_log_line() {
        String line = "{\"level\":\"ERROR\",\"timestamp\":\"2025-05-01T12:34:56.789Z\",\"logger\":\"kafkajs\","
                + "\"message\":\"[Producer] Messages are rejected since there are fewer in-sync replicas than"
                + " required\",\"topic\":\"payments\",\"partition\":2,\"retryCount\":0,\"broker\":\"kafka-2:9092\"}";

        Explanation e = first(line);

        assertThat(e.matchedPattern()).isEqualTo("NOT_ENOUGH_REPLICAS (error code 19)");
        assertThat(e.nextCommands()).containsExactly("under-min-isr", "brokers", "describe payments");
        assertThat(e.likelyCause()).contains("partition payments-2");
    }

    @Test
    void should_put_the_host_and_port_into_the_cause() {
        Explanation e = first("KafkaJSConnectionError: Connection error: connect ECONNREFUSED 10.0.0.7:29092");

        assertThat(e.likelyCause()).startsWith("Nothing accepted the TCP connection at 10.0.0.7:29092:");
        assertThat(first("Connection to node 2 (kafka-2.internal/10.1.2.3:9092) could not be established."
                + " Node may not be available.").likelyCause()).contains("kafka-2.internal:9092");
    }

    @Test
    void should_not_take_times_or_codes_for_addresses() {
        assertThat(ErrorContext.of("2025-05-01T12:34:56 code:190 correlation id 5").hostPorts()).isEmpty();
        assertThat(ErrorContext.of("[2025-05-01 12:34:56,789] WARN connect to localhost:9092").hostPorts())
                .containsExactly("localhost:9092");
    }

    @Test
    void should_read_the_topic_from_other_java_messages() {
        assertThat(first("org.apache.kafka.common.errors.TimeoutException: Topic orders not present in metadata"
                + " after 60000 ms.").nextCommands()).containsExactly("topics", "describe orders");
        assertThat(first("TopicAuthorizationException: Not authorized to access topics: [audit.log, orders]")
                .nextCommands()).containsExactly("status", "describe audit.log", "describe orders");
        assertThat(first("Topic: orders\tPartition: 3\tLeader: none\tReplicas: 1,2,3\tIsr: 2\tElr: \t"
                + "LastKnownElr: ELIGIBLE_LEADERS_NOT_AVAILABLE").nextCommands())
                .containsExactly("leaderless", "triage", "elect unclean --dry-run orders-3");
    }

    @Test
    void should_explain_the_cause_before_a_kafkajs_wrapper() {
        String text = "KafkaJSNumberOfRetriesExceeded: There is no leader for this topic-partition as we are in"
                + " the middle of a leadership election\n  [cause]: KafkaJSProtocolError: There is no leader for"
                + " this topic-partition as we are in the middle of a leadership election { type:"
                + " 'LEADER_NOT_AVAILABLE', code: 5, retriable: true }";

        assertThat(ErrorExplainer.explain(text)).extracting(Explanation::matchedPattern).containsExactly(
                "LEADER_NOT_AVAILABLE (error code 5)", "KafkaJSNumberOfRetriesExceeded", "KafkaJSProtocolError");
    }

    @Test
    void should_list_several_errors_in_the_order_they_appear() {
        assertThat(ErrorExplainer.explain("first NOT_ENOUGH_REPLICAS then NOT_LEADER_OR_FOLLOWER, error code 5"))
                .extracting(Explanation::matchedPattern).containsExactly(
                        "NOT_ENOUGH_REPLICAS (error code 19)", "NOT_LEADER_OR_FOLLOWER (error code 6)",
                        "LEADER_NOT_AVAILABLE (error code 5)");
        // the name and its code together are one explanation
        assertThat(ErrorExplainer.explain("type: 'LEADER_NOT_AVAILABLE', code: 5")).hasSize(1);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"the cat sat on the mat", "   ", "{}[]()\\", "java.lang.NullPointerException"})
    void should_give_a_helpful_answer_for_unknown_text(String text) {
        List<Explanation> out = ErrorExplainer.explain(text);

        assertThat(out).singleElement().satisfies(e -> {
            assertThat(e.matchedPattern()).isEqualTo(ErrorExplainer.NO_KNOWN_PATTERN);
            assertThat(e.likelyCause()).contains("does not recognise");
            assertThat(e.nextCommands()).containsExactly("triage");
        });
    }

    @Test
    void should_name_an_unknown_error_code() {
        assertThat(first("error code 87").likelyCause()).contains("Kafka error code 87 is not one kshell explains");
    }

    @Test
    void should_never_throw_on_hostile_input() {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            big.append("topic-partition a-").append(i).append(" \"password=\" {x=Y ");
        }
        // a regex that backtracks on this input would not end; the class timeout catches that (no wall-clock bound
        // here: a busy 2-core machine makes any tight bound flaky, and speed is measured by benchmarks)
        assertThat(ErrorExplainer.explain(big.toString())).isNotEmpty();
        assertThat(ErrorExplainer.explain("error code 99999999999")).isNotEmpty();
    }

    @Test
    void should_list_its_known_patterns() {
        assertThat(ErrorExplainer.knownPatterns()).contains("LEADER_NOT_AVAILABLE (error code 5)", "ECONNREFUSED")
                .doesNotHaveDuplicates();
    }
}
