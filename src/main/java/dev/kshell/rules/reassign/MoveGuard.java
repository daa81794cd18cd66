package dev.kshell.rules.reassign;

import dev.kshell.rules.guard.GatePolicy;

import dev.kshell.rules.guard.Confirmation;
import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.election.ElectionGuard;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.guard.RefusalReason;
import dev.kshell.model.ExitCode;

import java.util.List;

/**
 * The guard's decisions for moving replicas, by the same rules as the elections' ({@link ElectionGuard}): a pinned
 * cluster id that differs refuses every mutation; {@code --dry-run} stops after the plan; a move that loses no data
 * is confirmed y/N at a terminal or by {@code --yes}; a move that loses data (a partition with no live copy, whose
 * new replica starts empty and is elected uncleanly) needs a person at a terminal typing the phrase, or a runbook
 * that declares {@code allow unclean} run with {@code --yes}, never {@code --yes} alone.
 */
public final class MoveGuard {

    private MoveGuard() {
    }

    /** The wrong cluster, or the dry run; null when the attempt may go on to its confirmation. */
    public static Decision common(GuardContext ctx) {
        Refusal clusterId = GatePolicy.pin(ctx);
        if (clusterId != null) {
            return new Decision(Decision.Kind.REFUSE, null, ExitCode.REFUSED, List.of(clusterId), null);
        }
        if (ctx.dryRun()) {
            return new Decision(Decision.Kind.DRY_RUN, null, ExitCode.OK, List.of(), "dry run: nothing was changed");
        }
        return null;
    }

    /** A change that loses no data (moves with a live copy, cancel, unregister): --yes, else y/N at a terminal. */
    public static Decision yesNo(GuardContext ctx, String question) {
        Decision early = common(ctx);
        if (early != null) {
            return early;
        }
        return GatePolicy.change(ctx, question);
    }

    /** The phrase for partitions whose every copy is lost: the name for one, {@code lose N partitions} for several. */
    public static String phrase(List<String> partitions) {
        return partitions.size() == 1 ? partitions.get(0) : "lose " + partitions.size() + " partitions";
    }

    /**
     * Partitions whose every copy is lost: the unclean guard's rules. The cluster id and the dry run are decided by
     * {@link #common} before this.
     */
    public static Decision lost(GuardContext ctx, List<String> partitions) {
        if (GatePolicy.runbookAllowsLoss(ctx)) {
            return new Decision(Decision.Kind.PROCEED, null, ExitCode.OK, List.of(),
                    "runbook declares `allow unclean` and the run has --yes: no confirmation asked");
        }
        String names = String.join(", ", partitions);
        if (ctx.terminal()) {
            Confirmation typed = Confirmation.typed(phrase(partitions), "EVERY RECORD of " + names
                    + " is lost for good: no live broker holds a copy. A new, empty replica is made on a live broker "
                    + "and elected uncleanly.");
            return new Decision(Decision.Kind.PROCEED_AFTER_CONFIRM, typed, ExitCode.OK, List.of(),
                    ctx.yes() ? "--yes does not skip the confirmation of a partition whose every copy is lost" : null);
        }
        String alternative = "start a broker that holds a copy; or, to give the records up, run `reassign evacuate` "
                + "at a terminal and type the phrase, or from a runbook that declares `allow unclean`, with `run FILE --yes`";
        if (ctx.yes()) {
            return new Decision(Decision.Kind.REFUSE, null, ExitCode.REFUSED, List.of(new Refusal(
                    RefusalReason.YES_WITHOUT_RUNBOOK, names, "not moved: " + names + " (no live copy; moving "
                    + (partitions.size() == 1 ? "it" : "them") + " loses every record, and --yes alone never allows that)",
                    alternative)), null);
        }
        return new Decision(Decision.Kind.REFUSE, null, ExitCode.REFUSED, List.of(new Refusal(RefusalReason.NO_TERMINAL,
                names, "not moved: " + names + " (no live copy; moving " + (partitions.size() == 1 ? "it" : "them")
                + " loses every record, and there is no terminal to type the confirmation on)", alternative)), null);
    }
}
