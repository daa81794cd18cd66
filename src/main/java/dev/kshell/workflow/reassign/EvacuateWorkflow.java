package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.memory.RequestedFile;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.rules.reassign.ReassignmentJson;
import dev.kshell.workflow.gate.MutationGate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * {@code reassign evacuate}: plan ({@link EvacuationPlanning}) -> export -> show -> the gate's conversation
 * ({@link EvacuationGuard}: y/N or --yes for the moves and the shrinks, the typed phrase for partitions with no live
 * copy) -> {@link EvacuationExecution} (throttle on the brokers taking part, cordon, alterPartitionReassignments,
 * watch, throttle removed, re-read, closing audit lines). Ctrl-C stops the watching, never the moves.
 *
 * @param poll how often the watch re-reads the reassignments in flight ({@link #POLL}; tests pass less)
 */
public record EvacuateWorkflow(ClusterGateway gateway, AuditLog auditLog, StateStore store, Duration poll) {

    /** The throttle when none is given: 50 MB/s per broker taking part, each way. */
    public static final long DEFAULT_THROTTLE = 50_000_000L;
    /** How often the watch re-reads the reassignments in flight. */
    public static final Duration POLL = Duration.ofSeconds(2);

    /**
     * @param brokers  the brokers to empty
     * @param throttle bytes/s per broker taking part (0: no throttle)
     * @param export   where to write Kafka's reassignment JSON, or null
     * @param shrink   partitions no live broker outside their replicas can take run on their live replicas for now
     */
    public record Request(Set<Integer> brokers, long throttle, Path export, boolean shrink) {
        public Request(Set<Integer> brokers, long throttle, Path export) {
            this(brokers, throttle, export, false);
        }
    }

    /** What the attempt came to: the JSON model, the exit code, lines to print after it. */
    public record Result(EvacuationReport report, ExitCode exitCode, List<String> lines) {
    }

    public Result run(MoveAttempt attempt, Request request) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-evacuate", auditLog, gateway));
        RequestedFile exportFile = request.export() == null ? null : gate.requestedFile(request.export(), "--export");
        EvacuationPlanning.Planned planned = new EvacuationPlanning(gateway, store).plan(gate, request, op);
        ClusterSnapshot s = planned.snapshot();
        EvacuationPlan plan = planned.plan();
        GuardContext guard = attempt.guard().withActualClusterId(s.clusterId());
        List<String> lines = new ArrayList<>();
        Refusal pin = GatePolicy.pin(guard);
        if (pin != null) {
            op.showPlan(plan);
            gate.ended(s.clusterId(), AuditDecision.REFUSED, pin.message(), plan);
            lines.add("refused: " + pin.message());
            lines.add("  instead: " + pin.alternative());
            return result(s, AuditDecision.REFUSED, pin.message(), plan, List.of(), null, null, ExitCode.REFUSED, lines);
        }
        String export = exportFile == null ? null : gate.export(s.clusterId(), exportFile,
                ReassignmentJson.write(plan.moves()));
        op.showPlan(plan);
        if (guard.dryRun()) {
            gate.ended(s.clusterId(), AuditDecision.DRY_RUN, null, plan);
            lines.add("dry run: nothing was changed");
            smallCluster(plan, request, draining(planned, request), lines);
            return result(s, AuditDecision.DRY_RUN, null, plan, List.of(), null, export, ExitCode.OK, lines);
        }
        if (plan.empty()) {
            return nothingToSend(gate, planned, request, export, lines, op);
        }
        EvacuationGuard.Decided decided = new EvacuationGuard(gate, guard, op).decide(s.clusterId(), plan, request,
                lines);
        if (decided.passes() == null) {
            return result(s, decided.decision(), decided.reason(), plan, List.of(), decided.lostLabel(), export,
                    ExitCode.REFUSED, lines);
        }
        EvacuationExecution.Passes passes = decided.passes();
        EvacuationExecution execution = new EvacuationExecution(gateway, new MoveWatch(gateway, poll), planned,
                request, op);
        EvacuationExecution.Outcome outcome = decided.during(() -> execution.run(passes, lines));
        List<String> out = new ArrayList<>(outcome.lines());
        ExitCode code = outcome.code();
        if (code != ExitCode.CANCELLED) {
            code = code.worst(smallCluster(plan, request, draining(planned, request), out));
            if (passes.shrinks() != null) {
                out.addAll(new ShrinkMemory(store).remember(s.clusterId(), plan.shrinks(), outcome.results()));
            }
            out.add("audit: " + gate.auditPath());
        }
        return result(s, outcome.decision(), outcome.reason(), plan, outcome.results(), label(outcome.lostDecision()),
                export, code, out);
    }

    /** Nothing new to send: either nothing at all, or only moves already in flight, which are watched to the end. */
    private Result nothingToSend(MutationGate gate, EvacuationPlanning.Planned planned, Request request, String export,
                                 List<String> lines, MoveAttempt.Operator op) {
        ClusterSnapshot s = planned.snapshot();
        EvacuationPlan plan = planned.plan();
        if (planned.alreadyMoving().isEmpty()) {
            String why = plan.unplaced().isEmpty() ? "nothing to move: broker " + join(request.brokers())
                    + " holds no replica" : "nothing can be moved: no live broker can take the replicas";
            gate.ended(s.clusterId(), AuditDecision.NOT_NEEDED, why, plan);
            lines.add(why);
            ExitCode code = smallCluster(plan, request, draining(planned, request), lines);
            return result(s, AuditDecision.NOT_NEEDED, why, plan, List.of(), null, export, code, lines);
        }
        gate.ended(s.clusterId(), AuditDecision.NOT_NEEDED, "nothing new to send; " + planned.alreadyMoving().size()
                + " partition(s) already moving", plan);
        try {
            new MoveWatch(gateway, poll).watch(planned.alreadyMoving(), Map.of(), op);
        } catch (CancellationException | MoveWatch.Interrupted e) {
            op.progressDone();
            Thread.interrupted();
            lines.add("stopped watching: the reassignments go on (`reassignments` follows them)");
            return result(s, AuditDecision.NOT_NEEDED, null, plan, List.of(), null, export, ExitCode.CANCELLED, lines);
        }
        op.progressDone();
        lines.add("the " + planned.alreadyMoving().size() + " reassignment(s) in flight are done; a throttle they "
                + "leave is cleared by `reassign cancel --all`");
        return result(s, AuditDecision.NOT_NEEDED, null, plan, List.of(), null, export,
                plan.unplaced().isEmpty() ? ExitCode.OK : ExitCode.REFUSED, lines);
    }

    /**
     * The partitions left where they are. On a small cluster (every live broker already holds a replica) the choices
     * are named instead of a dead end: start the broker (when it is not live), add one, or shrink for now. Exit 3 when
     * any is left.
     */
    private static ExitCode smallCluster(EvacuationPlan plan, Request request, boolean draining, List<String> lines) {
        if (plan.unplaced().isEmpty()) {
            return ExitCode.OK;
        }
        List<EvacuationPlan.Unplaced> small = plan.unplaced().stream().filter(EvacuationPlan::small).toList();
        List<EvacuationPlan.Unplaced> other = plan.unplaced().stream().filter(u -> !EvacuationPlan.small(u)).toList();
        if (!other.isEmpty()) {
            lines.add("not moved: " + other.size() + " partition" + (other.size() == 1 ? "" : "s") + " no live broker "
                    + "can take a replica of (add a broker, then run this again): " + names(other));
        }
        if (!small.isEmpty()) {
            String b = join(request.brokers());
            lines.add("not moved: " + small.size() + " partition" + (small.size() == 1 ? "" : "s") + " whose every "
                    + "live broker already holds a replica (" + names(small) + "). Choose:");
            if (!draining) {
                lines.add("  start broker " + b + " again: on its old disk nothing is lost; on a new, empty disk see "
                        + "`brokers new-disk " + request.brokers().iterator().next() + "` first");
            }
            lines.add("  add a broker, then run `reassign evacuate " + b + "` again: the replication factor is kept");
            lines.add("  or run them on their live replicas for now: `reassign evacuate " + b + " --shrink` (one copy "
                    + "fewer until `reassign restore-rf` puts the factor back)");
        }
        return ExitCode.REFUSED;
    }

    /** Whether every broker evacuated is live (drained, not lost): then "start it again" is no choice. */
    private static boolean draining(EvacuationPlanning.Planned planned, Request request) {
        return planned.live().ids().containsAll(request.brokers());
    }

    private Result result(ClusterSnapshot s, AuditDecision decision, String reason, EvacuationPlan plan,
                          List<EvacuationReport.PartitionResult> results, String lostDecision, String export,
                          ExitCode code, List<String> lines) {
        return new Result(new EvacuationReport(s.clusterId(), label(decision), reason, plan, results, lostDecision,
                export, auditLog.path().toString()), code, lines);
    }

    static String label(AuditDecision d) {
        return d == null ? null : d.label();
    }

    private static String names(List<EvacuationPlan.Unplaced> unplaced) {
        List<String> names = unplaced.stream().map(EvacuationPlan.Unplaced::partition).toList();
        return names.size() <= 10 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 10)) + " and " + (names.size() - 10) + " more";
    }

    static String join(Collection<Integer> ids) {
        return String.join(",", ids.stream().map(String::valueOf).toList());
    }
}
