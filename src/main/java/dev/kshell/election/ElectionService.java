package dev.kshell.election;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ReplicaOrderChange;
import dev.kshell.state.StateStore;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * The elections as one workflow: resolve the arguments -> read the evidence -> plan -> guard -> audit -> act ->
 * re-read -> check, over {@link ClusterGateway}, the {@link AuditLog} and the {@link StateStore}. The commands only
 * parse their options and render what this returns; the order of the steps, and what is written when, lives here.
 *
 * <p>Audit: every attempt gets a line (refused, dry-run, not-needed, aborted, or confirmed); every confirmed line
 * gets a closing line with the same attempt id, however the act ends: succeeded, failed, interrupted (Ctrl-C),
 * or unknown (sent, but the answer could not be read: deadline, lost connection, internal error). The closing line
 * holds the per-partition results known at that moment.
 */
public final class ElectionService {

    /** How long the hanging-transaction check may take per partition after an unclean election. */
    static final Duration TRANSACTIONS_DEADLINE = Duration.ofSeconds(5);

    private final ClusterGateway gateway;
    private final AuditLog audit;
    private final StateStore store;
    private final Clock clock;
    private final QuorumStatus quorum;
    /** How long the re-read after an election waits for the new leaders to show. */
    private final Duration rereadWait;

    public ElectionService(ClusterGateway gateway, AuditLog audit, StateStore store) {
        this(gateway, audit, store, Clock.systemUTC());
    }

    public ElectionService(ClusterGateway gateway, AuditLog audit, StateStore store, Clock clock) {
        this(gateway, audit, store, clock, QuorumStatus.NOT_JUDGED, ElectionReread.WAIT);
    }

    private ElectionService(ClusterGateway gateway, AuditLog audit, StateStore store, Clock clock,
                            QuorumStatus quorum, Duration rereadWait) {
        this.gateway = gateway;
        this.audit = audit;
        this.store = store;
        this.clock = clock;
        this.quorum = quorum;
        this.rereadWait = rereadWait;
    }

    /**
     * This service, judging quorum stability through {@code quorum} before an unclean election: an unstable quorum
     * refuses it. Without it, stability is not judged.
     */
    public ElectionService withQuorumStatus(QuorumStatus quorum) {
        return new ElectionService(gateway, audit, store, clock, quorum, rereadWait);
    }

    /**
     * This service, waiting at most {@code wait} after an election for the re-read to show the new leaders (default
     * {@link ElectionReread#WAIT}). Tests over a fake gateway, whose leaders never move, pass a short one.
     */
    ElectionService withRereadWait(Duration wait) {
        return new ElectionService(gateway, audit, store, clock, quorum, wait);
    }

    /** The person (or runbook) behind an attempt: sees the plan, answers the question, reads notes. */
    public interface Operator {
        /** Called once with the plan, before any decision is acted on. */
        void showPlan(Object plan);

        /** Called right before the confirmation is asked (a JSON user must still see what they confirm). */
        void beforeAsking(Object plan);

        /** Asks; null = no answer (end of input, Ctrl-C, no terminal). */
        String ask(String prompt);

        /** A line of commentary (stderr). */
        void note(String line);
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

    /** What an attempt came to: the report (JSON model), the exit code, and what the text rendering needs. */
    public record Result(ElectionReport report, ExitCode exitCode, List<Refusal> refusals, String note,
                         List<String> lines) {
        public Result {
            refusals = List.copyOf(refusals);
            lines = List.copyOf(lines);
        }
    }

    /** What an act did: results, re-read checks, lines to print, and why the re-read failed (or null). */
    record Outcome(ElectionResults results, List<PostElectionCheck> checks, List<String> lines, String rereadFailed) {
    }

    /** What the audit log's {@code results} field holds. */
    public record AuditResults(List<ElectionResults.PartitionResult> results, List<PostElectionCheck> checks) {
    }

    /** Tracks what an act has sent so far, so that an act cut short still leaves its real outcome in the log. */
    static final class Progress {
        boolean sent;
        final List<ElectionResults.PartitionResult> known = new ArrayList<>();
    }

