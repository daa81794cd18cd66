package dev.kshell.rules.election;

import dev.kshell.rules.guard.GatePolicy;

import dev.kshell.rules.guard.RefusalReason;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.rules.guard.Decision;

import dev.kshell.rules.guard.GuardContext;

import dev.kshell.rules.guard.Confirmation;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.ExitCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Pure decisions: may a mutation run, after what confirmation? The order of checks is fixed and the same for every
 * mutation:
 * <ol>
 *   <li>cluster id pinned by the profile and different (or unknown) -> REFUSE 3, even for a dry run (you are on the
 *       wrong cluster, which is worth knowing before anything else);</li>
 *   <li>named partitions or topic unknown -> REFUSE 2 (usage);</li>
 *   <li>the plan's own refusals (unclean: quorum, leader, clean election possible, no live replica) -> REFUSE 3, even
 *       for a dry run, because a dry run shows exactly what the real run would do;</li>
 *   <li>{@code --dry-run} -> DRY_RUN (no terminal or --yes needed to look);</li>
 *   <li>nothing to elect -> NOTHING_TO_DO (preferred, restore-order);</li>
 *   <li>confirmation: preferred / restore-order: --yes proceeds, a terminal asks y/N, else REFUSE 3;
 *       unclean: a runbook with {@code allow unclean} AND --yes proceeds, a terminal asks for the typed phrase
 *       (--yes does not skip it), else REFUSE 3.</li>
 * </ol>
 */
public final class ElectionGuard {

    private ElectionGuard() {
    }

    /** {@code elect preferred}. */
    public static Decision preferred(PreferredPlan plan, GuardContext ctx) {
        Decision early = common(ctx, plan.notFound(), List.of());
        if (early != null) {
            return early;
        }
        if (plan.toElect().isEmpty()) {
            return Decision.nothingToDo("nothing to elect: " + plan.count(PreferredPlan.Verdict.NOT_NEEDED)
                    + " not needed, " + plan.count(PreferredPlan.Verdict.CANNOT) + " cannot"
                    + (plan.alreadyPreferred() > 0 ? ", " + plan.alreadyPreferred() + " already led by their preferred replica" : ""));
        }
        int n = plan.toElect().size();
        return yesNo(ctx, "Elect the preferred leader of " + n + " partition" + (n == 1 ? "" : "s") + "?");
    }

    /** {@code elect restore-order}: a reassignment to the same set, confirmed like a preferred election. */
    public static Decision restoreOrder(RestoreOrderPlan plan, GuardContext ctx) {
        Decision early = common(ctx, plan.notFound(), List.of());
        if (early != null) {
            return early;
        }
        if (plan.toRestore().isEmpty()) {
            return Decision.nothingToDo("nothing to restore");
        }
        int n = plan.toRestore().size();
        return yesNo(ctx, "Restore the original replica order of " + n + " partition" + (n == 1 ? "" : "s") + "?");
    }

    /** What the person at a terminal types to go ahead over an unstable quorum, before the partition phrase. */
    public static final String UNSTABLE_OVERRIDE = "override unstable quorum";

    /**
     * The unclean plan with the quorum's judgement (the one triage uses too), by kind: NO_LEADER refuses; UNSTABLE
     * refuses unless a person at a terminal types {@link #UNSTABLE_OVERRIDE} (see {@link #unclean}): while the
     * controller keeps changing, an unclean election can be overtaken by the next change, and a controller that
     * holds may still elect cleanly; UNKNOWN and FAILOVER are stated in the plan (UNKNOWN in the typed confirmation
     * too), not refused. A quorum refusal comes after a "no leader" refusal and before the partitions' own.
     *
     * @param stability the judgement, or null when not judged (then the plan is returned as is)
     */
    public static UncleanPlan withQuorumStability(UncleanPlan plan, QuorumStability stability) {
        if (stability == null) {
            return plan;
        }
        List<Refusal> refusals = new ArrayList<>(plan.refusals());
        boolean noLeaderSaid = refusals.stream().anyMatch(r -> r.reason() == RefusalReason.QUORUM_NO_LEADER);
        if (stability.kind() == QuorumStability.Kind.NO_LEADER && !noLeaderSaid) {
            refusals.add(0, new Refusal(RefusalReason.QUORUM_NO_LEADER, null, stability.sentence()
                    + ": no election can run without a quorum leader", "watch quorum; elect once a leader holds"));
        }
        if (stability.kind() == QuorumStability.Kind.UNSTABLE) {
            int at = 0;
            while (at < refusals.size() && refusals.get(at).reason() == RefusalReason.QUORUM_NO_LEADER) {
                at++;
            }
            refusals.add(at, new Refusal(RefusalReason.QUORUM_UNSTABLE, null, stability.sentence()
                    + ": never reach for an unclean election while the controller keeps changing",
                    "watch quorum; plan again once the leader has held for "
                            + QuorumStability.minutes(stability.window()) + " (find the cause first: controller GC "
                            + "pauses, network, the metadata log's disk); at a terminal, typing '"
                            + UNSTABLE_OVERRIDE + "' goes ahead anyway"));
        }
        return plan.judged(stability, refusals);
    }

