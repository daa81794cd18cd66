package dev.kshell.workflow.election;

import dev.kshell.rules.election.ElectionPlan;
import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.election.Fixtures;
import dev.kshell.rules.guard.GuardContext;

import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterException;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.Json;
import dev.kshell.memory.StateStore;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;

import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.quorumWithLeader;
import static dev.kshell.rules.election.Fixtures.snapshot;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.time.Duration;

/** The election workflow over a fake gateway: every confirmed attempt ends with its real outcome in the audit log. */
@Timeout(30)
class ElectionServiceTest {

    @TempDir
    Path dir;

    /** orders-0..2 led by 5 with preferred 4 in the ISR; orders-9 leaderless, 4 dead in ELR, 5 and 6 live. */
    static ClusterSnapshot cluster() {
        return snapshot(quorumWithLeader(), Set.of(), topic("orders",
                p("orders", 0, 5, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()),
                p("orders", 1, 5, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()),
                p("orders", 2, 5, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of())));
    }

    static ClusterSnapshot uncleanOnly() {
        return snapshot(quorumWithLeader(), Set.of(4), topic("ledger",
                p("ledger", 0, null, List.of(4, 5, 6), List.of(), List.of(4), List.of(4))));
    }

    /** Records what the operator saw, in order. */
    static class Person implements ElectionService.Operator {
        final List<String> seen = new ArrayList<>();
        final String answer;

        Person(String answer) {
            this.answer = answer;
        }

        @Override
        public void showPlan(ElectionPlan plan) {
            seen.add("plan");
        }

        @Override
        public void beforeAsking(ElectionPlan plan) {
            seen.add("before-asking");
        }

        @Override
        public String ask(String prompt) {
            seen.add("ask: " + prompt);
            return answer;
        }

        @Override
        public void note(String line) {
            seen.add("note: " + line);
        }
    }

    private ElectionService service(FakeGateway gateway) {
        // The fake's leaders never move: a short re-read wait instead of the real 5 s
        return new ElectionService(gateway, new AuditLog(dir.resolve("audit.jsonl")), new StateStore(dir.resolve("state")))
                .withRereadWait(Duration.ofMillis(100));
    }

    private static ElectionService.Attempt attempt(GuardContext guard, Person person) {
        return new ElectionService.Attempt("elect preferred --topic orders", null, guard, person);
    }

    private static GuardContext yes() {
        return new GuardContext(null, null, false, true, false, false);
    }

