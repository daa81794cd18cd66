package dev.kshell.workflow.gate;

import dev.kshell.audit.Approval;
import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.memory.RequestedFile;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;
import dev.kshell.rules.guard.Confirmation;
import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.guard.Risk;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one gate every mutation passes before its first cluster write (docs/architecture.md, "One gate for every
 * mutation"): the pin, the runbook's approval, the dry run, the question (y/N or the typed phrase, by
 * {@link GatePolicy}), and an audit line however the attempt ends. Only the gate writes a confirmed line, and only a
 * confirmed line makes the {@link Approval} that the gateway's mutating calls require.
 *
 * <pre>
 * MutationGate gate = MutationGate.open(attempt);
 * Plan plan = gate.plan(() -> planner.plan(...));            // a failure here is audited
 * MutationGate.Pass pass = gate.pass(clusterId, plan, Risk.change("Set 2 configs?"));
 * if (pass.dryRun()) { ...; return; }
 * Result r = pass.act(() -> workflow.execute(plan), GateOutcome::succeeded);
 * </pre>
 */
public final class MutationGate {

    private final GateAttempt attempt;

    private MutationGate(GateAttempt attempt) {
        this.attempt = attempt;
    }

    public static MutationGate open(GateAttempt attempt) {
        return new MutationGate(attempt);
    }

    /** The same attempt under another action name: a second act within one command (its own lines). */
    public MutationGate as(String action) {
        return new MutationGate(attempt.as(action));
    }

    public GateAttempt attempt() {
        return attempt;
    }

    public Path auditPath() {
        return attempt.log().path();
    }

    /**
     * Plans. A failure is audited before it goes on: input the planner found wrong (exit 2) as invalid, Ctrl-C as
     * interrupted, anything else (an unreachable cluster included) as failed, "nothing was sent".
     */
    public <P> P plan(Supplier<P> planning) {
        try {
            checkPinFirst();
            return planning.get();
        } catch (GateRefusal e) {
            throw e; // audited where it was made
        } catch (KshellFailure e) {
            ended(null, e.code() == ExitCode.USAGE ? AuditDecision.INVALID : AuditDecision.FAILED, e.getMessage(),
                    null);
            throw e;
        } catch (CancellationException e) {
            ended(null, AuditDecision.INTERRUPTED, "interrupted (Ctrl-C) while planning; nothing was sent", null);
            throw e;
        } catch (RuntimeException e) {
            ended(null, AuditDecision.FAILED, "planning failed, nothing was sent: "
                    + (e instanceof ClusterException ? e.getMessage() : e.toString()), null);
            throw e;
        }
    }

    /**
     * A pinned session's attempt on another cluster is refused before anything is planned (the wrong cluster is the
     * first thing to know); the plan's own cluster id is checked again at the pass.
     */
    private void checkPinFirst() {
        if (attempt.clusterId() == null || attempt.guard().expectedClusterId() == null) {
            return;
        }
        String actual = attempt.clusterId().get();
        Refusal pin = GatePolicy.pin(attempt.guard().withActualClusterId(actual));
        if (pin != null) {
            throw refuse(actual, null, pin.message(), pin.alternative());
        }
    }

    /** Input the command found wrong, audited: throw what this returns (exit 2). */
    public GateRefusal invalid(String reason) {
        ended(null, AuditDecision.INVALID, reason, null);
        return new GateRefusal(AuditDecision.INVALID, ExitCode.USAGE, reason, reason, null);
    }

    /** The command's own refusal (a planner's), audited: throw what this returns (exit 3). */
    public GateRefusal refuse(String clusterId, Object plan, String reason, String alternative) {
        ended(clusterId, AuditDecision.REFUSED, reason, plan);
        return new GateRefusal(AuditDecision.REFUSED, ExitCode.REFUSED, reason, reason, alternative);
    }

    /**
     * A file the person asked for ({@code --export}), checked before the plan is shown: refused (audited, exit 3)
     * when it is a link, exists, or is one of kshell's own.
     */
    public RequestedFile requestedFile(Path target, String option) {
        RequestedFile.Refusable checked = RequestedFile.check(target, option);
        if (checked.refused() != null) {
            throw refuse(null, null, checked.refused(), "name a new file");
        }
        return checked.file();
    }

