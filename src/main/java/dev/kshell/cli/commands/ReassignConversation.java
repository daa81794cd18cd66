package dev.kshell.cli.commands;

import dev.kshell.audit.AuditLog;
import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.ProgressLine;
import dev.kshell.cli.UsageException;
import dev.kshell.connection.Secrets;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.memory.KshellHome;
import dev.kshell.render.ReassignTables;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.workflow.reassign.ChangeReport;
import dev.kshell.workflow.reassign.MoveAttempt;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * What the commands that move replicas share as adapters: the attempt (command line, runbook origin, guard facts),
 * the operator (plan on the terminal, questions through the prompter, a progress line) and the audit log. No
 * reassignment logic lives here: that is workflow.reassign.
 */
final class ReassignConversation {

    private ReassignConversation() {
    }

    static AuditLog auditLog(Invocation inv) {
        Duration timeout = inv.get(GlobalOptions.TIMEOUT);
        return new AuditLog(KshellHome.auditLog(), timeout == null ? AuditLog.DEFAULT_LOCK_DEADLINE : timeout);
    }

    /** The attempt; a runbook step carrying --yes is refused (it would answer its own question). */
    static MoveAttempt attempt(ShellSession session, Invocation inv) {
        if (inv.mode().inRunbook() && inv.given(GlobalOptions.YES)) {
            throw new UsageException("a step cannot answer its own confirmation: remove --yes from the step and pass "
                    + "--yes to run");
        }
        String expected = session.connection().map(ShellSession.Connection::pinnedClusterId).orElse(null);
        GuardContext guard = new GuardContext(expected, null, inv.prompter().interactive(),
                inv.get(GlobalOptions.YES) || inv.mode().yes(), inv.mode().inRunbook() && inv.mode().allowUnclean(),
                inv.get(GlobalOptions.DRY_RUN) || inv.mode().dryRun());
        return new MoveAttempt(Secrets.maskText(inv.commandLine()), inv.mode().origin(), guard, operator(inv));
    }

    private static MoveAttempt.Operator operator(Invocation inv) {
        return new Moving(inv);
    }

    /** The operator of a move: asked and told as every command's, also shown the plan and the moves' progress. */
    private static final class Moving extends GateAttempts.Asking implements MoveAttempt.Operator {
        private ProgressLine line;

        Moving(Invocation inv) {
            super(inv);
        }

        @Override
        public void showPlan(EvacuationPlan plan) {
            // with --output json stdout stays one JSON document: the plan a person confirms goes to stderr
            String text = ReassignTables.plan(plan, inv.output().width(), inv.output().color());
            PrintWriter to = inv.output().json() ? inv.output().err() : inv.output().out();
            to.print(text);
            to.flush();
        }

        @Override
        public void progress(String text) {
            if (line == null) {
                line = ProgressLine.start(inv.output(), "moving");
            }
            line.step(text);
        }

        @Override
        public void progressDone() {
            if (line != null) {
                line.close();
                line = null;
            }
        }
    }

    /** Prints a cancel / unregister report: its lines (or the JSON model). */
    static void render(Invocation inv, ChangeReport report) {
        inv.emit(report, () -> String.join("\n", report.lines()) + (report.lines().isEmpty() ? "" : "\n"));
    }
}
