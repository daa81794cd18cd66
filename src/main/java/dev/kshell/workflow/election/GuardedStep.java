package dev.kshell.workflow.election;

import dev.kshell.workflow.gate.GateAttempt;
import dev.kshell.workflow.gate.MutationGate;

import dev.kshell.rules.guard.Confirmation;
import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionInputException;
import dev.kshell.rules.election.ElectionPlan;
import dev.kshell.rules.election.ElectionRefusedException;
import dev.kshell.rules.election.ElectionResults;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.workflow.election.ElectionService.Attempt;
import dev.kshell.workflow.election.ElectionService.AuditResults;
import dev.kshell.workflow.election.ElectionService.Operator;
import dev.kshell.workflow.election.ElectionService.Result;
import dev.kshell.model.ExitCode;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;
import java.util.Locale;
import java.util.Objects;

/**
 * The guard-and-audit step every election goes through, the same for all three: plan (audited whatever ends it:
 * an input error or a failed read leaves a line too) -> show the plan -> the guard's decision -> audit -> ask ->
 * audit -> act -> closing audit line. A closing line that cannot be written fails the command (exit 5) with one
 * line saying the outcome is not recorded: the cluster has changed and the log does not say how.
 */
final class GuardedStep {

    /** What planning produced: the plan, the guard's decision on it, and how to act on it. */
    record Planned(String clusterId, ElectionPlan plan, Decision decision, Supplier<ElectionResults> nothingToDo,
                   Act act) {
    }

    /** What an act did: results, re-read checks, lines to print, and why the re-read failed (or null). */
    record Outcome(ElectionResults results, List<PostElectionCheck> checks, List<String> lines, String rereadFailed) {
    }

    /** Tracks what an act has sent so far, so that an act cut short still leaves its real outcome in the log. */
    static final class Progress {
        boolean sent;
        final List<ElectionResults.PartitionResult> known = new ArrayList<>();
    }

    @FunctionalInterface
    interface Act {
        Outcome run(Progress progress);
    }

    /** The line printed when the closing audit line is lost. */
    static final String NOT_RECORDED = "the outcome of this election is NOT recorded in the audit log";

    private final ElectionContext ctx;
    private final Attempt attempt;
    private final ElectionAction action;
    private Supplier<Planned> planning;

    GuardedStep(ElectionContext ctx, Attempt attempt, ElectionAction action) {
        this.ctx = ctx;
        this.attempt = attempt;
        this.action = action;
    }

    /** Plans (an attempt that fails here is audited too, then the failure goes on), then runs the guarded part. */
    Result run(Supplier<Planned> planning) {
        this.planning = planning;
        Planned planned;
        try {
            planned = planning.get();
        } catch (ElectionInputException e) {
            unplanned(AuditDecision.INVALID, e.getMessage());
            throw e;
        } catch (CancellationException e) {
            unplanned(AuditDecision.INTERRUPTED, "interrupted (Ctrl-C) while planning; nothing was sent");
            throw e;
        } catch (RuntimeException e) {
            unplanned(AuditDecision.FAILED, "planning failed, nothing was sent: "
                    + (e instanceof ClusterException ? e.getMessage() : e.toString()));
            throw e;
        }
        return guarded(planned);
    }

    /** The line of an attempt that ended before it had a plan; a lost line is said, the failure itself goes on. */
    void unplanned(AuditDecision decision, String reason) {
        try {
            ctx.audit().append(entry(null, decision, reason, null));
        } catch (AuditWriteException e) {
            attempt.operator().note("warning: this attempt is NOT in the audit log: " + e.getMessage());
        }
    }

    private Result guarded(Planned p) {
        ElectionPlan plan = p.plan();
        Decision decision = p.decision();
        attempt.operator().showPlan(plan);
        Consent consent = switch (decision.kind()) {
            case REFUSE, DRY_RUN, NOTHING_TO_DO -> null;
            case PROCEED_AFTER_CONFIRM -> ask(p);
            case PROCEED -> {
                if (decision.note() != null) {
                    attempt.operator().note(decision.note());
                }
                yield new Consent(attempt.guard().runbookAllowsUnclean() && action == ElectionAction.UNCLEAN
                        ? "allow unclean + --yes" : "--yes", null, false, null);
            }
        };
        if (consent == null) {
            return settled(p);
        }
        if (consent.aborted() != null) {
            return consent.aborted();
        }
        // the gate writes the confirmed line (the pin checked once more) and gives the approval the act runs under
        MutationGate.Pass pass = MutationGate.open(new GateAttempt(attempt.commandLine(), attempt.origin(),
                action.wire(), attempt.guard(), attempt.operator(), ctx.audit(), ctx.gateway().target().endpoints(),
                false)).confirmed(p.clusterId(), plan, consent.approval(), consent.overrideReason());
        return consent.asked() ? rereadThenAct(p, pass) : act(p, pass);
    }

