package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.sandbox.Scenario;

import java.util.Arrays;
import java.util.stream.Collectors;
import dev.kshell.connection.ShellSession;

/** {@code sandbox scenario NAME [--load]} and {@code sandbox scenario --list}. */
public class SandboxScenarioCommand extends KshellCommand {

    static final Opt<Boolean> LIST = Opt.flag("list", "list the scenarios");
    static final Opt<Boolean> LOAD = Opt.flag("load",
            "also run a background producer (acks=all) on the scenario's topics; see 'sandbox load'");
    static final Arg<String> NAME = Arg.of("scenario", ArgKind.SCENARIO, "the incident to stage").optional();

    private final Sandbox sandbox;
    private final ShellSession session;

    /** Without a session: the scenario's quorum reads are not remembered (tests that only stage). */
    public SandboxScenarioCommand(Sandbox sandbox) {
        this(sandbox, null);
    }
    public SandboxScenarioCommand(Sandbox sandbox, ShellSession session) {
        super(CommandSpec.named("sandbox scenario").group(Group.SANDBOX)
                .description("Stage an incident in the sandbox (sandbox scenario --list shows them)")
                .options(LIST, LOAD).arguments(NAME).exactlyOneOf(LIST, NAME).traits(Trait.MUTATING)
                .examples("sandbox scenario --list", "sandbox scenario broker-down --load"));
        this.sandbox = sandbox;
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.get(LIST)) {
            SandboxViews.ScenarioList list = SandboxViews.scenarios();
            inv.emit(list, () -> SandboxViews.renderScenarios(list, inv.output().width(), inv.output().color()));
            return ExitCode.OK;
        }
        String name = inv.get(NAME);
        Scenario scenario = Scenario.byLabel(name).orElseThrow(() -> new UsageException("no scenario '" + name
                + "'; scenarios: " + Arrays.stream(Scenario.values()).map(Scenario::label).collect(Collectors.joining(", "))));
        if (SandboxViews.dryRun(inv, sandbox, "sandbox scenario",
                new Sandbox.ScenarioRun(scenario.label(), 0, scenario.brief(), inv.get(LOAD), scenario.topics()),
                "dry run: would stage scenario " + scenario.label() + "\n")) {
            return ExitCode.OK;
        }
        SandboxViews.checked(inv, sandbox, "sandbox scenario", sandbox::cluster);
        inv.note("staging scenario " + scenario.label() + " (this " + (scenario == Scenario.CONTROLLER_FLAPPING
                ? "freezes real controllers" : "restarts and crashes real nodes") + "; it takes a while)...");
        Sandbox.ScenarioRun run = SandboxViews.injecting(inv, sandbox, "sandbox scenario", () -> sandbox.stage(scenario,
                inv.get(LOAD), line -> inv.note("  " + line)));
        if (session != null) {
            // explicit: what the scenario saw of the quorum (controller-flapping's leader changes) joins the history
            String clusterId = sandbox.cluster().clusterId();
            run.quorumReads().forEach(read -> session.quorumMemory().record(clusterId, read));
        }
        inv.emit(run, () -> SandboxViews.renderScenarioRun(run));
        return ExitCode.OK;
    }
}