    @FunctionalInterface
    interface Act {
        Outcome run(Progress progress);
    }

    // ---- resolve ------------------------------------------------------------------------------------------------

    /** A snapshot of the topics the partition arguments name, and the arguments resolved against it. */
    public record Resolved(ClusterSnapshot snapshot, List<PartitionSpec> specs) {
    }

    /**
     * Reads the named topics (with configs) and resolves every argument; all bad arguments are reported at once as
     * one {@link ElectionInputException} (exit 2). An argument that is itself a topic name loads that topic too, so
     * the error can say "is a topic, not a partition".
     */
    public Resolved resolve(List<String> args, String usage) {
        if (args.isEmpty()) {
            throw new ElectionInputException("name at least one partition (usage: " + usage + ")");
        }
        Set<String> known = new LinkedHashSet<>(gateway.topicNames());
        Set<String> topics = new LinkedHashSet<>();
        for (String a : args) {
            PartitionSpec.Parsed p = PartitionSpec.parse(a);
            if (p.ok() && known.contains(p.spec().topic())) {
                topics.add(p.spec().topic());
            }
            if (known.contains(a.strip())) {
                topics.add(a.strip());
            }
        }
        ClusterSnapshot snapshot = gateway.snapshot(List.copyOf(topics), true);
        PartitionSpec.ParsedList resolved = PartitionSpec.resolveAll(args, snapshot);
        if (!resolved.ok()) {
            throw new ElectionInputException(String.join("; ", resolved.errors().stream()
                    .map(PartitionSpec.SpecError::message).toList()));
        }
        return new Resolved(snapshot, resolved.specs());
    }

    /** The cluster's remembered offsets and reorders; a damaged state file is a warning, never a failure. */
    private StateStore.Loaded memory(Operator operator, String clusterId) {
        StateStore.Loaded memory = store.load(clusterId);
        if (memory.warning() != null) {
            operator.note("warning: " + memory.warning());
        }
        return memory;
    }

    // ---- elect preferred ----------------------------------------------------------------------------------------

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
        ClusterSnapshot snapshot;
        ElectionSelection selection;
        if (target instanceof PreferredTarget.Topic topic) {
            boolean known = gateway.topicNames().contains(topic.name());
            snapshot = gateway.snapshot(known ? List.of(topic.name()) : List.of(), true);
            selection = ElectionSelection.topic(topic.name());
        } else if (target instanceof PreferredTarget.Partitions partitions) {
            Resolved resolved = resolve(partitions.args(), partitions.usage());
            snapshot = resolved.snapshot();
            selection = ElectionSelection.partitions(resolved.specs());
        } else {
            snapshot = gateway.snapshot(null, true);
            selection = ElectionSelection.all();
        }
        PreferredPlan plan = PreferredElectionPlanner.plan(snapshot, selection);
        Decision decision = ElectionGuard.preferred(plan, attempt.guard().withActualClusterId(snapshot.clusterId()));
        return guarded(attempt, "elect-preferred", snapshot.clusterId(), plan, decision,
                () -> ElectionResults.ofPreferredAnswers(plan, Map.of()), progress -> electPreferred(plan, progress));
    }