    /**
     * How the operator let the act run: the approval and override the audit line names, whether they were asked
     * (then the cluster is read again before acting), or the result of an attempt they aborted.
     */
    private record Consent(String approval, String overrideReason, boolean asked, Result aborted) {
    }

    /** A decision that ends the attempt before anything is asked or sent: refused, dry run, nothing to do. */
    private Result settled(Planned p) {
        ElectionPlan plan = p.plan();
        Decision decision = p.decision();
        String clusterId = p.clusterId();
        switch (decision.kind()) {
            case REFUSE -> {
                write(entry(clusterId, AuditDecision.REFUSED, decision.reason(), plan));
                return new Result(report(clusterId, AuditDecision.REFUSED, decision.reason(), decision.alternative(),
                        plan, null, List.of()), AuditDecision.REFUSED, decision.exitCode(), decision.refusals(), null,
                        List.of());
            }
            case DRY_RUN -> {
                write(entry(clusterId, AuditDecision.DRY_RUN, null, plan));
                return new Result(report(clusterId, AuditDecision.DRY_RUN, null, null, plan, null, List.of()),
                        AuditDecision.DRY_RUN, ExitCode.OK, List.of(), "dry run: nothing was changed", List.of());
            }
            case NOTHING_TO_DO -> {
                write(entry(clusterId, AuditDecision.NOT_NEEDED, decision.note(), plan));
                ElectionResults results = p.nothingToDo() == null ? new ElectionResults(List.of())
                        : p.nothingToDo().get();
                return new Result(report(clusterId, AuditDecision.NOT_NEEDED, decision.note(), null, plan, results,
                        List.of()), AuditDecision.NOT_NEEDED, results.exitCode(), List.of(), decision.note(),
                        List.of());
            }
            default -> throw new IllegalStateException("not a decision that ends the attempt: " + decision.kind());
        }
    }

    /** Asks the override phrase (when the guard allows one) and then the confirmation; a wrong answer aborts. */
    private Consent ask(Planned p) {
        Operator operator = attempt.operator();
        ElectionPlan plan = p.plan();
        Decision decision = p.decision();
        if (decision.note() != null) {
            operator.note(decision.note());
        }
        Confirmation c = decision.confirmation();
        operator.beforeAsking(plan);
        Decision.Override override = decision.override();
        if (override != null) {
            String first = operator.ask(override.confirmation().prompt());
            if (!override.confirmation().accepts(first)) {
                String why = (first == null ? "no answer to the override" : "the override phrase did not match '"
                        + override.confirmation().expected() + "'") + " (" + override.reason() + ")";
                write(entry(p.clusterId(), AuditDecision.ABORTED, why, plan));
                return new Consent(null, null, true, aborted(p.clusterId(), plan, why, ""));
            }
        }
        String answer = operator.ask(c.prompt());
        if (!c.accepts(answer)) {
            String why = c.abortReason(answer, "the operator answered");
            write(entry(p.clusterId(), AuditDecision.ABORTED, why, plan));
            return new Consent(null, null, true, aborted(p.clusterId(), plan, why, ""));
        }
        return new Consent((override != null ? "typed override '" + override.confirmation().expected() + "' + " : "")
                + (c.typed() ? "typed confirmation" : "answered y"),
                override == null ? null : "overridden at the terminal: " + override.reason(), true, null);
    }

    /** Nothing was changed: the attempt ends as aborted, saying why ({@code more} is added after the fact). */
    private Result aborted(String clusterId, ElectionPlan plan, String why, String more) {
        return new Result(report(clusterId, AuditDecision.ABORTED, why, null, plan, null, List.of()),
                AuditDecision.ABORTED, ExitCode.REFUSED, List.of(), "aborted: " + why + "; nothing was changed" + more,
                List.of());
    }

    /**
     * The question has no time limit: read the cluster again and act only on the plan that was approved, else
     * close the confirmed line as aborted.
     */
    private Result rereadThenAct(Planned p, MutationGate.Pass pass) {
        AuditEntry confirmed = pass.entry();
        String changed;
        Planned again = null;
        try {
            again = planning.get();
            changed = changedSince(p, again);
        } catch (CancellationException e) {
            closing(confirmed.outcome(AuditDecision.INTERRUPTED, "interrupted (Ctrl-C) before anything was sent",
                    new AuditResults(List.of(), List.of())));
            throw e;
        } catch (RuntimeException e) {
            changed = "the cluster could not be read again after the answer ("
                    + (e instanceof ClusterException || e instanceof ElectionInputException ? e.getMessage()
                    : e.toString()) + ")";
        }
        if (changed != null) {
            closing(confirmed.outcome(AuditDecision.ABORTED, changed, new AuditResults(List.of(), List.of())));
            return aborted(p.clusterId(), p.plan(), changed,
                    ": run the command again to see the plan as it is now");
        }
        return act(again, pass); // what was just read, which plans exactly what was approved
    }

