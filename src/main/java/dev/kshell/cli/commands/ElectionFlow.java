package dev.kshell.cli.commands;

import dev.kshell.state.StateStore;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.cli.CommandFailure;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.election.Confirmation;
import dev.kshell.election.Decision;
import dev.kshell.election.ElectionResults;
import dev.kshell.election.GuardContext;
import dev.kshell.election.PartitionSpec;
import dev.kshell.election.PostElectionCheck;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ElectionTables;
import dev.kshell.session.KshellHome;
import dev.kshell.session.ShellSession;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The one guarded path every {@code elect} command takes once it has a plan: render the plan -> guard decision ->
 * audit line -> ask -> (confirmed line) -> act -> closing audit line -> results. The commands only build plans and
 * say how to act; the order of these steps, and what is written when, lives here alone.
 */
final class ElectionFlow {

    /** System property naming the audit log file; else env {@link #AUDIT_ENV}; else {@code <kshell home>/audit.jsonl}. */
    static final String AUDIT_PROPERTY = "kshell.audit.file";
    static final String AUDIT_ENV = "KSHELL_AUDIT_FILE";

    private ElectionFlow() {
    }

    /** What a mutation did: per-partition results, the re-read checks, and lines to print before the table. */
    record Outcome(ElectionResults results, List<PostElectionCheck> checks, List<String> lines) {
    }

    /** What the audit log's {@code results} field holds. */
    record AuditResults(List<ElectionResults.PartitionResult> results, List<PostElectionCheck> checks) {
    }

    /**
     * The model of every {@code elect} command (what --output json prints and runbooks see as {@code result}).
     *
     * @param action    elect-preferred / elect-unclean / restore-order
     * @param clusterId the connected cluster
     * @param decision  the audit decision: dry-run, refused, aborted, not-needed, succeeded, failed
     * @param reason    refusal / abort sentence, or null
     * @param plan      the plan
     * @param results   per-partition results, or null when nothing ran
     * @param checks    post-election checks (re-read), or empty
     * @param auditLog  the audit log file written
     */
    record ElectionReport(String action, String clusterId, String decision, String reason, String alternative,
                          Object plan, ElectionResults results, List<PostElectionCheck> checks, String auditLog) {
    }