    private Outcome electPreferred(PreferredPlan plan, Progress progress) {
        List<PartitionSpec> toElect = plan.toElect();
        progress.sent = true;
        Map<PartitionSpec, ElectionAnswer> answers = gateway.electLeaders(ClusterGateway.ElectionType.PREFERRED, toElect);
        ElectionResults results = ElectionResults.ofPreferredAnswers(plan, answers);
        progress.known.addAll(results.results());
        Set<String> succeeded = names(results.succeeded());
        Map<String, Integer> preferred = new HashMap<>();
        plan.rows().forEach(r -> preferred.put(r.partition(), r.preferredLeader()));
        ClusterSnapshot after;
        try {
            after = ElectionReread.until(gateway, topics(plan.rows().stream().map(PreferredPlan.Row::topic).toList()),
                    s -> succeeded.stream().allMatch(p -> s.partition(p).map(PartitionState::leader)
                            .map(l -> l.equals(preferred.get(p))).orElse(false)), rereadWait);
        } catch (ClusterException e) {
            return new Outcome(results, List.of(), List.of(), e.getMessage());
        }
        Map<String, Integer> leaders = new HashMap<>();
        List<PostElectionCheck> checks = new ArrayList<>();
        for (PreferredPlan.Row row : plan.rows()) {
            Optional<PartitionState> p = after.partition(row.partition());
            if (p.isEmpty()) {
                continue;
            }
            leaders.put(row.partition(), p.get().leader());
            PostElectionCheck check = PostElectionCheck.of(p.get(), after.liveBrokerIds(), after.minIsr(p.get()),
                    null, null);
            // Only the partitions that still need attention: a healthy --all of thousands must stay readable.
            if (!check.leaderLive() || Boolean.FALSE.equals(check.acksAllWritable())) {
                checks.add(new PostElectionCheck(check.partition(), check.leader(), check.leaderLive(), check.isr(),
                        check.minIsr(), check.acksAllWritable(), null, null, null, check.lines().subList(0, 2)));
            }
        }
        return new Outcome(results.withNewLeaders(leaders), checks, List.of(), null);
    }

    // ---- elect unclean ------------------------------------------------------------------------------------------

    public Result unclean(Attempt attempt, List<String> args, String usage, boolean keepOrder) {
        Resolved resolved = resolve(args, usage);
        ClusterSnapshot snapshot = resolved.snapshot();
        String clusterId = snapshot.clusterId();
        // Read the memory BEFORE anything else can record over it (the post-election read, another command).
        Map<String, OffsetsSeen> remembered = memory(attempt.operator(), clusterId).memory().partitions();
        Map<String, List<ReplicaEvidence>> evidence = ReplicaEvidenceReader.read(gateway, snapshot, resolved.specs());
        // Seed lesson: no unclean election while the controller keeps changing (the judgement triage uses).
        UncleanPlan plan = ElectionGuard.withQuorumStability(
                UncleanElectionPlanner.plan(snapshot, resolved.specs(), evidence, remembered, keepOrder),
                quorum.judge(snapshot, warning -> attempt.operator().note("warning: " + warning)));
        Decision decision = ElectionGuard.unclean(plan, attempt.guard().withActualClusterId(clusterId));
        return guarded(attempt, "elect-unclean", clusterId, plan, decision, null,
                progress -> electUnclean(clusterId, plan, remembered, progress));
    }

