package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.workflow.check.ClusterStateService;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.connection.ShellSession;

/** {@code brokers}: every registered broker, fenced included, with how many partitions each leads. */
public class BrokersCommand extends KshellCommand {

    private final ClusterStateService service;

    public BrokersCommand(ShellSession session) {
        super(CommandSpec.named("brokers").group(Group.STATE)
                .description("Registered brokers (fenced too) with leader and preferred-leader counts")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE).examples("brokers", "brokers --output json"));
        this.service = new ClusterStateService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        StateViews.BrokersView view = StateViews.brokers(service.brokers());
        boolean viaControllers = service.viaControllers();
        inv.emit(view, () -> StateTables.brokers(view, inv.output().width(), inv.output().color())
                + (viaControllers ? "(partition counts need --bootstrap-server: controllers do not serve topic metadata)\n" : ""));
        return view.fenced() > 0 || !view.missing().isEmpty() ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
