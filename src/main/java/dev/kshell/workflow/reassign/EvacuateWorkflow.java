package dev.kshell.workflow.reassign;

import dev.kshell.memory.RequestedFile;
import dev.kshell.rules.guard.GatePolicy;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateRefusal;
import dev.kshell.workflow.gate.MutationGate;
import java.util.function.Supplier;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.rules.guard.Decision;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.rules.reassign.EvacuationPlanner;
import dev.kshell.rules.reassign.MoveGuard;
import dev.kshell.rules.reassign.ReassignmentJson;
import dev.kshell.memory.StateStore;
import dev.kshell.util.ByteSizes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

/**
 * {@code reassign evacuate}: plan (a fresh snapshot, the live brokers' log dirs, {@link EvacuationPlanner}) ->
 * export -> show -> guard ({@link MoveGuard}: y/N or --yes for the moves, the typed phrase for partitions with no
 * live copy) -> audit -> throttle on the brokers taking part and the moving replicas -> alterPartitionReassignments
 * -> watch (re-reading the cluster each round) -> remove the throttle -> re-read -> closing audit line. Ctrl-C stops
 * the watching, never the moves: the closing line says so, and how to follow or cancel them.
 */
public final class EvacuateWorkflow {

    /** The throttle when none is given: 50 MB/s per broker taking part, each way. */
    public static final long DEFAULT_THROTTLE = 50_000_000L;
    /** How often the watch re-reads the reassignments in flight. */
    public static final Duration POLL = Duration.ofSeconds(2);

    private final ClusterGateway gateway;
    private final AuditLog auditLog;
    private final StateStore store;
    private final Duration poll;

    public EvacuateWorkflow(ClusterGateway gateway, AuditLog auditLog, StateStore store, Duration poll) {
        this.gateway = gateway;
        this.auditLog = auditLog;
        this.store = store;
        this.poll = poll;
    }

    /**
     * @param brokers  the brokers to empty
     * @param throttle bytes/s per broker taking part (0: no throttle)
     * @param export   where to write Kafka's reassignment JSON, or null
     */
    public record Request(Set<Integer> brokers, long throttle, Path export) {
    }

    /** What the attempt came to: the JSON model, the exit code, lines to print after it. */
    public record Result(EvacuationReport report, ExitCode exitCode, List<String> lines) {
    }

    public Result run(MoveAttempt attempt, Request request) {
        MoveAttempt.Operator op = attempt.operator();
        MutationGate gate = MutationGate.open(attempt.gate("reassign-evacuate", auditLog, gateway));
        RequestedFile exportFile = request.export() == null ? null : gate.requestedFile(request.export(), "--export");
        ClusterSnapshot s = gate.plan(() -> gateway.snapshot(null, false));
        Set<Integer> known = new TreeSet<>();
        s.brokers().forEach(b -> known.add(b.id()));
        partitions(s).forEach(p -> known.addAll(p.replicas()));
        List<Integer> unknown = request.brokers().stream().filter(b -> !known.contains(b)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw gate.invalid("broker " + join(unknown) + " is not registered and holds no replica (known brokers: "
                    + join(new ArrayList<>(known)) + ")");
        }
        GuardContext guard = attempt.guard().withActualClusterId(s.clusterId());
        Set<PartitionSpec> alreadyMoving = new LinkedHashSet<>();
        EvacuationPlan plan = gate.plan(() -> plan(s, request, op, alreadyMoving));
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
            return result(s, AuditDecision.DRY_RUN, null, plan, List.of(), null, export, ExitCode.OK, lines);
        }
        if (plan.empty() && !alreadyMoving.isEmpty()) {
            gate.ended(s.clusterId(), AuditDecision.NOT_NEEDED, "nothing new to send; " + alreadyMoving.size()
                    + " partition(s) already moving", plan);
            try {
                watch(gateway.replicaMoves(), alreadyMoving, Map.of(), op);
            } catch (CancellationException | Interrupted e) {
                op.progressDone();
                Thread.interrupted();
                lines.add("stopped watching: the reassignments go on (`reassignments` follows them)");
                return result(s, AuditDecision.NOT_NEEDED, null, plan, List.of(), null, export, ExitCode.CANCELLED,
                        lines);
            }
            op.progressDone();
            lines.add("the " + alreadyMoving.size() + " reassignment(s) in flight are done; a throttle they leave is "
                    + "cleared by `reassign cancel --all`");
            return result(s, AuditDecision.NOT_NEEDED, null, plan, List.of(), null, export,
                    plan.unplaced().isEmpty() ? ExitCode.OK : ExitCode.REFUSED, lines);
        }
        if (plan.empty()) {
            String why = plan.unplaced().isEmpty() ? "nothing to move: broker " + join(request.brokers())
                    + " holds no replica" : "nothing can be moved: no live broker can take the replicas";
            gate.ended(s.clusterId(), AuditDecision.NOT_NEEDED, why, plan);
            lines.add(why);
            return result(s, AuditDecision.NOT_NEEDED, why, plan, List.of(), null, export,
                    plan.unplaced().isEmpty() ? ExitCode.OK : ExitCode.REFUSED, lines);
        }

