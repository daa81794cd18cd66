package dev.kshell.workflow.reassign;

import dev.kshell.workflow.clients.HurtGroupsRead;

import dev.kshell.audit.AuditDecision;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.gate.MutationGate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

/**
 * The evacuation once the gate let it through: the throttle on the brokers taking part, the moves, the partitions
 * with no live copy recreated empty, the small cluster's shrinks, the watch, the throttle removed, the cluster read
 * again, and each pass's closing audit line. One object per attempt: it holds what was sent.
 */
final class EvacuationExecution {

    /** The passes the gate gave (null: that part was refused, declined or empty) and what the refusals came to. */
    record Passes(MutationGate.Pass moves, MutationGate.Pass lost, MutationGate.Pass shrinks,
                  AuditDecision lostDecision, ExitCode refusedExit) {
    }

    private final ClusterGateway gateway;
    private final MoveWatch watch;
    private final EvacuationPlanning.Planned planned;
    private final EvacuateWorkflow.Request request;
    private final MoveAttempt.Operator op;
    private final Map<String, EvacuationReport.PartitionResult> results = new LinkedHashMap<>();
    private final Set<PartitionSpec> watching = new LinkedHashSet<>();
    private final Map<PartitionSpec, EvacuationPlan.Move> byPartition = new HashMap<>();
    private MoveThrottle throttle = new MoveThrottle(Set.of(), Map.of(), false);
    private boolean sent;
    private final Set<Integer> cordoned = new TreeSet<>();

    EvacuationExecution(ClusterGateway gateway, MoveWatch watch, EvacuationPlanning.Planned planned,
                        EvacuateWorkflow.Request request, MoveAttempt.Operator op) {
        this.gateway = gateway;
        this.watch = watch;
        this.planned = planned;
        this.request = request;
        this.op = op;
    }

    /** What it came to: the results per partition, the closing decision, the exit code and the lines to print. */
    record Outcome(List<EvacuationReport.PartitionResult> results, AuditDecision decision, String reason,
                   AuditDecision lostDecision, ExitCode code, List<String> lines) {
    }

    Outcome run(Passes passes, List<String> lines) {
        EvacuationPlan plan = planned.plan();
        List<EvacuationPlan.Move> toMove = new ArrayList<>(passes.moves() == null ? List.of() : plan.moves());
        if (passes.shrinks() != null) {
            toMove.addAll(plan.shrinks());
        }
        List<EvacuationPlan.Lost> toRecover = passes.lost() == null ? List.of() : plan.lost();
        try {
            send(passes.moves() == null ? List.of() : plan.moves(), toMove, toRecover);
            Set<PartitionSpec> toWatch = new LinkedHashSet<>(watching);
            toWatch.addAll(planned.alreadyMoving());
            watch.watch(toWatch, byPartition, op);
        } catch (CancellationException | MoveWatch.Interrupted e) {
            op.progressDone();
            Thread.interrupted();
            return interrupted(passes, lines);
        } catch (RuntimeException e) {
            op.progressDone();
            AuditDecision d = sent && e instanceof ClusterException c && c.kind() == ClusterException.Kind.UNREACHABLE
                    ? AuditDecision.UNKNOWN : AuditDecision.FAILED;
            for (MutationGate.Pass p : new MutationGate.Pass[] {passes.moves(), passes.lost(), passes.shrinks()}) {
                if (p != null) {
                    p.close(d, e.getMessage(), List.copyOf(results.values()));
                }
            }
            throw e;
        }
        op.progressDone();
        return finish(passes, lines, toRecover);
    }