    /** One line for an attempt that ended before it acted (not needed, dry run, aborted); a lost line is said. */
    public void ended(String clusterId, AuditDecision decision, String reason, Object plan) {
        try {
            attempt.log().append(entry(clusterId, decision, reason, plan));
        } catch (AuditWriteException e) {
            attempt.operator().note("warning: this attempt is NOT in the audit log: " + e.getMessage());
        }
    }

    /**
     * The gate proper, for a plan read from {@code clusterId}: {@link GatePolicy#decide}, then the question. Returns
     * a dry-run pass (audited; nothing may act) or an approved one (its confirmed line on disk).
     *
     * @throws GateRefusal refused or aborted, audited (exit 3)
     */
    public Pass pass(String clusterId, Object plan, Risk risk) {
        return pass(clusterId, plan, risk, () -> { });
    }

    /**
     * As {@link #pass(String, Object, Risk)}, showing the plan ({@code show}) once the pin holds and before the dry
     * run stops or the question is asked: nobody reads a plan for the wrong cluster.
     */
    public Pass pass(String clusterId, Object plan, Risk risk, Runnable show) {
        return pass(clusterId, plan, facts -> GatePolicy.decide(facts, risk), approvalOfProceed(risk), show);
    }

    /**
     * As {@link #pass(String, Object, Risk, Runnable)}, for a plan whose guard decided with words of its own on the
     * same facts (the evacuation's partitions with no live copy: {@code MoveGuard.lost}); the gate checks the pin
     * itself first, whatever the decision says.
     */
    public Pass pass(String clusterId, Object plan, Decision decided, Runnable show) {
        return pass(clusterId, plan, facts -> decided, null, show);
    }

    private Pass pass(String clusterId, Object plan, Function<GuardContext, Decision> policy, String proceedsBy,
                      Runnable show) {
        GuardContext facts = attempt.guard().withActualClusterId(clusterId);
        Refusal pin = GatePolicy.pin(facts);
        if (pin != null) {
            throw refuse(clusterId, plan, pin.message(), pin.alternative());
        }
        show.run();
        Decision decision = facts.dryRun() ? GatePolicy.decide(facts, Risk.sandbox()) : policy.apply(facts);
        if (decision.note() != null && decision.kind() != Decision.Kind.DRY_RUN) {
            attempt.operator().note(decision.note());
        }
        return switch (decision.kind()) {
            case REFUSE -> throw refuse(clusterId, plan, decision.reason(), decision.alternative());
            case DRY_RUN -> {
                ended(clusterId, AuditDecision.DRY_RUN, null, plan);
                yield new Pass(this, null, null, "dry run");
            }
            case PROCEED -> confirmed(clusterId, plan, proceedsBy != null ? proceedsBy
                    : GatePolicy.runbookAllowsLoss(facts) ? "allow unclean + --yes" : "--yes", null);
            case PROCEED_AFTER_CONFIRM -> {
                Confirmation c = decision.confirmation();
                String answer = attempt.operator().ask(c.prompt());
                if (!c.accepts(answer)) {
                    String why = c.abortReason(answer, "answered");
                    ended(clusterId, AuditDecision.ABORTED, why, plan);
                    throw new GateRefusal(AuditDecision.ABORTED, ExitCode.REFUSED,
                            "aborted (" + why + "); nothing was changed", why, null);
                }
                yield confirmed(clusterId, plan, c.typed() ? "typed confirmation" : "answered y", null);
            }
            case NOTHING_TO_DO -> throw new IllegalStateException("the gate's policy never says nothing to do");
        };
    }

    /**
     * Writes a file the person asked for ({@link #requestedFile}, checked before the plan) once the pin holds: a
     * plan for the wrong cluster is never exported. A failure is audited and refused (exit 3).
     *
     * @return the path written
     */
    public String export(String clusterId, RequestedFile file, String text) {
        Refusal pin = GatePolicy.pin(attempt.guard().withActualClusterId(clusterId));
        if (pin != null) {
            throw refuse(clusterId, null, pin.message(), pin.alternative());
        }
        try {
            file.write(text);
            return file.path().toString();
        } catch (IOException e) {
            throw refuse(clusterId, null, e.getMessage() + "; nothing was written", "name a new file");
        }
    }

    private String approvalOfProceed(Risk risk) {
        return switch (risk.kind()) {
            case SANDBOX -> "sandbox fault injection (asks no confirmation)";
            case LOSS -> "allow unclean + --yes";
            case CHANGE -> "--yes";
        };
    }

