package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.guard.Risk;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.rules.reassign.MoveGuard;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.gate.GateRefusal;
import dev.kshell.workflow.gate.MutationGate;

import java.util.List;
import java.util.function.Supplier;

/**
 * The evacuation's conversation with the gate, in three parts, each audited as an attempt of its own: the moves with
 * a live copy (y/N or --yes), the small cluster's shrinks ({@code --shrink}: y/N with the trade-off named, audited as
 * {@code reassign-shrink}), and the partitions with no live copy (the unclean guard's typed phrase, audited as
 * {@code reassign-evacuate-unclean}). A refused or declined part leaves the others to go on.
 */
final class EvacuationGuard {

    private final MutationGate gate;
    private final GuardContext guard;
    private final MoveAttempt.Operator op;

    EvacuationGuard(MutationGate gate, GuardContext guard, MoveAttempt.Operator op) {
        this.gate = gate;
        this.guard = guard;
        this.op = op;
    }

    /**
     * What the gate let through. {@code passes} is null when nothing was: then {@code decision} and {@code reason}
     * say why (the moves refused or declined, or the lost partitions alone refused).
     */
    record Decided(EvacuationExecution.Passes passes, AuditDecision decision, String reason, String lostLabel) {

        /** Runs {@code act} under every approval given. */
        <R> R during(Supplier<R> act) {
            Supplier<R> body = act;
            for (MutationGate.Pass p : new MutationGate.Pass[] {passes.lost(), passes.shrinks(), passes.moves()}) {
                if (p != null) {
                    Supplier<R> inner = body;
                    body = () -> p.during(inner);
                }
            }
            return body.get();
        }
    }

    Decided decide(String clusterId, EvacuationPlan plan, EvacuateWorkflow.Request request, List<String> lines) {
        MutationGate.Pass moves = null;
        if (!plan.moves().isEmpty()) {
            int replicas = plan.moves().stream().mapToInt(m -> m.adding().size()).sum();
            try {
                moves = gate.pass(clusterId, plan, Risk.change("Move " + replicas + " replica"
                        + (replicas == 1 ? "" : "s") + " of " + plan.moves().size() + " partition"
                        + (plan.moves().size() == 1 ? "" : "s") + " off broker "
                        + EvacuateWorkflow.join(request.brokers()) + " (" + ByteSizes.human(plan.bytes()) + ")?"));
            } catch (GateRefusal refused) {
                AuditDecision d = refused.decision();
                lines.add(d == AuditDecision.ABORTED ? "aborted: " + refused.reason() + "; nothing was changed"
                        : "refused: " + refused.reason() + " (" + refused.alternative() + ")");
                return new Decided(null, d, refused.reason(), null);
            }
        }
        MutationGate.Pass shrinks = shrinks(clusterId, plan, lines);
        MutationGate.Pass lost = null;
        AuditDecision lostDecision = null;
        ExitCode refusedExit = shrinks == null && !plan.shrinks().isEmpty() ? ExitCode.REFUSED : ExitCode.OK;
        if (!plan.lost().isEmpty()) {
            List<String> names = plan.lost().stream().map(EvacuationPlan.Lost::name).toList();
            try {
                lost = gate.as("reassign-evacuate-unclean").pass(clusterId, plan.lost(), MoveGuard.lost(guard, names),
                        () -> { });
            } catch (GateRefusal refused) {
                lostDecision = refused.decision();
                refusedExit = ExitCode.REFUSED;
                if (lostDecision == AuditDecision.ABORTED) {
                    lines.add("not moved: " + String.join(", ", names) + " (aborted: " + refused.reason() + ")");
                } else {
                    lines.add("refused: " + refused.reason());
                    lines.add("  instead: " + refused.alternative());
                }
            }
        }
        if (moves == null && lost == null && shrinks == null) {
            return new Decided(null, lostDecision, null, EvacuateWorkflow.label(lostDecision));
        }
        return new Decided(new EvacuationExecution.Passes(moves, lost, shrinks, lostDecision, refusedExit), null, null,
                EvacuateWorkflow.label(lostDecision));
    }

    /** The shrinks' own question, with what they give up; null when there are none or they were not approved. */
    private MutationGate.Pass shrinks(String clusterId, EvacuationPlan plan, List<String> lines) {
        if (plan.shrinks().isEmpty()) {
            return null;
        }
        int n = plan.shrinks().size();
        String from = rf(plan.shrinks(), true);
        String to = rf(plan.shrinks(), false);
        try {
            return gate.as("reassign-shrink").pass(clusterId, plan.shrinks(), Risk.change("Run " + n + " partition"
                    + (n == 1 ? "" : "s") + " on " + (n == 1 ? "its" : "their") + " live replicas for now (replication "
                    + "factor " + from + " -> " + to + ", nothing copied)? Trade-off: one copy fewer until "
                    + "`reassign restore-rf`: one more broker lost leaves them under min.insync.replicas (acks=all "
                    + "writes fail) or leaderless"), () -> op.note("shrink " + n + " partition" + (n == 1 ? "" : "s")
                    + " to their live replicas (RF " + from + " -> " + to + "): kshell remembers the factor for "
                    + "`reassign restore-rf`"));
        } catch (GateRefusal refused) {
            lines.add(refused.decision() == AuditDecision.ABORTED ? "not shrunk: " + refused.reason()
                    : "refused: " + refused.reason() + (refused.alternative() == null ? ""
                    : " (" + refused.alternative() + ")"));
            return null;
        }
    }

    private static String rf(List<EvacuationPlan.Move> moves, boolean before) {
        List<Integer> sizes = moves.stream().map(m -> before ? m.current().size() : m.target().size()).distinct()
                .sorted().toList();
        return String.join("/", sizes.stream().map(String::valueOf).toList());
    }
}
