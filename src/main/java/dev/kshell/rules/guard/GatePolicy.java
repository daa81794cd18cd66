package dev.kshell.rules.guard;


import java.util.Objects;

/**
 * The one policy every mutation passes (docs/architecture.md, "One gate for every mutation"), pure, in a fixed order:
 * <ol>
 *   <li>the pin: a profile's expected cluster id that differs from the cluster the plan was read from (or an unknown
 *       id) refuses, exit 3, even a dry run: being on the wrong cluster is worth knowing before anything else;</li>
 *   <li>{@code --dry-run} (the command's or the run's): the plan only;</li>
 *   <li>{@link Risk.Kind#CHANGE}: {@code --yes} proceeds, a terminal asks y/N, else refused;</li>
 *   <li>{@link Risk.Kind#LOSS}: a runbook that declares {@code allow unclean} run with {@code --yes} proceeds (not
 *       under {@code run --step}: there the person answers each step and types the phrase), a terminal asks for the
 *       typed phrase ({@code --yes} does not skip it), else refused: {@code --yes} alone never allows a loss.</li>
 * </ol>
 * A planner's own refusals (an election with a live leader, a voter change without a majority) come before this;
 * they are the command's, and the gate audits them.
 */
public final class GatePolicy {

    private GatePolicy() {
    }

    /** Checks 1 to 4. */
    public static Decision decide(GuardContext ctx, Risk risk) {
        Refusal pin = pin(ctx);
        if (pin != null) {
            return Decision.refuse(pin);
        }
        if (ctx.dryRun()) {
            return Decision.dryRun();
        }
        return switch (risk.kind()) {
            case SANDBOX -> Decision.proceed(null);
            case CHANGE -> change(ctx, risk.question());
            case LOSS -> loss(ctx, risk.typed(), risk.subject());
        };
    }

    /** Check 1 alone: null when the connection is not pinned or reaches the pinned cluster. */
    public static Refusal pin(GuardContext ctx) {
        String expected = ctx.expectedClusterId();
        if (expected == null || expected.isBlank() || Objects.equals(expected, ctx.actualClusterId())) {
            return null;
        }
        String actual = ctx.actualClusterId() == null ? "unknown" : ctx.actualClusterId();
        return new Refusal(RefusalReason.CLUSTER_ID_MISMATCH, null,
                "the profile pins cluster id " + expected + " but the connected cluster's id is " + actual
                        + ": refusing every mutation",
                "check --bootstrap-server / --profile and connect to the cluster you mean (see `status`)");
    }

    /** Check 3: --yes, else y/N at a terminal, else refused. */
    public static Decision change(GuardContext ctx, String question) {
        if (ctx.yes()) {
            return Decision.proceed(null);
        }
        if (ctx.terminal()) {
            return Decision.confirm(Confirmation.yesNo(question), null);
        }
        return Decision.refuse(new Refusal(RefusalReason.NO_TERMINAL, null,
                "confirmation needed and there is no terminal to ask on", "add --yes"));
    }

    /** True when a runbook's permission stands in for the typed phrase: {@code allow unclean} + --yes, not --step. */
    public static boolean runbookAllowsLoss(GuardContext ctx) {
        return ctx.runbookAllowsUnclean() && ctx.yes() && !ctx.stepByStep();
    }

    /** Check 4: the typed phrase at a terminal, or a runbook's permission; --yes alone refuses. */
    public static Decision loss(GuardContext ctx, Confirmation typed, String subject) {
        if (runbookAllowsLoss(ctx)) {
            return Decision.proceed("runbook declares `allow unclean` and the run has --yes: no confirmation asked");
        }
        if (ctx.terminal()) {
            return Decision.confirm(typed, ctx.yes() ? "--yes does not skip the confirmation of " + subject : null);
        }
        String fromRunbook = "from a runbook that declares `allow unclean`, with `run FILE --yes`";
        if (ctx.yes() && ctx.runbookAllowsUnclean()) { // run --step --yes without a terminal to type on
            return Decision.refuse(new Refusal(RefusalReason.NO_TERMINAL, null, "under run --step, " + subject
                    + " needs the phrase typed at a terminal, and there is none", "run FILE --yes without --step"));
        }
        if (ctx.yes()) {
            return Decision.refuse(new Refusal(RefusalReason.YES_WITHOUT_RUNBOOK, null, "--yes alone never allows "
                    + subject + ", and there is no terminal to type the confirmation on",
                    "run it from a terminal and type the confirmation, or " + fromRunbook));
        }
        if (ctx.runbookAllowsUnclean()) {
            return Decision.refuse(new Refusal(RefusalReason.RUNBOOK_WITHOUT_YES, null, "the runbook declares "
                    + "`allow unclean` but the run has no --yes, and there is no terminal to ask on", "run FILE --yes"));
        }
        return Decision.refuse(new Refusal(RefusalReason.NO_TERMINAL, null, subject + " needs the operator to type a "
                + "confirmation, and there is no terminal", "run it from an interactive terminal, or " + fromRunbook));
    }

}