    /**
     * For a command with a conversation of its own (the elections: an override phrase, a re-read after the answer):
     * writes the confirmed line once the person (or --yes) approved. The pin is checked again here, so no path to a
     * cluster write skips it.
     *
     * @throws GateRefusal the pin refuses, or the line cannot be written (nothing may act), exit 3
     */
    public Pass confirmed(String clusterId, Object plan, String approvedBy, String reason) {
        Refusal pin = GatePolicy.pin(attempt.guard().withActualClusterId(clusterId));
        if (pin != null) {
            throw refuse(clusterId, plan, pin.message(), pin.alternative());
        }
        AuditEntry confirmed = entry(clusterId, AuditDecision.CONFIRMED, reason, plan).approvedBy(approvedBy);
        try {
            return new Pass(this, confirmed, attempt.log().confirm(confirmed), approvedBy);
        } catch (AuditWriteException e) {
            throw new GateRefusal(AuditDecision.REFUSED, ExitCode.REFUSED, e.getMessage(), e.getMessage(), null);
        }
    }

    private AuditEntry entry(String clusterId, AuditDecision decision, String reason, Object plan) {
        AuditEntry e = AuditEntry.of(clusterId, attempt.bootstrap(), attempt.commandLine(), attempt.action(), decision,
                reason, plan, null).from(attempt.origin());
        return attempt.sandbox() ? e.inSandbox() : e;
    }

    /** What the gate let through: a dry run (nothing may act) or an approval (its confirmed line on disk). */
    public static final class Pass {

        private final MutationGate gate;
        private final AuditEntry confirmed;
        private final Approval approval;
        private final String approvedBy;

        private Pass(MutationGate gate, AuditEntry confirmed, Approval approval, String approvedBy) {
            this.gate = gate;
            this.confirmed = confirmed;
            this.approval = approval;
            this.approvedBy = approvedBy;
        }

        public boolean dryRun() {
            return approval == null;
        }

        /** "--yes", "answered y", "typed confirmation", "allow unclean + --yes", "sandbox", or "dry run". */
        public String approvedBy() {
            return approvedBy;
        }

        /** The confirmed line (null for a dry run): a conversation that writes its own closing line builds on it. */
        public AuditEntry entry() {
            return confirmed;
        }

        /** Runs {@code act} under this approval, without closing: for acts closed by {@link #close}. */
        public <R> R during(Supplier<R> act) {
            if (approval == null) {
                throw new IllegalStateException("a dry run acts on nothing");
            }
            return approval.during(act);
        }

        /**
         * Runs {@code act} under this approval and writes the closing line: {@code judge}'s outcome, or interrupted /
         * unknown / failed when the act throws (an unreachable cluster after the request went out is unknown).
         *
         * @throws KshellFailure (exit 5) when the act ran but its closing line could not be written
         */
        public <R> R act(Supplier<R> act, Function<R, GateOutcome> judge) {
            R result;
            try {
                result = during(act);
            } catch (CancellationException e) {
                close(AuditDecision.INTERRUPTED, "interrupted (Ctrl-C): check the cluster before trying again", null);
                throw e;
            } catch (ClusterException e) {
                close(e.kind() == ClusterException.Kind.UNREACHABLE ? AuditDecision.UNKNOWN : AuditDecision.FAILED,
                        e.getMessage(), null);
                throw e;
            } catch (RuntimeException e) {
                close(AuditDecision.FAILED, e.getMessage(), null);
                throw e;
            }
            GateOutcome outcome = judge.apply(result);
            if (!close(outcome.decision(), outcome.reason(), outcome.results())) {
                throw new KshellFailure(ExitCode.ACTION_FAILED, "the outcome of '" + gate.attempt.action()
                        + "' is NOT recorded in the audit log");
            }
            return result;
        }

        /** Writes the closing line; false (and said) when it is not on disk. */
        public boolean close(AuditDecision outcome, String reason, Object results) {
            try {
                gate.attempt.log().append(confirmed.outcome(outcome, reason, results));
                return true;
            } catch (AuditWriteException e) {
                gate.attempt.operator().note("error: the outcome of '" + gate.attempt.action()
                        + "' is NOT recorded in the audit log (" + e.getMessage() + ")");
                return false;
            }
        }
    }
}
