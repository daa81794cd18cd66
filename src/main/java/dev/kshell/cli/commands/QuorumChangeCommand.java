package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;
import java.io.PrintWriter;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumMember;
import dev.kshell.rules.quorum.StaticQuorumAdvice;
import dev.kshell.rules.quorum.VoterChangeChecks;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.quorum.VoterChanges;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code quorum replace-controller | remove-controller | add-controller N} (KIP-853): one class, one command per kind
 * (app.Assembly makes one per {@code VoterChangePlan.Kind}). Checks first (a dynamic quorum; a caught-up observer N with a new directory id;
 * the other voters answer and are caught up; no change pending), shows the plan, asks y/N (or --yes), audits, then
 * the workflow sends RemoveRaftVoter / AddRaftVoter and waits until the quorum shows the result.
 */
public class QuorumChangeCommand extends KshellCommand {

    static final Opt<String> ENDPOINT = Opt.text("endpoint", ArgKind.ENDPOINT,
            "the new voter's controller endpoint, LISTENER://host:port (default: from the quorum's own description)")
            .hint("LISTENER://HOST:PORT").repeatable();

    private final VoterChangePlan.Kind kind;
    private final Arg<Integer> node;
    private final VoterChanges workflow;
    private final ShellSession session;

    public QuorumChangeCommand(ShellSession session, VoterChangePlan.Kind kind) {
        this(session, kind, new VoterChanges(session));
    }

    /** With its workflow given (tests: one whose voters are asked without a network). */
    public QuorumChangeCommand(ShellSession session, VoterChangePlan.Kind kind, VoterChanges workflow) {
        this(session, kind, workflow, Arg.nodeId("node id", ArgKind.NODE_ID, "the controller's node id"));
    }

    private QuorumChangeCommand(ShellSession session, VoterChangePlan.Kind kind, VoterChanges workflow,
                                Arg<Integer> node) {
        super(spec(kind, node));
        this.kind = kind;
        this.node = node;
        this.session = session;
        this.workflow = workflow;
    }

    private static CommandSpec spec(VoterChangePlan.Kind kind, Arg<Integer> node) {
        CommandSpec spec = CommandSpec.named("quorum " + kind.label()).group(Group.ACTION).description(switch (kind) {
            case REPLACE -> "Replace a controller that came back with a new disk: remove its old voter entry, add "
                    + "the new one (dynamic quorum, KIP-853)";
            case REMOVE -> "Remove a controller from a dynamic quorum's voters (planned change, KIP-853)";
            case ADD -> "Add a caught-up observer controller to a dynamic quorum's voters (KIP-853)";
        });
        spec = kind == VoterChangePlan.Kind.REMOVE
                ? spec.options(GlobalOptions.DRY_RUN, GlobalOptions.YES)
                : spec.options(ENDPOINT, GlobalOptions.DRY_RUN, GlobalOptions.YES);
        return spec.arguments(node).traits(Trait.NEEDS_CONNECTION, Trait.MUTATING).examples(switch (kind) {
            case REPLACE -> new String[]{"quorum replace-controller 2 --dry-run", "quorum replace-controller 2 --yes"};
            case REMOVE -> new String[]{"quorum remove-controller 3 --dry-run"};
            case ADD -> new String[]{"quorum add-controller 3",
                    "quorum add-controller 2 --endpoint CONTROLLER://c2.example:9093"};
        });
    }

    @Override
    public ExitCode execute(Invocation inv) {
        int id = inv.get(node);
        String command = "quorum " + kind.label();
        List<String> endpoints = kind == VoterChangePlan.Kind.REMOVE ? List.of() : inv.all(ENDPOINT);
        MutationGate gate = GateAttempts.open(session, inv, kind.label());
        VoterChanges.Planned planned = gate.plan(() -> workflow.plan(kind, id, endpoints));
        if (planned.unsupported() != null) {
            String line = "zookeeper".equals(planned.unsupported()) ? StaticQuorumAdvice.zooKeeperMode(command)
                    : StaticQuorumAdvice.beforeDynamicQuorums(command, planned.release());
            if (!"zookeeper".equals(planned.unsupported())) {
                inv.emit(new Refused(line, StaticQuorumAdvice.procedure(id)), () -> text(StaticQuorumAdvice.procedure(id)));
            }
            throw gate.refuse(planned.clusterId(), null, line, null);
        }
        VoterChangeChecks.Verdict verdict = planned.verdict();
        if (!verdict.allowed()) {
            String line = verdict.staticQuorum()
                    ? StaticQuorumAdvice.refusal(command, id, planned.quorum().kraftVersion())
                    : command + " " + id + ": refused: " + String.join("; ", verdict.reasons())
                            + "; nothing was changed";
            List<String> shown = new ArrayList<>(voters(planned));
            if (verdict.staticQuorum()) {
                shown.addAll(StaticQuorumAdvice.procedure(id));
            }
            inv.emit(new Refused(line, shown), () -> text(shown));
            throw gate.refuse(planned.clusterId(), null, line, null);
        }
        VoterChangePlan plan = verdict.plan();
        List<String> planLines = planLines(planned, plan);
        // with --output json stdout stays one JSON document: the plan a person confirms goes to stderr
        PrintWriter planTo = inv.output().json() ? inv.output().err() : inv.output().out();
        MutationGate.Pass pass = gate.pass(planned.clusterId(), plan, Risk.change(switch (kind) {
            case REPLACE -> "Replace controller " + plan.nodeId() + "'s voter entry?";
            case REMOVE -> "Remove controller " + plan.nodeId() + " from the voters?";
            case ADD -> "Add controller " + plan.nodeId() + " to the voters?";
        }), () -> {
            planTo.print(text(planLines));
            planTo.flush();
        });
        if (pass.dryRun()) {
            inv.emit(new Result(plan, List.of(), "dry run: nothing was changed"),
                    () -> "dry run: nothing was changed\n");
            return ExitCode.OK;
        }
        VoterChanges.Outcome outcome = pass.act(() -> workflow.execute(plan, inv::note),
                o -> GateOutcome.succeeded(null));
        // the steps were said as they happened (progress notes): the text ends with the result only
        inv.emit(new Result(plan, outcome.lines(), null),
                () -> text(outcome.lines().subList(outcome.lines().size() - 1, outcome.lines().size())));
        return ExitCode.OK;
    }

    private static List<String> voters(VoterChanges.Planned planned) {
        if (planned.quorum() == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("quorum: " + planned.quorum().kind().name().toLowerCase(Locale.ROOT) + ", leader "
                + planned.quorum().leaderId() + ", voters " + planned.quorum().voters().stream()
                .map(QuorumMember::label).toList());
        return out;
    }

    private static List<String> planLines(VoterChanges.Planned planned, VoterChangePlan plan) {
        List<String> lines = new ArrayList<>(voters(planned));
        lines.add("plan: quorum " + plan.kind().label() + " " + plan.nodeId());
        int i = 1;
        for (VoterChangePlan.Step step : plan.steps()) {
            lines.add("  " + i++ + ". " + step.describe());
        }
        lines.add("  " + plan.between());
        return lines;
    }

    private static String text(List<String> lines) {
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /** {@code --output json}: a refusal, with what was shown. */
    public record Refused(String refused, List<String> lines) {
    }

    /** {@code --output json}: the plan and what was done (empty for a dry run). */
    public record Result(VoterChangePlan plan, List<String> done, String note) {
    }

}
