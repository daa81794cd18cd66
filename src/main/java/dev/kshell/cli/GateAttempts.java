package dev.kshell.cli;

import dev.kshell.audit.AuditLog;
import dev.kshell.connection.Secrets;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.memory.KshellHome;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.workflow.gate.GateAttempt;
import dev.kshell.workflow.gate.MutationGate;

import java.time.Duration;

/**
 * The gate's view of one invocation, made the same way for every mutating command: the command line (secrets
 * masked), the runbook origin, the session's pin, a terminal or not, --yes and --dry-run (the command's or the
 * run's), the runbook's {@code allow unclean} and {@code --step}, the operator (the prompter asks, notes go to
 * stderr) and the audit log, whose lock waits no longer than the command's own deadline.
 */
public final class GateAttempts {

    private GateAttempts() {
    }

    /** The guard's facts of this invocation (the actual cluster id is the plan's, given to the gate later). */
    public static GuardContext guard(ShellSession session, Invocation inv) {
        // the pin survives `connect`: an unpinned connection made after a pinned one keeps the earlier pin
        String expected = session.connection().map(ShellSession.Connection::pinnedClusterId).orElse(null);
        boolean dryRun = inv.command().spec().declares(GlobalOptions.DRY_RUN.name()) && inv.get(GlobalOptions.DRY_RUN);
        boolean yes = inv.command().spec().declares(GlobalOptions.YES.name()) && inv.get(GlobalOptions.YES);
        return new GuardContext(expected, null, inv.prompter().interactive(), yes || inv.mode().yes(),
                inv.mode().inRunbook() && inv.mode().allowUnclean(), dryRun || inv.mode().dryRun(),
                inv.mode().stepByStep());
    }

    /** The audit log, its lock bounded by the command's --timeout. */
    public static AuditLog auditLog(Invocation inv) {
        Duration timeout = inv.get(GlobalOptions.TIMEOUT);
        return new AuditLog(KshellHome.auditLog(), timeout == null ? AuditLog.DEFAULT_LOCK_DEADLINE : timeout);
    }

    /** Who is asked and told. */
    public static GateAttempt.Operator operator(Invocation inv) {
        return new Asking(inv);
    }

    /**
     * The operator as every command has it: questions through the invocation's prompter, notes to stderr. A
     * workflow whose operator is also shown plans or progress extends it with those.
     */
    public static class Asking implements GateAttempt.Operator {
        protected final Invocation inv;

        public Asking(Invocation inv) {
            this.inv = inv;
        }

        @Override
        public String ask(String prompt) {
            return inv.prompter().ask(prompt);
        }

        @Override
        public void note(String line) {
            inv.note(line);
        }
    }

    /** The attempt of {@code action} by this invocation. */
    public static GateAttempt of(ShellSession session, Invocation inv, String action) {
        String bootstrap = session.connection().map(c -> c.gateway().target().endpoints()).orElse(null);
        return new GateAttempt(Secrets.maskText(inv.commandLine()), inv.mode().origin(), action, guard(session, inv),
                operator(inv), auditLog(inv), bootstrap, false,
                () -> session.connection().map(c -> c.gateway().clusterId()).orElse(null));
    }

    /**
     * The gate for this invocation. A runbook step that carries --yes in any spelling is refused (audited, exit 2):
     * it would answer its own question. (The runbook's parser refuses it before step 1; this holds for a line that
     * reached the executor some other way.)
     */
    public static MutationGate open(ShellSession session, Invocation inv, String action) {
        MutationGate gate = MutationGate.open(of(session, inv, action));
        String answersItself = answersItself(inv);
        if (answersItself != null) {
            throw gate.invalid(answersItself);
        }
        return gate;
    }

    /** Why a runbook step carrying --yes (any spelling) may not run: it would answer its own question; else null. */
    public static String answersItself(Invocation inv) {
        if (inv.mode().inRunbook() && inv.command().spec().declares(GlobalOptions.YES.name())
                && inv.given(GlobalOptions.YES)) {
            return "a step cannot answer its own confirmation: remove --yes from the step and pass --yes to run";
        }
        return null;
    }
}