    /** Throttle (only the moves that copy), cordon, alter, recover: under the passes' approval. */
    private void send(List<EvacuationPlan.Move> copying, List<EvacuationPlan.Move> toMove,
                      List<EvacuationPlan.Lost> toRecover) {
        ReplicaMoves moves = gateway.replicaMoves();
        cordon(moves, toMove);
        throttle = MoveThrottle.of(copying, planned.live().ids(), request.throttle()).set(moves, request.throttle(),
                op::note);
        Map<PartitionSpec, List<Integer>> targets = new LinkedHashMap<>();
        toMove.forEach(m -> {
            targets.put(spec(m), m.target());
            byPartition.put(spec(m), m);
        });
        if (!targets.isEmpty()) {
            sent = true;
            moves.alter(targets).forEach((p, why) -> {
                if (why.isPresent()) {
                    results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "failed",
                            byPartition.get(p).current(), List.of(), why.get()));
                } else {
                    watching.add(p);
                }
            });
        }
        for (EvacuationPlan.Lost lost : toRecover) {
            sent = true;
            PartitionSpec p = spec(lost.move());
            byPartition.put(p, lost.move());
            Optional<String> failed = recover(moves, p, lost.move().target());
            if (failed.isPresent()) {
                results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "failed",
                        lost.move().current(), List.of(), failed.get()));
            } else {
                watching.add(p);
            }
        }
    }

    /** Cordons the drained live brokers' log directories first, so that no new replica lands there meanwhile. */
    private void cordon(ReplicaMoves moves, List<EvacuationPlan.Move> toMove) {
        if (planned.cordon().isEmpty() || toMove.isEmpty()) {
            return;
        }
        moves.cordon(planned.cordon()).forEach((b, why) -> {
            if (why.isPresent()) {
                op.note("warning: log directories of broker " + b + " not cordoned: " + why.get());
            } else {
                op.note("cordoned every log directory of broker " + b + " (cordoned.log.dirs=*): no new replica "
                        + "lands there while it is drained");
                cordoned.add(b);
            }
        });
    }

    /**
     * A partition with no live copy (Kafka 4.4, docs/kafka-behaviour.md): the reassignment to a live broker leaves
     * it leaderless with the new replica adding; an unclean election makes the new, empty replica leader; the same
     * reassignment sent again then completes.
     */
    private Optional<String> recover(ReplicaMoves moves, PartitionSpec p, List<Integer> target) {
        Optional<String> first = moves.alter(Map.of(p, target)).getOrDefault(p, Optional.of("no answer"));
        if (first.isPresent()) {
            return first;
        }
        ElectionAnswer answer = null;
        for (int attempt = 0; attempt < 10; attempt++) {
            answer = gateway.electLeaders(ClusterGateway.ElectionType.UNCLEAN, List.of(p)).get(p);
            if (elected(answer)) {
                break;
            }
            MoveWatch.sleep(java.time.Duration.ofMillis(500));
        }
        if (!elected(answer)) {
            return Optional.of("the unclean election of the new replica failed: " + (answer == null ? "no answer"
                    : answer.error() + (answer.detail() == null ? "" : " " + answer.detail())));
        }
        op.note(p.name() + ": the new, empty replica on broker " + EvacuateWorkflow.join(target)
                + " leads; every earlier record is gone");
        // the groups whose committed offsets the empty log now leaves out of range, with the resets to choose from
        HurtGroupsRead.lines(gateway, List.of(p)).forEach(op::note);
        return moves.alter(Map.of(p, target)).getOrDefault(p, Optional.of("no answer"));
    }

    private static boolean elected(ElectionAnswer a) {
        return a != null && (a.error() == ElectionAnswer.Error.NONE
                || a.error() == ElectionAnswer.Error.ELECTION_NOT_NEEDED);
    }

    private Outcome interrupted(Passes passes, List<String> lines) {
        String reason = "stopped watching (Ctrl-C): the moves sent go on";
        List<String> out = new ArrayList<>(lines);
        Set<PartitionSpec> followed = new LinkedHashSet<>(watching);
        followed.addAll(planned.alreadyMoving());
        long stillMoving = followed.size();
        try {
            Set<PartitionSpec> now = gateway.replicaMoves().inFlight().keySet();
            stillMoving = followed.stream().filter(now::contains).count();
        } catch (RuntimeException unknown) {
            // the count of what was sent stands in for it
        }
        out.add("stopped watching: " + stillMoving + " of the " + followed.size() + " reassignment"
                + (followed.size() == 1 ? "" : "s") + " still in flight, going on in the cluster"
                + (throttle.active() ? ", throttled at " + ByteSizes.rate(request.throttle()) : ""));
        out.add("  follow them:  reassignments");
        out.add("  steer them:   reassign throttle RATE   (changes the throttle of the moves in flight)");
        out.add("  cancel them:  reassign cancel --all   (also removes the throttle)");
        if (throttle.active()) {
            out.add("  the throttle stays until they are done and `reassign cancel --all` clears it, or until "
                    + "you run `reassign evacuate " + EvacuateWorkflow.join(request.brokers()) + "` again to watch "
                    + "them to the end");
        }
        for (MutationGate.Pass p : new MutationGate.Pass[] {passes.moves(), passes.lost(), passes.shrinks()}) {
            if (p != null) {
                p.close(AuditDecision.INTERRUPTED, reason, List.copyOf(watching));
            }
        }
        return new Outcome(List.copyOf(results.values()), AuditDecision.INTERRUPTED, reason,
                passes.lost() != null ? AuditDecision.INTERRUPTED : passes.lostDecision(), ExitCode.CANCELLED, out);
    }

    private Outcome finish(Passes passes, List<String> lines, List<EvacuationPlan.Lost> toRecover) {
        List<String> out = new ArrayList<>(lines);
        if (throttle.active()) {
            List<String> left = throttle.remove(gateway.replicaMoves());
            left.forEach(w -> out.add("warning: " + w));
            if (left.isEmpty()) {
                out.add(throttle.removedLine());
            }
        }
        reread();
        cordoned.forEach(b -> out.add("broker " + b + " stays cordoned: " + dev.kshell.rules.replication.LogDirHealth
                .uncordon(b)));
        if (planned.cordonNote() != null) {
            out.add("note: " + planned.cordonNote());
        }
        boolean failed = results.values().stream().anyMatch(r -> r.outcome().equals("failed"));
        ExitCode code = (failed ? ExitCode.ACTION_FAILED : ExitCode.OK).worst(passes.refusedExit());
        boolean recorded = close(passes.moves(), planned.plan().moves());
        recorded &= close(passes.shrinks(), planned.plan().shrinks());
        AuditDecision lostClosing = passes.lostDecision();
        if (passes.lost() != null) {
            lostClosing = closing(toRecover.stream().map(EvacuationPlan.Lost::move).toList());
            recorded &= close(passes.lost(), toRecover.stream().map(EvacuationPlan.Lost::move).toList());
        }
        if (!recorded && code == ExitCode.OK) {
            code = ExitCode.ACTION_FAILED;
        }
        AuditDecision closing = passes.moves() != null ? closing(planned.plan().moves())
                : passes.shrinks() != null ? closing(planned.plan().shrinks()) : lostClosing;
        return new Outcome(List.copyOf(results.values()), closing, null, lostClosing, code, out);
    }

    private List<EvacuationReport.PartitionResult> resultsOf(List<EvacuationPlan.Move> moves) {
        return results.values().stream().filter(r -> moves.stream().anyMatch(m -> m.name().equals(r.partition())))
                .toList();
    }

    private AuditDecision closing(List<EvacuationPlan.Move> moves) {
        return resultsOf(moves).stream().anyMatch(r -> r.outcome().equals("failed")) ? AuditDecision.FAILED
                : AuditDecision.SUCCEEDED;
    }

    private boolean close(MutationGate.Pass pass, List<EvacuationPlan.Move> moves) {
        return pass == null || pass.close(closing(moves), null, resultsOf(moves));
    }

    /**
     * Reads the cluster again to say where every replica is now. A move the controller has completed can still show
     * its old replicas in a broker's metadata for a moment (seen on 3.9 KRaft right after a shrink), so a mismatch is
     * read again for a few seconds before it is called a failure.
     */
    private void reread() {
        if (watching.isEmpty()) {
            return;
        }
        Set<String> topics = new TreeSet<>();
        watching.forEach(p -> topics.add(p.topic()));
        ClusterSnapshot after = null;
        for (int round = 0; round < SETTLE_ROUNDS; round++) {
            try {
                after = gateway.snapshot(List.copyOf(topics), false);
            } catch (ClusterException e) {
                op.note("warning: re-read failed (" + e.getMessage() + "): check with `describe`");
                watching.forEach(p -> results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "moved",
                        byPartition.get(p).target(), List.of(), "not re-read")));
                return;
            }
            ClusterSnapshot read = after;
            if (watching.stream().allMatch(p -> placed(read, p))) {
                break;
            }
            MoveWatch.sleep(java.time.Duration.ofMillis(500));
        }
        for (PartitionSpec p : watching) {
            EvacuationPlan.Move m = byPartition.get(p);
            Optional<PartitionState> now = after.partition(p);
            if (now.isEmpty()) {
                results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "failed", m.target(), List.of(),
                        "no longer in the metadata"));
                continue;
            }
            PartitionState st = now.get();
            boolean placed = placed(after, p);
            results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), placed ? "moved" : "failed",
                    st.replicas(), st.isr(), placed ? (st.isr().containsAll(st.replicas()) ? null
                    : "ISR not full yet") : "replicas are " + st.replicas() + ", not " + m.target()));
        }
    }

    /** Reads of the metadata after the moves before a mismatch counts (500 ms apart). */
    private static final int SETTLE_ROUNDS = 10;

    private boolean placed(ClusterSnapshot after, PartitionSpec p) {
        return after.partition(p).map(st -> new HashSet<>(st.replicas())
                .equals(new HashSet<>(byPartition.get(p).target()))).orElse(false);
    }

    private static PartitionSpec spec(EvacuationPlan.Move m) {
        return new PartitionSpec(m.topic(), m.partition());
    }
}
