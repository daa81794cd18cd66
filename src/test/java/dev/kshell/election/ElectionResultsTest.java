package dev.kshell.election;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.kshell.election.ElectionResults.ResultClass.FAILED;
import static dev.kshell.election.ElectionResults.ResultClass.NOT_NEEDED;
import static dev.kshell.election.ElectionResults.ResultClass.SUCCEEDED;
import static dev.kshell.election.Fixtures.p;
import static dev.kshell.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ElectionResultsTest {

    @Test
    void should_class_success_not_needed_and_failures_by_exception_name() {
        Map<String, Optional<String>> errors = new LinkedHashMap<>();
        errors.put("orders-0", Optional.empty());
        errors.put("orders-1", Optional.of("ElectionNotNeededException"));
        errors.put("orders-2", Optional.of("org.apache.kafka.common.errors.PreferredLeaderNotAvailableException"));
        errors.put("orders-3", Optional.of("EligibleLeadersNotAvailableException"));
        errors.put("orders-4", Optional.of("ELECTION_NOT_NEEDED"));
        ElectionResults r = ElectionResults.classify(
                List.of("orders-0", "orders-1", "orders-2", "orders-3", "orders-4", "orders-5"), errors);
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::outcome)
                .containsExactly(SUCCEEDED, NOT_NEEDED, FAILED, FAILED, NOT_NEEDED, FAILED);
        assertThat(r.results().get(2).errorName()).isEqualTo("PREFERRED_LEADER_NOT_AVAILABLE");
        assertThat(r.results().get(2).message()).contains("preferred replica is not available");
        assertThat(r.results().get(3).errorName()).isEqualTo("ELIGIBLE_LEADERS_NOT_AVAILABLE");
        assertThat(r.results().get(5).errorName()).isEqualTo("NO_RESULT");
        assertThat(r.counts()).containsEntry(SUCCEEDED, 1).containsEntry(NOT_NEEDED, 2).containsEntry(FAILED, 3);
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
    }

    @Test
    void should_exit_zero_when_nothing_failed() {
        ElectionResults r = ElectionResults.classify(List.of("a-0", "a-1"),
                Map.of("a-0", Optional.empty(), "a-1", Optional.of("ElectionNotNeededException")));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new ElectionResults(List.of()).exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_normalise_error_names() {
        assertThat(ElectionResults.normalise("TimeoutException")).isEqualTo("TIMEOUT");
        assertThat(ElectionResults.normalise("org.apache.kafka.common.errors.ClusterAuthorizationException"))
                .isEqualTo("CLUSTER_AUTHORIZATION");
        assertThat(ElectionResults.normalise("election_not_needed")).isEqualTo("ELECTION_NOT_NEEDED");
        assertThat(ElectionResults.classify("a-0", Optional.of("NONE")).outcome()).isEqualTo(SUCCEEDED);
        assertThat(ElectionResults.classify("a-0", Optional.of("TimeoutException")).message()).contains("timed out");
        assertThat(ElectionResults.classify("a-0", Optional.of("ClusterAuthorizationException")).message())
                .contains("ALTER on the CLUSTER");
    }

    @Test
    void should_class_a_preferred_plan_and_record_new_leaders() {
        ClusterSnapshot s = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(6),
                topic("orders", p("orders", 0, 4, List.of(4, 5), List.of(4, 5), null, null),
                        p("orders", 1, 4, List.of(5, 4), List.of(4, 5), null, null),
                        p("orders", 2, 4, List.of(6, 4), List.of(4), null, null)));
        PreferredPlan plan = PreferredElectionPlanner.plan(s, ElectionSelection.partitions(List.of(
                new PartitionSpec("orders", 0), new PartitionSpec("orders", 1), new PartitionSpec("orders", 2))));
        ElectionResults r = ElectionResults.ofPreferred(plan, Map.of("orders-1", Optional.empty()))
                .withNewLeaders(Map.of("orders-0", 4, "orders-1", 5, "orders-2", 4));
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::outcome)
                .containsExactly(NOT_NEEDED, SUCCEEDED, FAILED);
        assertThat(r.results()).extracting(ElectionResults.PartitionResult::newLeader).containsExactly(4, 5, 4);
        assertThat(r.results().get(2).message()).contains("not sent");
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
    }

    @Test
    void should_add_partitions_failed_before_the_election() {
        ElectionResults r = ElectionResults.classify(List.of("a-0"), Map.of("a-0", Optional.empty()))
                .plus(List.of(ElectionResults.failed("a-1", "InvalidReplicaAssignmentException",
                        "reorder failed: not elected, so that broker 6 (less data) does not win")));
        assertThat(r.failed()).extracting(ElectionResults.PartitionResult::errorName)
                .containsExactly("INVALID_REPLICA_ASSIGNMENT");
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
    }
}
