package dev.kshell.workflow.election;

import dev.kshell.workflow.gate.GateAttempt;

import dev.kshell.rules.election.ElectionAction;
import dev.kshell.rules.election.ElectionPlan;
import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.election.QuorumStatus;
import dev.kshell.rules.guard.Refusal;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.StateStore;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The three elections, each its own workflow ({@link PreferredElection}, {@link UncleanElection},
 * {@link RestoreOrderElection}) over one shared guard-and-audit step ({@link GuardedStep}), over
 * {@link ClusterGateway}, the {@link AuditLog} and the {@link StateStore}. The commands only parse their options and
 * render what this returns; the order of the steps, and what is written when, lives in this package.
 *
 * <p>Audit: every attempt gets a line, whatever ends it (invalid input, a failed read while planning, refused,
 * dry-run, not-needed, aborted, or confirmed); every confirmed line gets a closing line with the same attempt id,
 * however the act ends: succeeded, failed, interrupted (Ctrl-C), or unknown (sent, but the answer could not be read:
 * deadline, lost connection, internal error). The closing line holds the per-partition results known at that
 * moment; when it cannot be written the command fails and says that the outcome is not recorded.
 */
public final class ElectionService {

    private final ElectionContext ctx;

    public ElectionService(ClusterGateway gateway, AuditLog audit, StateStore store) {
        this(gateway, audit, store, Clock.systemUTC());
    }

    public ElectionService(ClusterGateway gateway, AuditLog audit, StateStore store, Clock clock) {
        this(new ElectionContext(gateway, audit, store, clock, QuorumStatus.NOT_JUDGED, ElectionReread.WAIT));
    }

    private ElectionService(ElectionContext ctx) {
        this.ctx = ctx;
    }

    /**
     * This service, judging quorum stability through {@code quorum} before an unclean election: an unstable quorum
     * refuses it. Without it, stability is not judged.
     */
    public ElectionService withQuorumStatus(QuorumStatus quorum) {
        return new ElectionService(new ElectionContext(ctx.gateway(), ctx.audit(), ctx.store(), ctx.clock(), quorum,
                ctx.rereadWait()));
    }

    /**
     * This service, waiting at most {@code wait} after an election for the re-read to show the new leaders (default
     * {@link ElectionReread#WAIT}). Tests over a fake gateway, whose leaders never move, pass a short one.
     */
    ElectionService withRereadWait(Duration wait) {
        return new ElectionService(new ElectionContext(ctx.gateway(), ctx.audit(), ctx.store(), ctx.clock(),
                ctx.quorum(), wait));
    }

    /** The person (or runbook) behind an attempt: sees the plan, answers the question, reads notes. */
    public interface Operator extends GateAttempt.Operator {
        /** Called once with the plan, before any decision is acted on. */
        void showPlan(ElectionPlan plan);

        /** Called right before the confirmation is asked (a JSON user must still see what they confirm). */
        void beforeAsking(ElectionPlan plan);
    }

    /**
     * One attempt as the guard and the audit log see it.
     *
     * @param commandLine the command as typed
     * @param origin      {@code file:line} when a runbook step, else null
     * @param guard       the facts the guard decides on
     * @param operator    who is asked
     */
    public record Attempt(String commandLine, String origin, GuardContext guard, Operator operator) {
    }

    /**
     * What an attempt came to: the report (JSON model), the decision (what the renderer switches on), the exit
     * code, and what the text rendering needs.
     */
    public record Result(ElectionReport report, AuditDecision decision, ExitCode exitCode, List<Refusal> refusals,
                         String note, List<String> lines) {
        public Result {
            refusals = List.copyOf(refusals);
            lines = List.copyOf(lines);
        }
    }

    /** What the audit log's {@code results} field holds. */
    public record AuditResults(List<ElectionResults.PartitionResult> results, List<PostElectionCheck> checks) {
    }

    /** What {@code elect preferred} was asked to elect. */
    public sealed interface PreferredTarget {
        record All() implements PreferredTarget {
        }

        record Topic(String name) implements PreferredTarget {
        }

        record Partitions(List<String> args, String usage) implements PreferredTarget {
        }
    }

    public Result preferred(Attempt attempt, PreferredTarget target) {
        return new PreferredElection(ctx).run(attempt, target);
    }

    public Result unclean(Attempt attempt, List<String> args, String usage, boolean keepOrder) {
        return new UncleanElection(ctx).run(attempt, args, usage, keepOrder);
    }

    public Result restoreOrder(Attempt attempt, List<String> args, String usage) {
        return new RestoreOrderElection(ctx).run(attempt, args, usage);
    }

    /**
     * Records an attempt whose input the command itself found wrong before anything was read (e.g. a runbook step
     * carrying {@code --yes}, which would answer its own question): audited like every attempt. Best effort: a
     * line that cannot be written is said; the command goes on to fail with its usage error.
     */
    public void recordInvalid(Attempt attempt, ElectionAction action, String reason) {
        new GuardedStep(ctx, attempt, action).unplanned(AuditDecision.INVALID, reason);
    }
}