    private Outcome electUnclean(String clusterId, UncleanPlan plan, Map<String, OffsetsSeen> remembered,
                                 Progress progress) {
        List<String> lines = new ArrayList<>();
        Map<String, UncleanPlan.Row> rows = new HashMap<>();
        plan.rows().forEach(r -> rows.put(r.partition(), r));
        Set<String> skip = new LinkedHashSet<>();
        List<ElectionResults.PartitionResult> notElected = new ArrayList<>();
        List<ReplicaOrderChange> reorders = plan.reorders();
        if (!reorders.isEmpty()) {
            Map<PartitionSpec, List<Integer>> newOrders = new LinkedHashMap<>();
            Map<PartitionSpec, ReplicaOrderChange> changes = new LinkedHashMap<>();
            for (ReplicaOrderChange change : reorders) {
                UncleanPlan.Row r = rows.get(change.partition());
                PartitionSpec spec = new PartitionSpec(r.topic(), r.partitionId());
                newOrders.put(spec, change.newOrder());
                changes.put(spec, change);
            }
            progress.sent = true;
            Map<PartitionSpec, Optional<String>> accepted = gateway.reassignSameSet(newOrders);
            Map<PartitionSpec, List<Integer>> toAwait = new LinkedHashMap<>();
            for (Map.Entry<PartitionSpec, ReplicaOrderChange> e : changes.entrySet()) {
                Optional<String> error = accepted.getOrDefault(e.getKey(), Optional.of("no answer"));
                if (error.isPresent()) {
                    skipped(e.getValue(), rows, "reordering the replicas failed (" + error.get() + ")", skip, notElected);
                    continue;
                }
                // Remembered the moment the controller accepted it: whatever happens next (Ctrl-C, a crash),
                // restore-order knows the original order.
                try {
                    store.recordReorder(clusterId, e.getValue(), clock.instant());
                } catch (RuntimeException failure) {
                    lines.add("warning: the original order of " + e.getValue().partition() + " is not remembered ("
                            + failure.getMessage() + "): restore it by hand to " + e.getValue().originalOrder());
                }
                toAwait.put(e.getKey(), e.getValue().newOrder());
            }
            Map<PartitionSpec, Optional<String>> visible = toAwait.isEmpty() ? Map.of()
                    : gateway.awaitReplicaOrder(toAwait);
            for (PartitionSpec spec : toAwait.keySet()) {
                ReplicaOrderChange change = changes.get(spec);
                Optional<String> error = visible.getOrDefault(spec, Optional.of("no answer"));
                if (error.isPresent()) {
                    skipped(change, rows, error.get(), skip, notElected);
                    continue;
                }
                lines.add("reordered " + change.partition() + ": " + change.originalOrder() + " -> "
                        + change.newOrder() + " (restore later with: elect restore-order " + change.partition() + ")");
            }
            progress.known.addAll(notElected);
        }
        List<PartitionSpec> toElect = plan.toElect().stream().filter(p -> !skip.contains(p.name())).toList();
        long electedAt = clock.millis();
        Map<PartitionSpec, ElectionAnswer> answers = Map.of();
        if (!toElect.isEmpty()) {
            progress.sent = true;
            answers = gateway.electLeaders(ClusterGateway.ElectionType.UNCLEAN, toElect);
        }
        ElectionResults results = ElectionResults.of(toElect, answers);
        progress.known.addAll(results.results());
        Set<String> succeeded = names(results.succeeded());
        ClusterSnapshot after;
        try {
            after = ElectionReread.until(gateway, topics(plan.rows().stream().map(UncleanPlan.Row::topic).toList()),
                    s -> succeeded.stream().allMatch(p -> s.partition(p).map(PartitionState::leader)
                            .map(l -> s.liveBrokerIds().contains(l)).orElse(false)), rereadWait);
        } catch (ClusterException e) {
            return new Outcome(results.plus(notElected), List.of(), lines, e.getMessage());
        }
        List<PartitionSpec> led = new ArrayList<>();
        for (UncleanPlan.Row r : plan.rows()) {
            after.partition(r.partition()).filter(p -> p.leader() != null && after.liveBrokerIds().contains(p.leader()))
                    .ifPresent(p -> led.add(new PartitionSpec(p.topic(), p.partition())));
        }
        Map<PartitionSpec, ClusterGateway.LogRange> logs = Map.of();
        try {
            logs = gateway.logAsOf(led, electedAt);
        } catch (RuntimeException e) {
            lines.add("warning: the new leaders' offsets could not be read: " + e.getMessage());
        }
        Map<String, Integer> leaders = new HashMap<>();
        List<PostElectionCheck> checks = new ArrayList<>();
        for (UncleanPlan.Row r : plan.rows()) {
            Optional<PartitionState> p = after.partition(r.partition());
            if (p.isEmpty()) {
                continue;
            }
            leaders.put(r.partition(), p.get().leader());
            checks.add(PostElectionCheck.ofUnclean(p.get(), after.liveBrokerIds(), after.minIsr(p.get()),
                    logs.get(new PartitionSpec(r.topic(), r.partitionId())), remembered.get(r.partition())));
        }
        for (PartitionSpec p : toElect) {
            if (succeeded.contains(p.name())) {
                lines.addAll(HangingTransactions.lines(readOpenTransactions(p), gateway.target().endpoints()));
            }
        }
        return new Outcome(results.plus(notElected).withNewLeaders(leaders), checks, lines, null);
    }

    private OpenTransactions readOpenTransactions(PartitionSpec p) {
        try {
            return gateway.withTimeout(TRANSACTIONS_DEADLINE).openTransactions(p);
        } catch (RuntimeException e) {
            return OpenTransactions.unavailable(p, "the open transactions could not be read: " + e.getMessage());
        }
    }

