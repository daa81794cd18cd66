package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/** {@code brokers}: every registered broker, fenced included, with how many partitions each leads. */
@Component
public class BrokersCommand extends KshellCommand {

    private final ShellSession session;

    public BrokersCommand(ShellSession session) {
        super(CommandSpec.named("brokers").group(Group.STATE)
                .description("Registered brokers (fenced too) with leader and preferred-leader counts")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE).examples("brokers", "brokers --output json"));
        this.session = session;
    }

    @Override
    public ExitCode run(Invocation inv) {
        ClusterSnapshot snapshot = session.requireGateway().read(dev.kshell.model.SnapshotRequest.partitions().withQuorum(true)); // status shows its leader
        session.remember(snapshot);
        StateViews.BrokersView view = StateViews.brokers(snapshot);
        inv.emit(view, () -> StateTables.brokers(view, inv.output().width(), inv.output().color())
                + (session.requireGateway().target().viaControllers()
                ? "(partition counts need --bootstrap-server: controllers do not serve topic metadata)\n" : ""));
        return view.fenced() > 0 || !view.missing().isEmpty() ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