    // Why the plan read again after the answer is not the plan the operator approved, or null when it is the same.
    private static String changedSince(Planned approved, Planned now) {
        if (!Objects.equals(approved.clusterId(), now.clusterId())) {
            return "the cluster changed while you were asked: its id is now " + now.clusterId();
        }
        if (now.decision().kind() != Decision.Kind.PROCEED_AFTER_CONFIRM) {
            return "the cluster changed while you were asked: the plan is now "
                    + now.decision().kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + (now.decision().reason() == null ? "" : " (" + now.decision().reason() + ")");
        }
        if (!approved.plan().actions().equals(now.plan().actions())) {
            return "the cluster changed while you were asked: the plan is no longer the one shown";
        }
        return null;
    }

    private Result act(Planned p, MutationGate.Pass pass) {
        AuditEntry confirmed = pass.entry();
        Progress progress = new Progress();
        Outcome outcome;
        try {
            Planned planned = p;
            outcome = pass.during(() -> planned.act().run(progress));
        } catch (CancellationException e) {
            closing(confirmed.outcome(AuditDecision.INTERRUPTED, "interrupted (Ctrl-C)" + (progress.sent
                    ? " after the request was sent: check the partitions with `describe`" : " before anything was sent"),
                    new AuditResults(progress.known, List.of())));
            throw e;
        } catch (ClusterException e) {
            boolean unknown = progress.sent && e.kind() == ClusterException.Kind.UNREACHABLE;
            closing(confirmed.outcome(unknown ? AuditDecision.UNKNOWN : AuditDecision.FAILED, e.getMessage(),
                    new AuditResults(progress.known, List.of())));
            throw e;
        } catch (RuntimeException | Error e) {
            closing(confirmed.outcome(progress.sent ? AuditDecision.UNKNOWN : AuditDecision.FAILED,
                    "internal error: " + e, new AuditResults(progress.known, List.of())));
            throw e;
        }
        ElectionResults results = outcome.results();
        AuditDecision closingDecision;
        String reason;
        if (Thread.currentThread().isInterrupted()) {
            closingDecision = AuditDecision.INTERRUPTED;
            reason = "interrupted (Ctrl-C) after the request was sent; results as far as known";
        } else if (!results.unknown().isEmpty()) {
            closingDecision = AuditDecision.UNKNOWN;
            reason = results.unknown().size() + " partition(s) sent but not answered"
                    + (results.failed().size() > results.unknown().size()
                    ? ", " + (results.failed().size() - results.unknown().size()) + " failed" : "");
        } else if (!results.failed().isEmpty()) {
            closingDecision = AuditDecision.FAILED;
            reason = results.failed().size() + " partition(s) failed";
        } else {
            closingDecision = AuditDecision.SUCCEEDED;
            reason = null;
        }
        if (outcome.rereadFailed() != null) {
            reason = (reason == null ? "" : reason + "; ") + "re-read failed: " + outcome.rereadFailed();
        }
        boolean recorded = closing(confirmed.outcome(closingDecision, reason,
                new AuditResults(results.results(), outcome.checks())));
        List<String> lines = new ArrayList<>(outcome.lines());
        if (outcome.rereadFailed() != null) {
            lines.add((closingDecision == AuditDecision.SUCCEEDED ? "succeeded, re-read failed: " : "re-read failed: ")
                    + outcome.rereadFailed() + " (check with `describe`)");
        }
        ExitCode code = closingDecision == AuditDecision.INTERRUPTED ? ExitCode.CANCELLED : results.exitCode();
        if (!recorded && code == ExitCode.OK) {
            code = ExitCode.ACTION_FAILED;
        }
        return new Result(report(p.clusterId(), closingDecision, reason, null, p.plan(), results, outcome.checks()),
                closingDecision, code, List.of(), null, lines);
    }

    private ElectionReport report(String clusterId, AuditDecision decision, String reason, String alternative,
                                  ElectionPlan plan, ElectionResults results, List<PostElectionCheck> checks) {
        return new ElectionReport(action.wire(), clusterId, decision.label(), reason, alternative, plan, results,
                checks, ctx.audit().path().toString());
    }

    private AuditEntry entry(String clusterId, AuditDecision decision, String reason, ElectionPlan plan) {
        return AuditEntry.of(clusterId, ctx.gateway().target().endpoints(), attempt.commandLine(), action.wire(),
                decision, reason, plan, null).from(attempt.origin());
    }

    /** A line that must be on disk before anything changes: failure aborts with one line (exit 3). */
    private void write(AuditEntry entry) {
        try {
            ctx.audit().append(entry);
        } catch (AuditWriteException e) {
            throw new ElectionRefusedException(e.getMessage());
        }
    }

    /**
     * The closing line: the cluster has changed already, so a failure here cannot undo anything; it is said in one
     * line and makes the command fail.
     *
     * @return whether the line is on disk
     */
    private boolean closing(AuditEntry entry) {
        try {
            ctx.audit().append(entry);
            return true;
        } catch (AuditWriteException e) {
            attempt.operator().note("error: " + NOT_RECORDED + " (" + e.getMessage() + ")");
            return false;
        }
    }
}
