package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.UsageException;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionPlan;
import dev.kshell.workflow.election.ElectionReport;
import dev.kshell.workflow.election.ElectionService;
import dev.kshell.rules.election.PreferredPlan;
import dev.kshell.rules.election.RestoreOrderPlan;
import dev.kshell.rules.election.UncleanPlan;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ElectionTables;
import dev.kshell.connection.Secrets;
import dev.kshell.workflow.election.SessionElections;
import dev.kshell.connection.ShellSession;

import java.util.List;
import java.util.function.BiFunction;

/**
 * What the three {@code elect} commands share as adapters: the service over this session's gateway, the attempt
 * (command line, runbook origin, guard facts), the operator (plan on the terminal, questions through the prompter)
 * and the rendering of the result. No election logic lives here: that is {@link ElectionService}.
 */
final class ElectConversation {

    private ElectConversation() {
    }

    /**
     * Runs one election attempt: the service over this session, the attempt built from the invocation. A runbook
     * step that carries --yes (any spelling the parser accepts) is audited, then fails with exit 2: it would answer
     * its own question.
     */
    static ExitCode run(ShellSession session, Invocation inv, ElectionAction action,
                        BiFunction<ElectionService, ElectionService.Attempt, ElectionService.Result> elect) {
        // the audit lock waits no longer than the command's own deadline, as for every gated command
        ElectionService service = SessionElections.open(session, GateAttempts.auditLog(inv));
        ElectionService.Attempt attempt = new ElectionService.Attempt(Secrets.maskText(inv.commandLine()),
                inv.mode().origin(), GateAttempts.guard(session, inv), new Operator(inv));
        String invalid = GateAttempts.answersItself(inv);
        if (invalid != null) {
            service.recordInvalid(attempt, action, invalid);
            throw new UsageException(invalid);
        }
        return render(inv, elect.apply(service, attempt));
    }

    /** The gate's operator, shown the plan as well: on stdout, or on stderr before asking when stdout is JSON. */
    private static final class Operator extends GateAttempts.Asking implements ElectionService.Operator {

        Operator(Invocation inv) {
            super(inv);
        }

        @Override
        public void showPlan(ElectionPlan plan) {
            if (!inv.output().json()) {
                inv.output().out().print(planText(inv, plan));
                inv.output().out().flush();
            }
        }

        @Override
        public void beforeAsking(ElectionPlan plan) {
            // with --output json stdout stays one JSON document: the plan a person confirms goes to stderr
            if (inv.output().json()) {
                inv.output().err().print(planText(inv, plan));
                inv.output().err().flush();
            }
        }
    }

    static String planText(Invocation inv, ElectionPlan plan) {
        int width = inv.output().width();
        boolean color = inv.output().color();
        return plan.accept(new ElectionPlan.Visitor<>() {
            @Override
            public String preferred(PreferredPlan p) {
                return ElectionTables.preferredPlan(p, width, color);
            }

            @Override
            public String unclean(UncleanPlan p) {
                return ElectionTables.uncleanPlan(p, width, color);
            }

            @Override
            public String restoreOrder(RestoreOrderPlan p) {
                return ElectionTables.restorePlan(p, width, color);
            }
        });
    }

    /** Prints the result (JSON model or tables) and returns its exit code. */
    static ExitCode render(Invocation inv, ElectionService.Result result) {
        ElectionReport report = result.report();
        boolean color = inv.output().color();
        int width = inv.output().width();
        switch (result.decision()) {
            case REFUSED -> {
                inv.emit(report, () -> "");
                inv.output().err().print(ElectionTables.refusal(result.refusals(), color));
                inv.output().err().flush();
            }
            case DRY_RUN -> inv.emit(report, () -> result.note() + "\n");
            case NOT_NEEDED -> inv.emit(report, () -> result.note() + "\n"
                    + ElectionTables.results(report.results(), List.of(), List.of(), width, color));
            case ABORTED -> {
                inv.emit(report, () -> "");
                inv.note(result.note());
            }
            default -> inv.emit(report, () -> ElectionTables.results(report.results(), report.checks(), result.lines(),
                    width, color) + "audit: " + report.auditLog() + "\n");
        }
        return result.exitCode();
    }
}
