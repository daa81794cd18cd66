package dev.kshell.rules.election;

import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.election.ElectionResults.ResultClass.FAILED;
import static dev.kshell.rules.election.ElectionResults.ResultClass.NOT_NEEDED;
import static dev.kshell.rules.election.ElectionResults.ResultClass.SUCCEEDED;
import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ElectionResultsTest {

    private static final PartitionSpec O0 = new PartitionSpec("orders", 0);
    private static final PartitionSpec O1 = new PartitionSpec("orders", 1);
    private static final PartitionSpec O2 = new PartitionSpec("orders", 2);
    private static final PartitionSpec O3 = new PartitionSpec("orders", 3);
    private static final PartitionSpec O4 = new PartitionSpec("orders", 4);
    private static final PartitionSpec O5 = new PartitionSpec("orders", 5);

    @Test
    void should_class_success_not_needed_and_failures_from_the_typed_answers() {
        Map<PartitionSpec, ElectionAnswer> answers = new LinkedHashMap<>();
        answers.put(O0, ElectionAnswer.ELECTED);
        answers.put(O1, ElectionAnswer.failed(ElectionAnswer.Error.ELECTION_NOT_NEEDED, "Leader election not needed"));
        answers.put(O2, ElectionAnswer.failed(ElectionAnswer.Error.PREFERRED_LEADER_NOT_AVAILABLE, "not available"));
        answers.put(O3, ElectionAnswer.failed(ElectionAnswer.Error.ELIGIBLE_LEADERS_NOT_AVAILABLE, "none eligible"));
        answers.put(O4, ElectionAnswer.failed(ElectionAnswer.Error.TIMEOUT, "no answer within 30s"));
        ElectionResults r = ElectionResults.of(List.of(O0, O1, O2, O3, O4, O5), answers);
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::outcome)
                .containsExactly(SUCCEEDED, NOT_NEEDED, FAILED, FAILED, FAILED, FAILED);
        assertThat(r.results().get(2).errorName()).isEqualTo("PREFERRED_LEADER_NOT_AVAILABLE");
        assertThat(r.results().get(2).message()).contains("preferred replica is not available");
        assertThat(r.results().get(3).errorName()).isEqualTo("ELIGIBLE_LEADERS_NOT_AVAILABLE");
        // sent, never answered: not a failure the cluster reported, an outcome nobody knows
        assertThat(r.results().get(4).errorName()).isEqualTo(ElectionResults.UNKNOWN_OUTCOME);
        assertThat(r.unknown()).extracting(ElectionResults.PartitionResult::partition).containsExactly("orders-4");
        assertThat(r.results().get(5).errorName()).isEqualTo("NO_RESULT");
        assertThat(r.counts()).containsEntry(SUCCEEDED, 1).containsEntry(NOT_NEEDED, 1).containsEntry(FAILED, 4);
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
    }

    @Test
    void should_exit_zero_when_nothing_failed() {
        ElectionResults r = ElectionResults.of(List.of(O0, O1), Map.of(O0, ElectionAnswer.ELECTED,
                O1, ElectionAnswer.failed(ElectionAnswer.Error.ELECTION_NOT_NEEDED, null)));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new ElectionResults(List.of()).exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_normalise_error_names_and_explain_typed_errors() {
        assertThat(ElectionResults.normalise("TimeoutException")).isEqualTo("TIMEOUT");
        assertThat(ElectionResults.normalise("org.apache.kafka.common.errors.ClusterAuthorizationException"))
                .isEqualTo("CLUSTER_AUTHORIZATION");
        assertThat(ElectionResults.normalise("election_not_needed")).isEqualTo("ELECTION_NOT_NEEDED");
        assertThat(ElectionResults.of(O0, ElectionAnswer.failed(ElectionAnswer.Error.CLUSTER_AUTHORIZATION_FAILED,
                "denied")).message()).contains("not authorized to ALTER cluster");
        assertThat(ElectionResults.of(O0, ElectionAnswer.failed(ElectionAnswer.Error.OTHER, "PolicyViolation: no"))
                .message()).isEqualTo("failed: PolicyViolation: no");
        assertThat(ElectionResults.of(O0, null).errorName()).isEqualTo("NO_RESULT");
    }

    @Test
    void should_class_a_preferred_plan_and_record_new_leaders() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(6),
                topic("orders", p("orders", 0, 4, List.of(4, 5), List.of(4, 5), null, null),
                        p("orders", 1, 4, List.of(5, 4), List.of(4, 5), null, null),
                        p("orders", 2, 4, List.of(6, 4), List.of(4), null, null)));
        PreferredPlan plan = PreferredElectionPlanner.plan(s, ElectionSelection.partitions(List.of(O0, O1, O2)));
        ElectionResults r = ElectionResults.ofPreferredAnswers(plan, Map.of(O1, ElectionAnswer.ELECTED))
                .withNewLeaders(Map.of("orders-0", 4, "orders-1", 5, "orders-2", 4));
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::outcome)
                .containsExactly(NOT_NEEDED, SUCCEEDED, FAILED);
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::newLeader).containsExactly(4, 5, 4);
        assertThat(r.results().get(2).message()).contains("not sent");
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);

        // a partition the plan sent but the answer left out is failed, never silently succeeded
        ElectionResults missing = ElectionResults.ofPreferredAnswers(plan, Map.of());
        assertThat(missing.results().get(1).errorName()).isEqualTo("NO_RESULT");
    }

    @Test
    void should_add_partitions_failed_before_the_election() {
        ElectionResults r = ElectionResults.of(List.of(O0), Map.of(O0, ElectionAnswer.ELECTED))
                .plus(List.of(ElectionResults.failed("orders-1", "InvalidReplicaAssignmentException",
                        "reorder failed: not elected, so that broker 6 (less data) does not win")));
        assertThat(r.failed()).extracting(ElectionResults.PartitionResult::errorName)
                .containsExactly("INVALID_REPLICA_ASSIGNMENT");
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
    }
}