    /** A partition whose reorder did not take: electing it now would pick the replica the plan said holds less. */
    private static void skipped(ReplicaOrderChange change, Map<String, UncleanPlan.Row> rows, String why,
                                Set<String> skip, List<ElectionResults.PartitionResult> notElected) {
        UncleanPlan.Row r = rows.get(change.partition());
        skip.add(change.partition());
        notElected.add(ElectionResults.failed(change.partition(), "REORDER_FAILED", why + "; not elected. To accept "
                + "Kafka's pick, broker " + r.kafkaPick() + ": elect unclean " + change.partition() + " --keep-order"));
    }

    // ---- restore-order ------------------------------------------------------------------------------------------

    public Result restoreOrder(Attempt attempt, List<String> args, String usage) {
        Resolved resolved = resolve(args, usage);
        ClusterSnapshot snapshot = resolved.snapshot();
        String clusterId = snapshot.clusterId();
        Map<String, ReplicaOrderChange> recorded = memory(attempt.operator(), clusterId).memory().reorders();
        RestoreOrderPlan plan = RestoreOrderPlanner.plan(snapshot, resolved.specs(), recorded);
        Decision decision = ElectionGuard.restoreOrder(plan, attempt.guard().withActualClusterId(clusterId));
        return guarded(attempt, "restore-order", clusterId, plan, decision,
                () -> restoreResults(plan, Map.of(), clusterId), progress -> restore(clusterId, plan, progress));
    }