        // the moves with a live copy: y/N or --yes
        MutationGate.Pass movesPass = null;
        if (!plan.moves().isEmpty()) {
            int replicas = plan.moves().stream().mapToInt(m -> m.adding().size()).sum();
            try {
                movesPass = gate.pass(s.clusterId(), plan, Risk.change("Move " + replicas + " replica"
                        + (replicas == 1 ? "" : "s") + " of " + plan.moves().size() + " partition"
                        + (plan.moves().size() == 1 ? "" : "s") + " off broker " + join(request.brokers()) + " ("
                        + ByteSizes.human(plan.bytes()) + ")?"));
            } catch (GateRefusal refused) {
                AuditDecision d = refused.decision();
                lines.add(d == AuditDecision.ABORTED ? "aborted: " + refused.reason() + "; nothing was changed"
                        : "refused: " + refused.reason() + " (" + refused.alternative() + ")");
                return result(s, d, refused.reason(), plan, List.of(), null, export, ExitCode.REFUSED, lines);
            }
        }

        // the partitions with no live copy: the unclean guard's rules, audited as an attempt of their own
        MutationGate.Pass lostPass = null;
        AuditDecision lostDecision = null;
        ExitCode lostExit = ExitCode.OK;
        if (!plan.lost().isEmpty()) {
            List<String> names = plan.lost().stream().map(EvacuationPlan.Lost::name).toList();
            try {
                lostPass = gate.as("reassign-evacuate-unclean").pass(s.clusterId(), plan.lost(),
                        MoveGuard.lost(guard, names), () -> { });
            } catch (GateRefusal refused) {
                lostDecision = refused.decision();
                lostExit = ExitCode.REFUSED;
                if (lostDecision == AuditDecision.ABORTED) {
                    lines.add("not moved: " + String.join(", ", names) + " (aborted: " + refused.reason() + ")");
                } else {
                    lines.add("refused: " + refused.reason());
                    lines.add("  instead: " + refused.alternative());
                }
            }
        }
        if (movesPass == null && lostPass == null) {
            return result(s, lostDecision, null, plan, List.of(), lostDecision == null ? null : lostDecision.label(),
                    export, lostExit, lines);
        }
        MutationGate.Pass moving = movesPass;
        MutationGate.Pass recovering = lostPass;
        AuditDecision lostRefused = lostDecision;
        ExitCode lostCode = lostExit;
        Supplier<Result> body = () -> act(s, plan, request, op, gate, moving, recovering, lostRefused, lostCode, export,
                lines, alreadyMoving);
        Supplier<Result> underLost = recovering == null ? body : () -> recovering.during(body);
        return moving == null ? underLost.get() : moving.during(underLost);
    }

    private EvacuationPlan plan(ClusterSnapshot s, Request request, MoveAttempt.Operator op,
                                Set<PartitionSpec> alreadyMoving) {
        List<Integer> live = s.brokers().stream().filter(BrokerState::live).map(BrokerState::id).toList();
        ReplicaMoves.LogDirUsage usage;
        try {
            usage = gateway.replicaMoves().logDirs(live);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw e;
            }
            op.note("warning: replica sizes not read (" + e.getMessage() + "): bytes and time are unknown");
            usage = new ReplicaMoves.LogDirUsage(Map.of(), Map.of(), Map.of());
        }
        usage.errors().values().forEach(e -> op.note("warning: " + e));
        // a reassignment already in flight is planned from where it is going (its target), never sent again
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = gateway.replicaMoves().inFlight();
        List<PartitionState> current = new ArrayList<>();
        for (PartitionState p : partitions(s)) {
            ReplicaMoves.InFlight f = inFlight.get(new PartitionSpec(p.topic(), p.partition()));
            if (f == null) {
                current.add(p);
                continue;
            }
            List<Integer> target = f.target();
            if (target.stream().noneMatch(request.brokers()::contains)) {
                alreadyMoving.add(new PartitionSpec(p.topic(), p.partition()));
            }
            current.add(new PartitionState(p.topic(), p.partition(), p.leader(), target,
                    p.isr().stream().filter(target::contains).toList(), p.elr(), p.lastKnownElr()));
        }
        if (!alreadyMoving.isEmpty()) {
            op.note(alreadyMoving.size() + " partition" + (alreadyMoving.size() == 1 ? " is" : "s are")
                    + " already moving off broker " + join(request.brokers()) + ": watched, not sent again");
        }
        EvacuationPlan plan = EvacuationPlanner.plan(new EvacuationPlanner.Input(current, s.brokers(),
                request.brokers(), usage.sizes(), usage.usable(), request.throttle()));
        List<EvacuationPlan.Lost> described = new ArrayList<>();
        for (EvacuationPlan.Lost lost : plan.lost()) {
            String what = "unknown";
            try {
                what = store.lookup(s.clusterId(), lost.name())
                        .map(o -> "records up to offset " + o.highest() + " (remembered " + o.seenAt() + ")")
                        .orElse("unknown (kshell remembers no offsets of it)");
            } catch (RuntimeException e) {
                what = "unknown (the remembered offsets cannot be read: " + e.getMessage() + ")";
            }
            described.add(lost.withWhatIsLost(what));
        }
        return plan.withLost(described);
    }

    private Result act(ClusterSnapshot s, EvacuationPlan plan, Request request, MoveAttempt.Operator op,
                       MutationGate gate, MutationGate.Pass confirmed, MutationGate.Pass lostConfirmed,
                       AuditDecision lostDecision, ExitCode lostExit, String export, List<String> lines,
                       Set<PartitionSpec> alreadyMoving) {
        ReplicaMoves moves = gateway.replicaMoves();
        Set<Integer> live = new TreeSet<>(s.liveBrokerIds());
        List<EvacuationPlan.Move> toMove = confirmed == null ? List.of() : plan.moves();
        List<EvacuationPlan.Lost> toRecover = lostConfirmed == null ? List.of() : plan.lost();
        Map<String, EvacuationReport.PartitionResult> results = new LinkedHashMap<>();
        Throttle throttle = Throttle.of(toMove, live, request.throttle());
        Set<PartitionSpec> watching = new LinkedHashSet<>();
        Map<PartitionSpec, EvacuationPlan.Move> byPartition = new HashMap<>();
        boolean sent = false;
        try {
            if (throttle.active()) {
                moves.setBrokerRate(throttle.brokers(), request.throttle()).forEach((b, why) -> why.ifPresent(w ->
                        op.note("warning: throttle not set on broker " + b + ": " + w)));
                moves.setTopicThrottle(throttle.topicLists()).forEach((t, why) -> why.ifPresent(w ->
                        op.note("warning: throttled replicas not set on topic " + t + ": " + w)));
            }
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
                Optional<String> failed = recover(moves, p, lost.move().target(), op);
                if (failed.isPresent()) {
                    results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "failed",
                            lost.move().current(), List.of(), failed.get()));
                } else {
                    watching.add(p);
                }
            }
            Set<PartitionSpec> toWatch = new LinkedHashSet<>(watching);
            toWatch.addAll(alreadyMoving);
            watch(moves, toWatch, byPartition, op);
        } catch (CancellationException | Interrupted e) {
            op.progressDone();
            Thread.interrupted();
            String reason = "stopped watching (Ctrl-C): the moves sent go on";
            List<String> out = new ArrayList<>(lines);
            Set<PartitionSpec> followed = new LinkedHashSet<>(watching);
            followed.addAll(alreadyMoving);
            long stillMoving = followed.size();
            try {
                Set<PartitionSpec> now = moves.inFlight().keySet();
                stillMoving = followed.stream().filter(now::contains).count();
            } catch (RuntimeException unknown) {
                // the count of what was sent stands in for it
            }
            out.add("stopped watching: " + stillMoving + " of the " + followed.size() + " reassignment"
                    + (followed.size() == 1 ? "" : "s") + " still in flight, going on in the cluster"
                    + (throttle.active() ? ", throttled at " + ByteSizes.rate(request.throttle()) : ""));
            out.add("  follow them:  reassignments");
            out.add("  cancel them:  reassign cancel --all   (also removes the throttle)");
            if (throttle.active()) {
                out.add("  the throttle stays until they are done and `reassign cancel --all` clears it, or until "
                        + "you run `reassign evacuate " + join(request.brokers()) + "` again to watch them to the end");
            }
            if (confirmed != null) {
                confirmed.close(AuditDecision.INTERRUPTED, reason, List.copyOf(watching));
            }
            if (lostConfirmed != null) {
                lostConfirmed.close(AuditDecision.INTERRUPTED, reason, List.copyOf(watching));
            }
            return result(s, AuditDecision.INTERRUPTED, reason, plan, List.copyOf(results.values()),
                    lostConfirmed != null ? AuditDecision.INTERRUPTED.label() : label(lostDecision), export,
                    ExitCode.CANCELLED, out);
        } catch (RuntimeException e) {
            op.progressDone();
            AuditDecision d = sent && e instanceof ClusterException c && c.kind() == ClusterException.Kind.UNREACHABLE
                    ? AuditDecision.UNKNOWN : AuditDecision.FAILED;
            if (confirmed != null) {
                confirmed.close(d, e.getMessage(), List.copyOf(results.values()));
            }
            if (lostConfirmed != null) {
                lostConfirmed.close(d, e.getMessage(), List.copyOf(results.values()));
            }
            throw e;
        }
        op.progressDone();
        // done: the throttle goes, then the cluster is read again to say where every replica is
        List<String> out = new ArrayList<>(lines);
        if (throttle.active()) {
            List<String> left = removeThrottle(moves, throttle);
            left.forEach(w -> out.add("warning: " + w));
            if (left.isEmpty()) {
                out.add("throttle removed from broker" + (throttle.brokers().size() == 1 ? " " : "s ")
                        + join(throttle.brokers()) + " and topic" + (throttle.topicLists().size() == 1 ? " " : "s ")
                        + String.join(", ", throttle.topicLists().keySet()));
            }
        }
        reread(watching, byPartition, results, op);
        boolean failed = results.values().stream().anyMatch(r -> r.outcome().equals("failed"));
        ExitCode code = (failed ? ExitCode.ACTION_FAILED : ExitCode.OK).worst(lostExit);
        if (!plan.unplaced().isEmpty()) {
            // not moved on purpose (the replication factor is never lowered): refused, like the lost ones
            code = code.worst(ExitCode.REFUSED);
            out.add("not moved: " + plan.unplaced().size() + " partition" + (plan.unplaced().size() == 1 ? "" : "s")
                    + " no live broker can take a replica of (add a broker, then run this again): "
                    + names(plan.unplaced()));
        }
        List<EvacuationReport.PartitionResult> movedResults = results.values().stream()
                .filter(r -> toMove.stream().anyMatch(m -> m.name().equals(r.partition()))).toList();
        List<EvacuationReport.PartitionResult> lostResults = results.values().stream()
                .filter(r -> toRecover.stream().anyMatch(l -> l.name().equals(r.partition()))).toList();
        AuditDecision closing = movedResults.stream().anyMatch(r -> r.outcome().equals("failed"))
                ? AuditDecision.FAILED : AuditDecision.SUCCEEDED;
        boolean recorded = true;
        if (confirmed != null) {
            recorded = confirmed.close(closing, null, movedResults);
        }
        AuditDecision lostClosing = lostDecision;
        if (lostConfirmed != null) {
            lostClosing = lostResults.stream().anyMatch(r -> r.outcome().equals("failed"))
                    ? AuditDecision.FAILED : AuditDecision.SUCCEEDED;
            recorded &= lostConfirmed.close(lostClosing, null, lostResults);
        }
        if (!recorded && code == ExitCode.OK) {
            code = ExitCode.ACTION_FAILED;
        }
        out.add("audit: " + gate.auditPath());
        return result(s, confirmed != null ? closing : lostClosing, null, plan, List.copyOf(results.values()),
                label(lostClosing), export, code, out);
    }

    /**
     * A partition with no live copy (Kafka 4.4, docs/kafka-behaviour.md): the reassignment to a live broker leaves
     * it leaderless with the new replica adding; an unclean election makes the new, empty replica leader; the same
     * reassignment sent again then completes.
     */
    private Optional<String> recover(ReplicaMoves moves, PartitionSpec p, List<Integer> target, MoveAttempt.Operator op) {
        Optional<String> first = moves.alter(Map.of(p, target)).getOrDefault(p, Optional.of("no answer"));
        if (first.isPresent()) {
            return first;
        }
        ElectionAnswer answer = null;
        for (int attempt = 0; attempt < 10; attempt++) {
            answer = gateway.electLeaders(ClusterGateway.ElectionType.UNCLEAN, List.of(p)).get(p);
            if (answer != null && (answer.error() == ElectionAnswer.Error.NONE
                    || answer.error() == ElectionAnswer.Error.ELECTION_NOT_NEEDED)) {
                break;
            }
            sleep(Duration.ofMillis(500));
        }
        if (answer == null || (answer.error() != ElectionAnswer.Error.NONE
                && answer.error() != ElectionAnswer.Error.ELECTION_NOT_NEEDED)) {
            return Optional.of("the unclean election of the new replica failed: "
                    + (answer == null ? "no answer" : answer.error() + (answer.detail() == null ? "" : " " + answer.detail())));
        }
        op.note(p.name() + ": the new, empty replica on broker " + join(target) + " leads; every earlier record is gone");
        dev.kshell.workflow.clients.HurtGroupsRead.lines(gateway, List.of(p)).forEach(op::note);
        return moves.alter(Map.of(p, target)).getOrDefault(p, Optional.of("no answer"));
    }

    /** Watches until none of {@code watching} is in flight; a move adding a replica on a dead broker is stuck. */
    private void watch(ReplicaMoves moves, Set<PartitionSpec> watching, Map<PartitionSpec, EvacuationPlan.Move> plan,
                       MoveAttempt.Operator op) {
        int total = watching.size();
        if (total == 0) {
            return;
        }
        long lastLeft = -1;
        long lastAt = System.nanoTime();
        long rate = 0;
        while (true) {
            Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
            Set<PartitionSpec> pending = new LinkedHashSet<>(watching);
            pending.retainAll(inFlight.keySet());
            if (pending.isEmpty()) {
                return;
            }
            Set<Integer> adding = new TreeSet<>();
            pending.forEach(p -> adding.addAll(inFlight.get(p).adding()));
            Set<Integer> live = new HashSet<>();
            gateway.brokers().stream().filter(BrokerState::live).forEach(b -> live.add(b.id()));
            List<Integer> dead = adding.stream().filter(b -> !live.contains(b)).toList();
            if (!dead.isEmpty()) {
                throw new KshellFailure(ExitCode.ACTION_FAILED, "stuck: broker " + join(dead) + " is to receive a "
                        + "replica and is not live; the reassignments stay in flight (see `reassignments`, cancel "
                        + "with `reassign cancel --all`)");
            }
            long left = bytesLeft(moves, pending, inFlight, plan, adding);
            long now = System.nanoTime();
            if (lastLeft >= 0 && left < lastLeft && now > lastAt) {
                rate = (lastLeft - left) * 1_000_000_000L / (now - lastAt);
            }
            lastLeft = left;
            lastAt = now;
            op.progress((total - pending.size()) + "/" + total + " partitions moved, " + ByteSizes.human(left)
                    + " left" + (rate > 0 ? ", " + ByteSizes.rate(rate) + ", about " + (left / Math.max(1, rate))
                    + "s to go" : "") + " (Ctrl-C stops watching, not the moves)");
            sleep(poll);
        }
    }

    private long bytesLeft(ReplicaMoves moves, Set<PartitionSpec> pending, Map<PartitionSpec, ReplicaMoves.InFlight> inFlight,
                           Map<PartitionSpec, EvacuationPlan.Move> plan, Set<Integer> adding) {
        Map<Integer, Map<PartitionSpec, Long>> sizes;
        try {
            sizes = moves.logDirs(adding).sizes();
        } catch (ClusterException e) {
            sizes = Map.of();
        }
        long left = 0;
        for (PartitionSpec p : pending) {
            EvacuationPlan.Move m = plan.get(p);
            long want = m == null ? 0 : Math.max(0, m.bytes());
            for (int a : inFlight.get(p).adding()) {
                long have = sizes.getOrDefault(a, Map.of()).getOrDefault(p, 0L);
                left += Math.max(0, want - have);
            }
        }
        return left;
    }

    private void reread(Set<PartitionSpec> watching, Map<PartitionSpec, EvacuationPlan.Move> plan,
                        Map<String, EvacuationReport.PartitionResult> results, MoveAttempt.Operator op) {
        if (watching.isEmpty()) {
            return;
        }
        Set<String> topics = new TreeSet<>();
        watching.forEach(p -> topics.add(p.topic()));
        ClusterSnapshot after;
        try {
            after = gateway.snapshot(List.copyOf(topics), false);
        } catch (ClusterException e) {
            op.note("warning: re-read failed (" + e.getMessage() + "): check with `describe`");
            watching.forEach(p -> results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "moved",
                    plan.get(p).target(), List.of(), "not re-read")));
            return;
        }
        for (PartitionSpec p : watching) {
            EvacuationPlan.Move m = plan.get(p);
            Optional<PartitionState> now = after.partition(p);
            if (now.isEmpty()) {
                results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), "failed", m.target(), List.of(),
                        "no longer in the metadata"));
                continue;
            }
            PartitionState st = now.get();
            boolean placed = new HashSet<>(st.replicas()).equals(new HashSet<>(m.target()));
            results.put(p.name(), new EvacuationReport.PartitionResult(p.name(), placed ? "moved" : "failed",
                    st.replicas(), st.isr(), placed ? (st.isr().containsAll(st.replicas()) ? null
                    : "ISR not full yet") : "replicas are " + st.replicas() + ", not " + m.target()));
        }
    }

    private List<String> removeThrottle(ReplicaMoves moves, Throttle throttle) {
        List<String> left = new ArrayList<>();
        try {
            moves.removeBrokerRate(throttle.brokers()).forEach((b, why) -> why.ifPresent(w ->
                    left.add("throttle left on broker " + b + ": " + w)));
            moves.removeTopicThrottle(throttle.topicLists().keySet()).forEach((t, why) -> why.ifPresent(w ->
                    left.add("throttled replicas left on topic " + t + ": " + w)));
        } catch (ClusterException e) {
            left.add("throttle not removed (" + e.getMessage() + "): `reassign cancel --all` clears it");
        }
        return left;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Interrupted();
        }
    }

    /** Ctrl-C while the watch sleeps. */
    private static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    /**
     * The throttle of a set of moves, as Kafka's own tool sets it: the rate on every live broker taking part
     * (current and new replicas), the leader side on the current replicas and the follower side on the new ones.
     */
    record Throttle(Set<Integer> brokers, Map<String, Map<String, String>> topicLists, boolean active) {
        static Throttle of(List<EvacuationPlan.Move> moves, Set<Integer> live, long rate) {
            if (rate <= 0 || moves.isEmpty()) {
                return new Throttle(Set.of(), Map.of(), false);
            }
            Set<Integer> brokers = new TreeSet<>();
            Map<String, List<String>> leaders = new TreeMap<>();
            Map<String, List<String>> followers = new TreeMap<>();
            for (EvacuationPlan.Move m : moves) {
                for (int r : m.current()) {
                    if (live.contains(r)) {
                        brokers.add(r);
                    }
                    leaders.computeIfAbsent(m.topic(), k -> new ArrayList<>()).add(m.partition() + ":" + r);
                }
                for (int a : m.adding()) {
                    brokers.add(a);
                    followers.computeIfAbsent(m.topic(), k -> new ArrayList<>()).add(m.partition() + ":" + a);
                }
            }
            Map<String, Map<String, String>> lists = new TreeMap<>();
            leaders.forEach((t, l) -> lists.computeIfAbsent(t, k -> new TreeMap<>())
                    .put(ReplicaMoves.LEADER_REPLICAS, String.join(",", l)));
            followers.forEach((t, l) -> lists.computeIfAbsent(t, k -> new TreeMap<>())
                    .put(ReplicaMoves.FOLLOWER_REPLICAS, String.join(",", l)));
            return new Throttle(brokers, lists, true);
        }
    }

    private Result result(ClusterSnapshot s, AuditDecision decision, String reason, EvacuationPlan plan,
                          List<EvacuationReport.PartitionResult> results, String lostDecision, String export,
                          ExitCode code, List<String> lines) {
        return new Result(new EvacuationReport(s.clusterId(), label(decision), reason, plan, results, lostDecision,
                export, auditLog.path().toString()), code, lines);
    }

    private static String label(AuditDecision d) {
        return d == null ? null : d.label();
    }

    static List<PartitionState> partitions(ClusterSnapshot s) {
        List<PartitionState> out = new ArrayList<>();
        for (TopicState t : s.topics()) {
            out.addAll(t.partitions());
        }
        return out;
    }

    private static PartitionSpec spec(EvacuationPlan.Move m) {
        return new PartitionSpec(m.topic(), m.partition());
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