    private List<JsonNode> audit() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file).stream().map(l -> Json.mapper().readTree(l)).toList()
                : List.of();
    }

    private List<String> decisions() throws IOException {
        return audit().stream().map(a -> a.get("decision").asString()).toList();
    }

    @Test
    void should_read_the_cluster_again_after_yes_and_refuse_when_the_plan_changed() throws IOException {
        // orders-0 is led by 4, its preferred leader, by the time the operator answers
        ClusterSnapshot moved = snapshot(quorumWithLeader(), Set.of(), topic("orders",
                p("orders", 0, 4, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()),
                p("orders", 1, 5, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of()),
                p("orders", 2, 5, List.of(4, 5, 6), List.of(4, 5, 6), List.of(), List.of())));
        List<String> sent = new ArrayList<>();
        ClusterSnapshot[] now = {cluster()};
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                return now[0];
            }

            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                sent.add(type + " " + ps);
                return super.electLeaders(type, ps);
            }
        };
        Person slow = new Person("y") {
            @Override
            public String ask(String prompt) {
                now[0] = moved; // the question has no time limit: the cluster moves on while it waits
                return super.ask(prompt);
            }
        };

        ElectionService.Result r = service(gateway).preferred(attempt(GuardContext.interactive(null, null), slow),
                new ElectionService.PreferredTarget.Topic("orders"));

        // was: the election from the planning snapshot, however old
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(sent).isEmpty();
        assertThat(decisions()).containsExactly("confirmed", "aborted");
        assertThat(audit().get(1).get("reason").asString())
                .isEqualTo("the cluster changed while you were asked: the plan is no longer the one shown");
    }

    @Test
    void should_close_a_confirmed_attempt_as_interrupted_when_ctrl_c_cuts_the_read_after_yes() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("cancelled"); // what the real gateway does on Ctrl-C
                }
                return super.snapshot(topics, withConfigs);
            }
        };
        Person pressesCtrlC = new Person("y") {
            @Override
            public String ask(String prompt) {
                Thread.currentThread().interrupt();
                return super.ask(prompt);
            }
        };

        assertThatThrownBy(() -> service(gateway).preferred(attempt(GuardContext.interactive(null, null), pressesCtrlC),
                new ElectionService.PreferredTarget.Topic("orders"))).isInstanceOf(CancellationException.class);
        Thread.interrupted();
        assertThat(decisions()).containsExactly("confirmed", "interrupted");
        assertThat(audit().get(1).get("reason").asString()).contains("before anything was sent");
    }

    @Test
    void should_act_after_yes_when_the_cluster_read_again_plans_the_same() throws IOException {
        List<String> sent = new ArrayList<>();
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                sent.add(type + " " + ps);
                return super.electLeaders(type, ps);
            }
        };
        ElectionService.Result r = service(gateway).preferred(attempt(GuardContext.interactive(null, null),
                new Person("y")), new ElectionService.PreferredTarget.Topic("orders"));

        assertThat(sent).hasSize(1);
        assertThat(decisions()).startsWith("confirmed");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_log_interrupted_when_ctrl_c_cuts_the_election_short() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                Thread.currentThread().interrupt();   // what the gateway sees after Ctrl-C
                throw new CancellationException("cancelled");
            }
        };
        assertThatThrownBy(() -> service(gateway).preferred(attempt(yes(), new Person(null)),
                new ElectionService.PreferredTarget.Topic("orders"))).isInstanceOf(CancellationException.class);
        Thread.interrupted();
        assertThat(decisions()).containsExactly("confirmed", "interrupted");
        assertThat(audit().get(1).get("reason").asString()).contains("after the request was sent");
        assertThat(audit().get(1).get("approvedBy").asString()).isEqualTo("--yes");
    }

    @Test
    void should_keep_each_batchs_own_results_and_log_unknown_for_the_unanswered_one() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                Map<PartitionSpec, ElectionAnswer> out = new LinkedHashMap<>();
                for (PartitionSpec p : ps) {
                    // the batch holding orders-2 timed out; the other batch answered
                    out.put(p, p.partition() == 2 ? ElectionAnswer.failed(ElectionAnswer.Error.TIMEOUT, "no answer within 30s")
                            : ElectionAnswer.ELECTED);
                }
                return out;
            }
        };
        ElectionService.Result r = service(gateway).preferred(attempt(yes(), new Person(null)),
                new ElectionService.PreferredTarget.Topic("orders"));
        assertThat(r.exitCode()).isEqualTo(ExitCode.ACTION_FAILED);
        assertThat(decisions()).containsExactly("confirmed", "unknown");
        JsonNode results = audit().get(1).get("results").get("results");
        assertThat(results).hasSize(3);
        assertThat(results.get(0).get("outcome").asString()).isEqualTo("SUCCEEDED");
        assertThat(results.get(2).get("errorName").asString()).isEqualTo(ElectionResults.UNKNOWN_OUTCOME);
        assertThat(results.get(2).get("message").asString()).contains("may or may not have happened");
    }

    @Test
    void should_say_succeeded_re_read_failed_not_failed() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            int snapshots;

            @Override
            public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                if (++snapshots > 1) {
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE, "no answer from b:9092 within 1s (describeTopics)");
                }
                return super.snapshot(topics, withConfigs);
            }
        };
        ElectionService.Result r = service(gateway).preferred(attempt(yes(), new Person(null)),
                new ElectionService.PreferredTarget.Topic("orders"));
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(decisions()).containsExactly("confirmed", "succeeded");
        assertThat(audit().get(1).get("reason").asString()).startsWith("re-read failed: no answer from b:9092");
        assertThat(r.lines()).anyMatch(l -> l.startsWith("succeeded, re-read failed: "));
    }

    @Test
    void should_log_unknown_when_an_internal_error_follows_the_request() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                throw new IllegalStateException("boom");
            }
        };
        assertThatThrownBy(() -> service(gateway).preferred(attempt(yes(), new Person(null)),
                new ElectionService.PreferredTarget.Topic("orders"))).isInstanceOf(IllegalStateException.class);
        assertThat(decisions()).containsExactly("confirmed", "unknown");
        assertThat(audit().get(1).get("reason").asString()).contains("internal error", "boom");
    }

    @Test
    void should_log_unknown_when_the_deadline_passes_after_the_request() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster()) {
            @Override
            public Map<PartitionSpec, ElectionAnswer> electLeaders(ElectionType type, Collection<PartitionSpec> ps) {
                dev.kshell.audit.Approval.require("fake electLeaders"); // as the real gateway: only behind the gate
                throw new ClusterException(ClusterException.Kind.UNREACHABLE, "no answer from b:9092 within 30s (electLeaders)");
            }
        };
        assertThatThrownBy(() -> service(gateway).preferred(attempt(yes(), new Person(null)),
                new ElectionService.PreferredTarget.Topic("orders"))).isInstanceOf(ClusterException.class);
        assertThat(decisions()).containsExactly("confirmed", "unknown");
    }

    @Test
    void should_remember_the_original_order_as_soon_as_the_reassignment_is_accepted() throws IOException {
        FakeGateway gateway = new FakeGateway(uncleanOnly()) {
            @Override
            public ReplicaSizes replicaSizes(Collection<Integer> brokerIds) {
                return new ReplicaSizes(Map.of(5, Map.of(new PartitionSpec("ledger", 0), 2797L),
                        6, Map.of(new PartitionSpec("ledger", 0), 5627L)), Map.of());
            }

            @Override
            public Map<PartitionSpec, Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");   // Ctrl-C while waiting for the new order
            }
        };
        GuardContext runbook = new GuardContext(null, null, false, true, true, false);
        ElectionService.Attempt a = new ElectionService.Attempt("elect unclean ledger-0", "fix.ksh:3", runbook,
                new Person(null));
        assertThatThrownBy(() -> service(gateway).unclean(a, List.of("ledger-0"), "usage", false))
                .isInstanceOf(CancellationException.class);
        Thread.interrupted();
        assertThat(new StateStore(dir.resolve("state")).load(Fixtures.CLUSTER).memory().reorders())
                .containsKey("ledger-0");
        assertThat(decisions()).containsExactly("confirmed", "interrupted");
        JsonNode confirmed = audit().get(0);
        assertThat(confirmed.get("origin").asString()).isEqualTo("fix.ksh:3");
        assertThat(confirmed.get("approvedBy").asString()).isEqualTo("allow unclean + --yes");
    }

    @Test
    void should_show_the_plan_before_asking_and_call_enter_at_y_n_answered_no() throws IOException {
        FakeGateway gateway = new FakeGateway(cluster());
        Person person = new Person("");
        ElectionService.Result r = service(gateway).preferred(attempt(GuardContext.interactive(null, null), person),
                new ElectionService.PreferredTarget.Topic("orders"));
        assertThat(person.seen).containsExactly("plan", "before-asking",
                "ask: Elect the preferred leader of 3 partitions? [y/N] ");
        assertThat(r.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(r.note()).isEqualTo("aborted: answered no; nothing was changed");
        assertThat(decisions()).containsExactly("aborted");
    }

    @Test
    void should_report_a_hanging_transaction_with_its_abort_command_after_an_unclean_election() {
        FakeGateway gateway = new FakeGateway(uncleanOnly()) {
            @Override
            public OpenTransactions openTransactions(PartitionSpec partition) {
                return new OpenTransactions(partition, List.of(new OpenTransactions.Open(4001, 0, 120, 1_000_000L,
                        null, null, true)), null);
            }
        };
        GuardContext runbook = new GuardContext(null, null, false, true, true, false);
        ElectionService.Result r = service(gateway).unclean(new ElectionService.Attempt("elect unclean ledger-0",
                "fix.ksh:3", runbook, new Person(null)), List.of("ledger-0"), "usage", true);
        assertThat(r.lines()).anyMatch(l -> l.contains("ledger-0: HANGING transaction of producer 4001")
                && l.contains("kafka-transactions.sh --bootstrap-server fake:9092 abort --topic ledger --partition 0 "
                + "--start-offset 120"));
    }
}
