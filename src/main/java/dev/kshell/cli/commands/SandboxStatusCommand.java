package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import org.springframework.stereotype.Component;

/** {@code sandbox status}: every node of the sandbox with its role, port, state, whether it answers on its port, and its directory. */
@Component
public class SandboxStatusCommand extends KshellCommand {

    private final Sandbox sandbox;

    public SandboxStatusCommand(Sandbox sandbox) {
        super("sandbox status", "Sandbox", "Every sandbox node: role, id, port, running/stopped/killed, whether it answers, data dir",
                "sandbox status");
        this.sandbox = sandbox;
        examples("sandbox status", "sandbox status --output json");
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        SandboxViews.StatusView view = SandboxViews.status(sandbox);
        inv.emit(view, () -> SandboxViews.renderStatus(view, inv.output().width(), inv.output().color()));
        return ExitCode.OK;
    }
}