    private Outcome restore(String clusterId, RestoreOrderPlan plan, Progress progress) {
        Map<PartitionSpec, List<Integer>> orders = new LinkedHashMap<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            orders.put(new PartitionSpec(r.topic(), r.partitionId()), r.originalOrder());
        }
        progress.sent = true;
        Map<PartitionSpec, Optional<String>> answers = new LinkedHashMap<>(gateway.reassignSameSet(orders));
        Map<PartitionSpec, List<Integer>> accepted = new LinkedHashMap<>();
        orders.forEach((p, order) -> {
            if (answers.getOrDefault(p, Optional.of("no answer")).isEmpty()) {
                accepted.put(p, order);
            }
        });
        if (!accepted.isEmpty()) {
            answers.putAll(gateway.awaitReplicaOrder(accepted));
        }
        ElectionResults results = restoreResults(plan, answers, clusterId);
        progress.known.addAll(results.results());
        ClusterSnapshot after;
        try {
            after = gateway.snapshot(topics(plan.rows().stream().map(RestoreOrderPlan.Row::topic).toList()), true);
        } catch (ClusterException e) {
            return new Outcome(results, List.of(), List.of(), e.getMessage());
        }
        Map<String, Integer> leaders = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.toRestore()) {
            after.partition(r.partition()).ifPresent(p -> {
                leaders.put(r.partition(), p.leader());
                if (p.leader() != null && !p.leader().equals(r.originalOrder().get(0))) {
                    lines.add(r.partition() + ": replicas now " + p.replicas() + "; leadership moves to broker "
                            + r.originalOrder().get(0) + " with: elect preferred " + r.partition());
                }
            });
        }
        return new Outcome(results.withNewLeaders(leaders), List.of(), lines, null);
    }

    /** Classes each row; forgets the record of every partition whose original order is back. */
    private ElectionResults restoreResults(RestoreOrderPlan plan, Map<PartitionSpec, Optional<String>> answers,
                                           String clusterId) {
        List<ElectionResults.PartitionResult> out = new ArrayList<>();
        for (RestoreOrderPlan.Row r : plan.rows()) {
            switch (r.verdict()) {
                case CANNOT -> out.add(ElectionResults.failed(r.partition(), "CANNOT_RESTORE", r.reason()));
                case NOT_NEEDED -> {
                    forget(clusterId, r.partition());
                    out.add(ElectionResults.notNeeded(r.partition(), r.reason()));
                }
                case WILL_RESTORE -> {
                    Optional<String> error = answers.getOrDefault(new PartitionSpec(r.topic(), r.partitionId()),
                            Optional.of("no answer"));
                    if (error.isPresent()) {
                        out.add(ElectionResults.failed(r.partition(), "REORDER_FAILED", error.get()));
                    } else {
                        forget(clusterId, r.partition());
                        out.add(new ElectionResults.PartitionResult(r.partition(),
                                ElectionResults.ResultClass.SUCCEEDED, null, "replicas back to " + r.originalOrder(),
                                null));
                    }
                }
            }
        }
        return new ElectionResults(out);
    }

    private void forget(String clusterId, String partition) {
        try {
            store.forgetReorder(clusterId, partition, clock.instant());
        } catch (RuntimeException e) {
            // the record only makes a later restore-order say "not needed"; nothing to stop for
        }
    }

    // ---- the guarded part, the same for every election ----------------------------------------------------------

    private Result guarded(Attempt attempt, String action, String clusterId, Object plan, Decision decision,
                           Supplier<ElectionResults> nothingToDo, Act act) {
        Operator operator = attempt.operator();
        operator.showPlan(plan);
        String bootstrap = gateway.target().endpoints();
        String path = audit.path().toString();
        String approval;
        switch (decision.kind()) {
            case REFUSE -> {
                write(entry(attempt, clusterId, bootstrap, action, AuditDecision.REFUSED, decision.reason(), plan, null));
                return new Result(report(action, clusterId, AuditDecision.REFUSED, decision.reason(),
                        decision.alternative(), plan, null, List.of(), path), decision.exitCode(), decision.refusals(),
                        null, List.of());
            }
            case DRY_RUN -> {
                write(entry(attempt, clusterId, bootstrap, action, AuditDecision.DRY_RUN, null, plan, null));
                return new Result(report(action, clusterId, AuditDecision.DRY_RUN, null, null, plan, null, List.of(),
                        path), ExitCode.OK, List.of(), "dry run: nothing was changed", List.of());
            }
            case NOTHING_TO_DO -> {
                write(entry(attempt, clusterId, bootstrap, action, AuditDecision.NOT_NEEDED, decision.note(), plan,
                        null));
                ElectionResults results = nothingToDo == null ? new ElectionResults(List.of()) : nothingToDo.get();
                return new Result(report(action, clusterId, AuditDecision.NOT_NEEDED, decision.note(), null, plan,
                        results, List.of(), path), results.exitCode(), List.of(), decision.note(), List.of());
            }
            case PROCEED_AFTER_CONFIRM -> {
                if (decision.note() != null) {
                    operator.note(decision.note());
                }
                Confirmation c = decision.confirmation();
                operator.beforeAsking(plan);
                String answer = operator.ask(c.prompt());
                if (!c.accepts(answer)) {
                    String why = abortReason(c, answer);
                    write(entry(attempt, clusterId, bootstrap, action, AuditDecision.ABORTED, why, plan, null));
                    return new Result(report(action, clusterId, AuditDecision.ABORTED, why, null, plan, null,
                            List.of(), path), ExitCode.REFUSED, List.of(), "aborted: " + why + "; nothing was changed",
                            List.of());
                }
                approval = c.typed() ? "typed confirmation" : "answered y";
            }
            case PROCEED -> {
                if (decision.note() != null) {
                    operator.note(decision.note());
                }
                approval = attempt.guard().runbookAllowsUnclean() && action.equals("elect-unclean")
                        ? "allow unclean + --yes" : "--yes";
            }
            default -> throw new IllegalStateException("unknown decision " + decision.kind());
        }
        AuditEntry confirmed = entry(attempt, clusterId, bootstrap, action, AuditDecision.CONFIRMED, null, plan, null)
                .approvedBy(approval);
        write(confirmed);
        Progress progress = new Progress();
        Outcome outcome;
        try {
            outcome = act.run(progress);
        } catch (CancellationException e) {
            closing(operator, confirmed.outcome(AuditDecision.INTERRUPTED, "interrupted (Ctrl-C)"
                    + (progress.sent ? " after the request was sent: check the partitions with `describe`" : " before anything was sent"),
                    new AuditResults(progress.known, List.of())));
            throw e;
        } catch (ClusterException e) {
            boolean unknown = progress.sent && e.kind() == ClusterException.Kind.UNREACHABLE;
            closing(operator, confirmed.outcome(unknown ? AuditDecision.UNKNOWN : AuditDecision.FAILED, e.getMessage(),
                    new AuditResults(progress.known, List.of())));
            throw e;
        } catch (RuntimeException | Error e) {
            closing(operator, confirmed.outcome(progress.sent ? AuditDecision.UNKNOWN : AuditDecision.FAILED,
                    "internal error: " + e, new AuditResults(progress.known, List.of())));
            throw e;
        }
        ElectionResults results = outcome.results();
        AuditDecision closingDecision;
        String reason;
        if (Thread.currentThread().isInterrupted()) {
            closingDecision = AuditDecision.INTERRUPTED;
            reason = "interrupted (Ctrl-C) after the request was sent; results as far as known";
        } else if (!results.unknown().isEmpty()) {
            closingDecision = AuditDecision.UNKNOWN;
            reason = results.unknown().size() + " partition(s) sent but not answered"
                    + (results.failed().size() > results.unknown().size()
                    ? ", " + (results.failed().size() - results.unknown().size()) + " failed" : "");
        } else if (!results.failed().isEmpty()) {
            closingDecision = AuditDecision.FAILED;
            reason = results.failed().size() + " partition(s) failed";
        } else {
            closingDecision = AuditDecision.SUCCEEDED;
            reason = null;
        }
        if (outcome.rereadFailed() != null) {
            reason = (reason == null ? "" : reason + "; ") + "re-read failed: " + outcome.rereadFailed();
        }
        closing(operator, confirmed.outcome(closingDecision, reason, new AuditResults(results.results(), outcome.checks())));
        List<String> lines = new ArrayList<>(outcome.lines());
        if (outcome.rereadFailed() != null) {
            lines.add((closingDecision == AuditDecision.SUCCEEDED ? "succeeded, re-read failed: " : "re-read failed: ")
                    + outcome.rereadFailed() + " (check with `describe`)");
        }
        ExitCode code = closingDecision == AuditDecision.INTERRUPTED ? ExitCode.CANCELLED : results.exitCode();
        return new Result(report(action, clusterId, closingDecision, reason, null, plan, results, outcome.checks(),
                path), code, List.of(), null, lines);
    }

    private static String abortReason(Confirmation c, String answer) {
        if (answer == null) {
            return "no answer";
        }
        if (c.typed()) {
            return "the typed confirmation did not match '" + c.expected() + "'";
        }
        return answer.isBlank() ? "answered no" : "the operator answered '" + answer.strip() + "'";
    }

    private static ElectionReport report(String action, String clusterId, AuditDecision decision, String reason,
                                         String alternative, Object plan, ElectionResults results,
                                         List<PostElectionCheck> checks, String path) {
        return new ElectionReport(action, clusterId, decision.wire(), reason, alternative, plan, results, checks, path);
    }

    private static AuditEntry entry(Attempt attempt, String clusterId, String bootstrap, String action,
                                    AuditDecision decision, String reason, Object plan, Object results) {
        return AuditEntry.of(clusterId, bootstrap, attempt.commandLine(), action, decision, reason, plan, results)
                .from(attempt.origin());
    }

    /** A line that must be on disk before anything changes: failure aborts with one line (exit 3). */
    private void write(AuditEntry entry) {
        try {
            audit.append(entry);
        } catch (AuditWriteException e) {
            throw new ElectionRefusedException(e.getMessage());
        }
    }

    /** The closing line: the cluster has changed already, so a failure here is a loud warning, not an abort. */
    private void closing(Operator operator, AuditEntry entry) {
        try {
            audit.append(entry);
        } catch (AuditWriteException e) {
            operator.note("warning: the election ran but its result is NOT in the audit log: " + e.getMessage());
        }
    }

    private static Set<String> names(List<ElectionResults.PartitionResult> results) {
        Set<String> out = new LinkedHashSet<>();
        results.forEach(r -> out.add(r.partition()));
        return out;
    }

    private static List<String> topics(List<String> topics) {
        return List.copyOf(new LinkedHashSet<>(topics));
    }
}