    static Path auditPath() {
        String property = System.getProperty(AUDIT_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv(AUDIT_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return KshellHome.dir().resolve("audit.jsonl");
    }

    /** The cluster's remembered offsets and reorders; a damaged state file is a warning, never a failure. */
    static StateStore.Loaded loadMemory(Invocation inv, StateStore store, String clusterId) {
        StateStore.Loaded memory = store.load(clusterId);
        if (memory.warning() != null) {
            inv.note("warning: " + memory.warning());
        }
        return memory;
    }

    static GuardContext guardContext(ShellSession session, Invocation inv, String actualClusterId) {
        String expected = session.connection().map(ShellSession.Connection::expectedClusterId).orElse(null);
        return new GuardContext(expected, actualClusterId, inv.prompter().interactive(),
                inv.flag("yes") || inv.run().yes(), inv.run().inRunbook() && inv.run().allowUnclean(),
                inv.flag("dry-run") || inv.run().dryRun());
    }

    /** A snapshot of the topics the partition arguments name, and the arguments resolved against it. */
    record Resolved(ClusterSnapshot snapshot, List<PartitionSpec> specs) {
    }

    /**
     * Reads the named topics (with configs) and resolves every argument; all bad arguments are reported at once as
     * one usage error (exit 2). An argument that is itself a topic name loads that topic too, so the error can say
     * "is a topic, not a partition".
     */
    static Resolved resolve(ClusterGateway gateway, List<String> args, String usage) {
        if (args.isEmpty()) {
            throw new UsageException("name at least one partition (usage: " + usage + ")");
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
            throw new UsageException(String.join("; ", resolved.errors().stream()
                    .map(PartitionSpec.SpecError::message).toList()));
        }
        return new Resolved(snapshot, resolved.specs());
    }

    /**
     * Runs the guarded part.
     *
     * @param planText   the plan as text (printed before anything is asked, table output only)
     * @param nothingToDo results to report when the plan holds nothing to do (no cluster call), or null
     * @param act        the mutation; called only after the CONFIRMED line is on disk
     */
    static ExitCode run(Invocation inv, ClusterGateway gateway, String action, String clusterId, Object plan,
                        Decision decision, Supplier<String> planText, Supplier<ElectionResults> nothingToDo,
                        Supplier<Outcome> act) {
        boolean json = inv.output().json();
        boolean color = inv.output().color();
        if (!json) {
            inv.output().out().print(planText.get());
            inv.output().out().flush();
        }
        AuditLog log = new AuditLog(auditPath());
        String bootstrap = gateway.target().endpoints();
        String path = log.path().toString();
        switch (decision.kind()) {
            case REFUSE -> {
                audit(log, AuditEntry.of(clusterId, bootstrap, inv.commandLine(), action, AuditDecision.REFUSED,
                        decision.reason(), plan, null));
                ElectionReport report = new ElectionReport(action, clusterId, AuditDecision.REFUSED.wire(),
                        decision.reason(), decision.alternative(), plan, null, List.of(), path);
                inv.emit(report, () -> "");
                inv.output().err().print(ElectionTables.refusal(decision.refusals(), color));
                inv.output().err().flush();
                return decision.exitCode();
            }
            case DRY_RUN -> {
                audit(log, AuditEntry.of(clusterId, bootstrap, inv.commandLine(), action, AuditDecision.DRY_RUN,
                        null, plan, null));
                ElectionReport report = new ElectionReport(action, clusterId, AuditDecision.DRY_RUN.wire(), null,
                        null, plan, null, List.of(), path);
                inv.emit(report, () -> "dry run: nothing was changed\n");
                return ExitCode.OK;
            }
            case NOTHING_TO_DO -> {
                audit(log, AuditEntry.of(clusterId, bootstrap, inv.commandLine(), action, AuditDecision.NOT_NEEDED,
                        decision.note(), plan, null));
                ElectionResults results = nothingToDo == null ? new ElectionResults(List.of()) : nothingToDo.get();
                ElectionReport report = new ElectionReport(action, clusterId, AuditDecision.NOT_NEEDED.wire(),
                        decision.note(), null, plan, results, List.of(), path);
                inv.emit(report, () -> decision.note() + "\n"
                        + ElectionTables.results(results, List.of(), List.of(), inv.output().width(), color));
                return results.exitCode();
            }
            case PROCEED_AFTER_CONFIRM -> {
                if (decision.note() != null) {
                    inv.note(decision.note());
                }
                Confirmation c = decision.confirmation();
                String answer = inv.prompter().ask(c.prompt());
                if (!c.accepts(answer)) {
                    String why = answer == null ? "no answer" : c.typed()
                            ? "the typed confirmation did not match '" + c.expected() + "'"
                            : "the operator answered '" + answer.strip() + "'";
                    audit(log, AuditEntry.of(clusterId, bootstrap, inv.commandLine(), action, AuditDecision.ABORTED,
                            why, plan, null));
                    ElectionReport report = new ElectionReport(action, clusterId, AuditDecision.ABORTED.wire(), why,
                            null, plan, null, List.of(), path);
                    inv.emit(report, () -> "");
                    inv.output().err().println("aborted: " + why + "; nothing was changed");
                    inv.output().err().flush();
                    return ExitCode.REFUSED;
                }
            }
            case PROCEED -> {
                if (decision.note() != null) {
                    inv.note(decision.note());
                }
            }
        }
        AuditEntry confirmed = AuditEntry.of(clusterId, bootstrap, inv.commandLine(), action, AuditDecision.CONFIRMED,
                null, plan, null);
        audit(log, confirmed);
        Outcome outcome;
        try {
            outcome = act.get();
        } catch (ClusterException | CommandFailure e) {
            closing(inv, log, confirmed.outcome(AuditDecision.FAILED, e.getMessage(), null));
            throw e;
        }
        ElectionResults results = outcome.results();
        boolean failed = !results.failed().isEmpty();
        closing(inv, log, confirmed.outcome(failed ? AuditDecision.FAILED : AuditDecision.SUCCEEDED,
                failed ? results.failed().size() + " partition(s) failed" : null,
                new AuditResults(results.results(), outcome.checks())));
        ElectionReport report = new ElectionReport(action, clusterId,
                (failed ? AuditDecision.FAILED : AuditDecision.SUCCEEDED).wire(), null, null, plan, results,
                outcome.checks(), path);
        inv.emit(report, () -> ElectionTables.results(results, outcome.checks(), outcome.lines(),
                inv.output().width(), color) + "audit: " + path + "\n");
        return results.exitCode();
    }

    /** A line that must be on disk before anything changes: failure aborts with one line (exit 3). */
    private static void audit(AuditLog log, AuditEntry entry) {
        try {
            log.append(entry);
        } catch (AuditWriteException e) {
            throw new CommandFailure(ExitCode.REFUSED, e.getMessage());
        }
    }

    /** The closing line: the cluster has changed already, so a failure here is a loud warning, not an abort. */
    private static void closing(Invocation inv, AuditLog log, AuditEntry entry) {
        try {
            log.append(entry);
        } catch (AuditWriteException e) {
            inv.note("warning: the election ran but its result is NOT in the audit log: " + e.getMessage());
        }
    }

    static List<String> lines(String... lines) {
        return new ArrayList<>(List.of(lines));
    }
}
