package dev.kshell.rules.election;

import dev.kshell.rules.guard.RefusalReason;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.rules.guard.Decision;

import dev.kshell.rules.guard.GuardContext;

import dev.kshell.rules.guard.Confirmation;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.guard.Decision.Kind.DRY_RUN;
import static dev.kshell.rules.guard.Decision.Kind.NOTHING_TO_DO;
import static dev.kshell.rules.guard.Decision.Kind.PROCEED;
import static dev.kshell.rules.guard.Decision.Kind.PROCEED_AFTER_CONFIRM;
import static dev.kshell.rules.guard.Decision.Kind.REFUSE;
import static dev.kshell.rules.election.Fixtures.CLUSTER;
import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;
import java.util.Arrays;

@Timeout(10)
class ElectionGuardTest {

    private static final ClusterSnapshot LEADERLESS = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(4),
            topic("orders", p("orders", 0, null, List.of(4, 6, 5), List.of(), List.of(4), List.of(4)),
                    p("orders", 1, null, List.of(4, 5), List.of(), List.of(4), List.of(4)),
                    p("orders", 2, 5, List.of(5, 6), List.of(5, 6), null, null),
                    p("orders", 3, 6, List.of(5, 6), List.of(5, 6), null, null)));

    private static UncleanPlan unclean(int... partitions) {
        List<PartitionSpec> specs = Arrays.stream(partitions).mapToObj(n -> new PartitionSpec("orders", n))
                .toList();
        return UncleanElectionPlanner.plan(LEADERLESS, specs, Map.of(), Map.of(), false);
    }

    private static PreferredPlan preferred(int... partitions) {
        List<PartitionSpec> specs = Arrays.stream(partitions).mapToObj(n -> new PartitionSpec("orders", n))
                .toList();
        return PreferredElectionPlanner.plan(LEADERLESS, ElectionSelection.partitions(specs));
    }

    /** terminal, yes, runbookAllowsUnclean, dryRun -> kind, reason (or -), exit code. */
    @ParameterizedTest(name = "terminal={0} yes={1} allow={2} dryRun={3} -> {4}")
    @CsvSource({
            "true,  false, false, false, PROCEED_AFTER_CONFIRM, -,                   0",
            "true,  true,  false, false, PROCEED_AFTER_CONFIRM, -,                   0",
            "true,  false, true,  false, PROCEED_AFTER_CONFIRM, -,                   0",
            "true,  true,  true,  false, PROCEED,               -,                   0",
            "false, true,  true,  false, PROCEED,               -,                   0",
            "false, false, false, false, REFUSE,                NO_TERMINAL,         3",
            "false, true,  false, false, REFUSE,                YES_WITHOUT_RUNBOOK, 3",
            "false, false, true,  false, REFUSE,                RUNBOOK_WITHOUT_YES, 3",
            "false, false, false, true,  DRY_RUN,               -,                   0",
            "true,  true,  true,  true,  DRY_RUN,               -,                   0",
    })
    void should_decide_unclean_for_every_combination(boolean terminal, boolean yes, boolean allow, boolean dryRun,
                                                     Decision.Kind kind, String reason, int exit) {
        GuardContext ctx = new GuardContext(CLUSTER, CLUSTER, terminal, yes, allow, dryRun);
        Decision d = ElectionGuard.unclean(unclean(0), ctx);
        assertThat(d.kind()).isEqualTo(kind);
        assertThat(d.exitCode().code()).isEqualTo(exit);
        if (!reason.equals("-")) {
            assertThat(d.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.valueOf(reason));
            assertThat(d.alternative()).isNotBlank();
        }
    }

    @Test
    void should_require_the_partition_name_typed_for_one_partition_even_with_yes() {
        Decision d = ElectionGuard.unclean(unclean(0), GuardContext.interactive(null, CLUSTER).withYes(true));
        assertThat(d.kind()).isEqualTo(PROCEED_AFTER_CONFIRM);
        assertThat(d.note()).contains("--yes does not skip");
        Confirmation c = d.confirmation();
        assertThat(c.typed()).isTrue();
        assertThat(c.expected()).isEqualTo("orders-0");
        assertThat(c.prompt()).contains("Type 'orders-0' to proceed");
        assertThat(c.accepts("orders-0")).isTrue();
        assertThat(c.accepts("orders-0\n")).isTrue();
        assertThat(c.accepts("y")).isFalse();
        assertThat(c.accepts("yes")).isFalse();
        assertThat(c.accepts("ORDERS-0")).isFalse();
        assertThat(c.accepts("")).isFalse();
        assertThat(c.accepts(null)).isFalse();
    }

    @Test
    void should_require_unclean_n_partitions_typed_for_several() {
        Confirmation c = ElectionGuard.unclean(unclean(0, 1), GuardContext.interactive(null, CLUSTER)).confirmation();
        assertThat(c.expected()).isEqualTo("unclean 2 partitions");
        assertThat(c.accepts("unclean 2 partitions")).isTrue();
        assertThat(c.accepts("orders-0")).isFalse();
    }

    @Test
    void should_refuse_every_mutation_on_a_cluster_id_mismatch_even_a_dry_run() {
        GuardContext wrong = new GuardContext(CLUSTER, "other-cluster-id", true, true, true, false);
        for (Decision d : List.of(ElectionGuard.unclean(unclean(0), wrong),
                ElectionGuard.unclean(unclean(0), wrong.withDryRun(true)),
                ElectionGuard.preferred(preferred(2, 3), wrong),
                ElectionGuard.restoreOrder(new RestoreOrderPlan(List.of(), List.of()), wrong))) {
            assertThat(d.kind()).isEqualTo(REFUSE);
            assertThat(d.exitCode()).isEqualTo(ExitCode.REFUSED);
            assertThat(d.refusals().get(0).reason()).isEqualTo(RefusalReason.CLUSTER_ID_MISMATCH);
            assertThat(d.reason()).contains(CLUSTER).contains("other-cluster-id");
        }
        // an unknown actual id cannot be matched either; no pinned id means no check
        assertThat(ElectionGuard.clusterIdRefusal(new GuardContext(CLUSTER, null, true, false, false, false)))
                .isNotNull();
        assertThat(ElectionGuard.clusterIdRefusal(new GuardContext(null, "anything", true, false, false, false)))
                .isNull();
    }

    @Test
    void should_refuse_with_the_plans_reasons_even_on_a_dry_run() {
        GuardContext ctx = GuardContext.interactive(CLUSTER, CLUSTER).withDryRun(true);
        Decision d = ElectionGuard.unclean(unclean(0, 2), ctx);
        assertThat(d.kind()).isEqualTo(REFUSE);
        assertThat(d.exitCode()).isEqualTo(ExitCode.REFUSED);
        assertThat(d.refusals()).extracting(Refusal::reason).containsExactly(RefusalReason.PARTITION_HAS_LEADER);
        // orders-2 is already on its preferred replica: no `elect preferred` advice that would change nothing
        assertThat(d.alternative()).isEqualTo("none needed: orders-2 is led by its preferred replica");
    }

    @Test
    void should_refuse_unknown_partitions_as_a_usage_error() {
        UncleanPlan plan = UncleanElectionPlanner.plan(LEADERLESS, List.of(new PartitionSpec("orders", 9)),
                Map.of(), Map.of(), false);
        Decision d = ElectionGuard.unclean(plan, GuardContext.interactive(null, CLUSTER));
        assertThat(d.kind()).isEqualTo(REFUSE);
        assertThat(d.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(d.reason()).contains("orders-9");
    }

    @Test
    void should_refuse_unclean_with_nothing_named() {
        Decision d = ElectionGuard.unclean(unclean(), GuardContext.interactive(null, CLUSTER));
        assertThat(d.kind()).isEqualTo(REFUSE);
        assertThat(d.refusals().get(0).reason()).isEqualTo(RefusalReason.NOTHING_SELECTED);
    }

    @ParameterizedTest(name = "terminal={0} yes={1} dryRun={2} -> {3}")
    @CsvSource({
            "true,  false, false, PROCEED_AFTER_CONFIRM, 0",
            "true,  true,  false, PROCEED,               0",
            "false, true,  false, PROCEED,               0",
            "false, false, false, REFUSE,                3",
            "false, false, true,  DRY_RUN,               0",
    })
    void should_decide_preferred_for_every_combination(boolean terminal, boolean yes, boolean dryRun,
                                                       Decision.Kind kind, int exit) {
        GuardContext ctx = new GuardContext(CLUSTER, CLUSTER, terminal, yes, false, dryRun);
        Decision d = ElectionGuard.preferred(preferred(3), ctx);
        assertThat(d.kind()).isEqualTo(kind);
        assertThat(d.exitCode().code()).isEqualTo(exit);
        if (kind == REFUSE) {
            assertThat(d.refusals().get(0).reason()).isEqualTo(RefusalReason.NO_TERMINAL);
            assertThat(d.alternative()).isEqualTo("add --yes");
        }
    }

    @Test
    void should_ask_y_n_for_preferred_with_no_as_default() {
        Confirmation c = ElectionGuard.preferred(preferred(3), GuardContext.interactive(null, CLUSTER)).confirmation();
        assertThat(c.typed()).isFalse();
        assertThat(c.prompt()).isEqualTo("Elect the preferred leader of 1 partition? [y/N] ");
        assertThat(c.accepts("y")).isTrue();
        assertThat(c.accepts("YES")).isTrue();
        assertThat(c.accepts("")).isFalse();
        assertThat(c.accepts("n")).isFalse();
        assertThat(c.accepts("yep")).isFalse();
    }

    @Test
    void should_have_nothing_to_do_when_every_preferred_row_is_not_needed() {
        Decision d = ElectionGuard.preferred(preferred(2), GuardContext.interactive(null, CLUSTER));
        assertThat(d.kind()).isEqualTo(NOTHING_TO_DO);
        assertThat(d.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(d.note()).contains("1 not needed");
    }

    @Test
    void should_refuse_nothing_on_dry_run_of_preferred_without_terminal() {
        Decision d = ElectionGuard.preferred(preferred(3),
                new GuardContext(null, CLUSTER, false, false, false, true));
        assertThat(d.kind()).isEqualTo(DRY_RUN);
    }
}
