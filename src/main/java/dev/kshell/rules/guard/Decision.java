package dev.kshell.rules.guard;

import dev.kshell.model.ExitCode;

import java.util.List;

/**
 * What the guard decided.
 *
 * @param kind         proceed, ask first, refuse, dry-run, or nothing to do
 * @param confirmation for {@link Kind#PROCEED_AFTER_CONFIRM}: what to ask and accept; else null
 * @param exitCode     the code to exit with when the command stops here (REFUSE: 3, or 2 for unknown partitions;
 *                     DRY_RUN / NOTHING_TO_DO: 0); for PROCEED kinds the results decide and this is OK
 * @param refusals     for REFUSE: every reason (the first is the headline); else empty
 * @param note         an extra line to print (e.g. "--yes does not skip this confirmation"), or null
 * @param override     for PROCEED_AFTER_CONFIRM over an unstable quorum: the second, explicit phrase the person at
 *                     the terminal must type first (its reason is audited); else null
 */
public record Decision(Kind kind, Confirmation confirmation, ExitCode exitCode, List<Refusal> refusals,
                       String note, Override override) {

    /** The explicit phrase that overrides a refusal, and why it is asked (written to the audit log). */
    public record Override(Confirmation confirmation, String reason) {
    }

    public Decision(Kind kind, Confirmation confirmation, ExitCode exitCode, List<Refusal> refusals, String note) {
        this(kind, confirmation, exitCode, refusals, note, null);
    }

    public enum Kind {
        /** Ask, then proceed only if {@link Confirmation#accepts(String)}; otherwise the attempt is aborted. */
        PROCEED_AFTER_CONFIRM,
        /** Proceed without asking ({@code --yes}; for unclean only a runbook with {@code allow unclean}). */
        PROCEED,
        /** Do not mutate; exit with {@link #exitCode()}. */
        REFUSE,
        /** {@code --dry-run}: the plan was printed; stop. */
        DRY_RUN,
        /** The plan holds nothing to elect (every partition not-needed or cannot): no cluster call, report rows. */
        NOTHING_TO_DO
    }

    public Decision {
        refusals = refusals == null ? List.of() : List.copyOf(refusals);
    }

    public static Decision proceed(String note) {
        return new Decision(Kind.PROCEED, null, ExitCode.OK, List.of(), note);
    }

    public static Decision confirm(Confirmation c, String note) {
        return new Decision(Kind.PROCEED_AFTER_CONFIRM, c, ExitCode.OK, List.of(), note);
    }

    public static Decision confirmWithOverride(Confirmation c, String note, Override override) {
        return new Decision(Kind.PROCEED_AFTER_CONFIRM, c, ExitCode.OK, List.of(), note, override);
    }

    public static Decision dryRun() {
        return new Decision(Kind.DRY_RUN, null, ExitCode.OK, List.of(), "dry run: nothing was changed");
    }

    public static Decision nothingToDo(String note) {
        return new Decision(Kind.NOTHING_TO_DO, null, ExitCode.OK, List.of(), note);
    }

    public static Decision refuse(ExitCode code, List<Refusal> refusals) {
        return new Decision(Kind.REFUSE, null, code, refusals, null);
    }

    public static Decision refuse(Refusal refusal) {
        return refuse(ExitCode.REFUSED, List.of(refusal));
    }

    /** The headline refusal's sentence, or null. */
    public String reason() {
        return refusals.isEmpty() ? null : refusals.get(0).message();
    }

    /** The headline refusal's safe alternative, or null. */
    public String alternative() {
        return refusals.isEmpty() ? null : refusals.get(0).alternative();
    }
}
