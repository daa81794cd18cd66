package dev.kshell.cli.commands;

import dev.kshell.audit.AuditDecision;
import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.connection.Secrets;
import dev.kshell.model.ExitCode;
import dev.kshell.model.ProbeResult;
import dev.kshell.render.Table;
import dev.kshell.render.Tone;
import dev.kshell.rules.guard.GuardContext;
import dev.kshell.rules.guard.Risk;
import dev.kshell.sandbox.LoadStats;
import dev.kshell.sandbox.NodeAnswers;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.sandbox.SandboxRefusal;
import dev.kshell.sandbox.Scenario;
import dev.kshell.workflow.gate.GateAttempt;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** The sandbox commands' models and pure renderers, and the one place a sandbox refusal becomes a usage error. */
final class SandboxViews {

    private SandboxViews() {
    }

    /** One node as {@code sandbox status} shows it. */
    record NodeView(String role, int id, int port, String state, long pid, String dataDir, Boolean answers,
                    String problem) {
        static NodeView of(NodeInfo n) {
            return of(n, null);
        }

        /** With what the node answered on its own port (null: not asked, the process is not running). */
        static NodeView of(NodeInfo n, ProbeResult probe) {
            return new NodeView(n.role().name().toLowerCase(Locale.ROOT), n.id(), n.port(),
                    n.state().name().toLowerCase(Locale.ROOT), n.pid(), n.dataDir().toString(),
                    probe == null ? null : probe.answered(), probe == null ? null : probe.problem());
        }
    }

    /** {@code sandbox status}. */
    record StatusView(String bootstrapServers, String bootstrapControllers, String root, boolean dataKept,
                      List<NodeView> nodes) {
    }

    /** {@code sandbox scenario --list}. */
    record ScenarioList(List<ScenarioEntry> scenarios) {
    }

    record ScenarioEntry(String name, String summary) {
    }

    /** {@code sandbox load}: the counts, or running=false and nothing else when no producer has run. */
    record LoadView(boolean present, LoadStats stats) {
    }


    /**
     * One fault injection, in the audit log with the sandbox marker: a confirmed line before it acts, a closing line
     * after it (failed with the reason when the sandbox refuses or the act fails).
     */
    static <T> T injecting(Invocation inv, Sandbox sandbox, String action, Supplier<T> act) {
        checked(inv, sandbox, action, sandbox::cluster);
        MutationGate gate = gate(inv, sandbox, action);
        return gate.pass(gate.attempt().guard().actualClusterId(), null, Risk.sandbox())
                .act(act, r -> GateOutcome.succeeded(null));
    }

    /**
     * A fault injection as {@code sandbox fail-disk} and {@code sandbox lose-disk} make it: the dry run ({@code planned}
     * and {@code dryRunLine}), or the sandbox's check, {@code note} while it acts, the act under the sandbox's gate,
     * and its result shown with {@code render}.
     */
    static <T> ExitCode fault(Invocation inv, Sandbox sandbox, String action, T planned,
                                                String dryRunLine, String note, Supplier<T> act,
                                                Function<T, String> render) {
        if (dryRun(inv, sandbox, action, planned, dryRunLine)) {
            return ExitCode.OK;
        }
        checked(inv, sandbox, action, sandbox::cluster);
        inv.note(note);
        T done = injecting(inv, sandbox, action, act);
        inv.emit(done, () -> render.apply(done));
        return ExitCode.OK;
    }

    /** A check before a fault injection: when the sandbox refuses, that refusal is audited (sandbox marker), exit 2. */
    static <T> T checked(Invocation inv, Sandbox sandbox, String action, Supplier<T> check) {
        try {
            return check.get();
        } catch (SandboxRefusal e) {
            MutationGate gate = gate(inv, sandbox, action);
            gate.ended(gate.attempt().guard().actualClusterId(), AuditDecision.REFUSED, e.getMessage(), null);
            throw e;
        }
    }

    /**
     * A fault injection's dry run, when the invocation is one: the audit line (sandbox marker), {@code planned} as
     * the model and {@code line} as the text. True when it was a dry run and nothing more may happen.
     */
    static boolean dryRun(Invocation inv, Sandbox sandbox, String action, Object planned, String line) {
        if (!inv.mode().dryRun()) {
            return false;
        }
        MutationGate gate = gate(inv, sandbox, action);
        gate.ended(gate.attempt().guard().actualClusterId(), AuditDecision.DRY_RUN, null, null);
        inv.emit(planned, () -> line);
        return true;
    }

    /** The sandbox's own gate: no pin (it is the sandbox's cluster), no question, every line with the marker. */
    private static MutationGate gate(Invocation inv, Sandbox sandbox, String action) {
        String clusterId = null;
        String bootstrap = null;
        try {
            clusterId = sandbox.cluster().clusterId();
            bootstrap = sandbox.cluster().bootstrapServers();
        } catch (RuntimeException e) {
            // no sandbox running: the attempt is still recorded, and the act says why it cannot run
        }
        GuardContext guard = new GuardContext(null, clusterId, inv.prompter().interactive(), true, false, false);
        return MutationGate.open(new GateAttempt(Secrets.maskText(inv.commandLine()), inv.mode().origin(), action,
                guard, GateAttempts.operator(inv), GateAttempts.auditLog(inv), bootstrap, true));
    }