    /** {@code elect unclean}. */
    public static Decision unclean(UncleanPlan plan, GuardContext ctx) {
        boolean onlyUnstable = !plan.refusals().isEmpty() && plan.refusals().stream()
                .allMatch(r -> r.reason() == RefusalReason.QUORUM_UNSTABLE);
        boolean overridable = onlyUnstable && ctx.terminal() && !ctx.dryRun();
        Decision early = common(ctx, plan.notFound(), overridable ? List.of() : plan.refusals());
        if (early != null) {
            return early;
        }
        if (overridable) {
            // a person at the terminal, and only a person: --yes and allow unclean never skip this
            Refusal unstable = plan.refusals().get(0);
            Confirmation override = Confirmation.typed(UNSTABLE_OVERRIDE, "REFUSED unless you override it: "
                    + unstable.message() + ".");
            return Decision.confirmWithOverride(typedConfirmation(plan), null,
                    new Decision.Override(override, unstable.message()));
        }
        Confirmation typed = typedConfirmation(plan);
        return GatePolicy.loss(ctx, typed, "an unclean election");
    }

    /** The partition phrase to type; an unknown quorum history is said in it (the person confirms knowing that). */
    private static Confirmation typedConfirmation(UncleanPlan plan) {
        int n = plan.rows().size();
        String what = "UNCLEAN election of " + (n == 1 ? plan.rows().get(0).partition() : n + " partitions")
                + ": acknowledged records not on the new leader are lost for good."
                + (plan.quorumKind() == QuorumStability.Kind.UNKNOWN ? "\nQuorum: " + plan.quorum()
                + " (kshell cannot tell whether the controller is about to change again)." : "");
        return Confirmation.typed(plan.confirmationPhrase(), what);
    }

    /**
     * Checks 1-4 of the class comment; null when the mutation may go on to the confirmation step.
     *
     * @param notFound      names the plan could not find (usage error)
     * @param planRefusals  the plan's own refusals
     */
    static Decision common(GuardContext ctx, List<String> notFound, List<Refusal> planRefusals) {
        Refusal clusterId = clusterIdRefusal(ctx);
        if (clusterId != null) {
            return Decision.refuse(clusterId);
        }
        if (!notFound.isEmpty()) {
            return Decision.refuse(ExitCode.USAGE, List.of(new Refusal(RefusalReason.UNKNOWN_PARTITION, null,
                    "not in the cluster's metadata: " + String.join(", ", notFound),
                    "check the names with `topics` / `describe TOPIC`")));
        }
        if (!planRefusals.isEmpty()) {
            return Decision.refuse(ExitCode.REFUSED, new ArrayList<>(planRefusals));
        }
        if (ctx.dryRun()) {
            return Decision.dryRun();
        }
        return null;
    }

    /** Check 1 alone, for any mutation that has no plan of its own. Null when allowed. */
    public static Refusal clusterIdRefusal(GuardContext ctx) {
        return GatePolicy.pin(ctx);
    }

    private static Decision yesNo(GuardContext ctx, String question) {
        return GatePolicy.change(ctx, question);
    }
}
