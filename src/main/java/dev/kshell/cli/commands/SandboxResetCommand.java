package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;

import java.util.List;

/** {@code sandbox reset}: back to a healthy cluster (every node running, scenario topics gone, leaders preferred). */
public class SandboxResetCommand extends KshellCommand {

    private final Sandbox sandbox;

    public SandboxResetCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox reset").group(Group.SANDBOX)
                .description("Back to a healthy sandbox: start every node, delete scenario topics, preferred leaders, stop load")
                .traits(Trait.MUTATING));
        this.sandbox = sandbox;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (SandboxViews.dryRun(inv, sandbox, "sandbox reset",
                new Sandbox.ResetReport(List.of(), List.of(), false, 0, false, 0),
                "dry run: would reset the sandbox\n")) {
            return ExitCode.OK;
        }
        Sandbox.ResetReport report = SandboxViews.injecting(inv, sandbox, "sandbox reset",
                () -> sandbox.reset(line -> inv.note("  " + line)));
        inv.emit(report, () -> SandboxViews.renderReset(report));
        return ExitCode.OK;
    }
}