    static StatusView status(Sandbox sandbox) {
        List<NodeInfo> nodes = sandbox.nodes();
        Map<Integer, ProbeResult> answers = NodeAnswers.of(nodes);
        return new StatusView(sandbox.cluster().bootstrapServers(), sandbox.cluster().bootstrapControllers(),
                sandbox.cluster().root().toString(), sandbox.dataKept(),
                nodes.stream().map(n -> NodeView.of(n, answers.get(n.id()))).toList());
    }

    static String renderStatus(StatusView v, int width, boolean color) {
        Table t = Table.of("role", "id", "port", "state", "answers", "pid", "data dir");
        for (NodeView n : v.nodes()) {
            Tone tone = switch (n.state()) {
                case "running" -> Boolean.FALSE.equals(n.answers()) ? Tone.BAD : Tone.PLAIN;
                case "stopped" -> Tone.WARN;
                default -> Tone.BAD;
            };
            String answers = n.answers() == null ? "-" : n.answers() ? "yes" : "no (" + n.problem() + ")";
            t.row(tone, n.role(), n.id(), n.port(), n.state(), answers, n.pid() < 0 ? "-" : n.pid(), n.dataDir());
        }
        return t.render(width, color)
                + "bootstrap servers " + v.bootstrapServers() + "; controllers " + v.bootstrapControllers() + "\n"
                + "data in " + v.root() + (v.dataKept() ? " (kept on exit)" : " (temp, removed on exit)") + "\n";
    }

    static ScenarioList scenarios() {
        return new ScenarioList(Arrays.stream(Scenario.values())
                .map(s -> new ScenarioEntry(s.label(), s.summary())).toList());
    }

    static String renderScenarios(ScenarioList list, int width, boolean color) {
        Table t = Table.of("scenario", "what it stages");
        list.scenarios().forEach(s -> t.row(s.name(), s.summary()));
        return t.render(width, color) + "run one with: sandbox scenario NAME [--load]; undo with: sandbox reset\n";
    }

    static String renderScenarioRun(Sandbox.ScenarioRun run) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "scenario %s is staged (%.1f s).%n%n", run.scenario(), run.tookMs() / 1000.0));
        out.append(run.brief()).append("\n\n");
        if (run.load()) {
            out.append("A background producer writes to ").append(String.join(", ", run.loadTopics()))
                    .append(" (acks=all); 'sandbox load' shows what it sees.\n");
        }
        out.append("When you are done: sandbox reset\n");
        return out.toString();
    }

    static String renderReset(Sandbox.ResetReport r) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "sandbox healthy again (%.1f s)", r.tookMs() / 1000.0));
        out.append(r.nodesStarted().isEmpty() ? "; every node was running" : "; started " + String.join(", ", r.nodesStarted()));
        if (!r.topicsDeleted().isEmpty()) {
            out.append("; deleted ").append(String.join(", ", r.topicsDeleted()));
        }
        if (r.offsetsRestored()) {
            out.append("; __consumer_offsets back to RF 3");
        }
        out.append("; ").append(r.leadersMoved()).append(" partition(s) moved back to their preferred leader");
        if (r.loadStopped()) {
            out.append("; background load stopped");
        }
        return out.append('\n').toString();
    }

    static String renderLoad(LoadView v, int width, boolean color) {
        if (!v.present()) {
            return "no background load (start one with: sandbox scenario NAME --load, or sandbox load --topic T1,T2)\n";
        }
        LoadStats s = v.stats();
        StringBuilder out = new StringBuilder();
        out.append(s.running() ? "producing" : "stopped").append(" to ").append(String.join(", ", s.topics()))
                .append(" since ").append(s.since()).append(" (acks=all)\n");
        Table t = Table.of("sent", "acknowledged", "failed", "in flight");
        t.row(s.failed() > 0 ? Tone.WARN : Tone.PLAIN, s.sent(), s.acknowledged(), s.failed(), s.inFlight());
        out.append(t.render(width, color));
        if (!s.consumers().isEmpty()) {
            Table c = Table.of("group", "protocol", "consumed", "reading");
            s.consumers().forEach(g -> c.row(g.stopped() ? Tone.WARN : Tone.PLAIN, g.group(), g.protocol(), g.consumed(),
                    g.stopped() ? "stopped" : "yes"));
            out.append('\n').append(c.render(width, color)).append("(`groups` shows their lag)\n");
        }
        if (!s.failuresByError().isEmpty()) {
            Table f = Table.of("error", "failed sends");
            s.failuresByError().forEach((error, n) -> f.row(Tone.BAD, error, n));
            out.append('\n').append(f.render(width, color));
        }
        return out.toString();
    }
}
