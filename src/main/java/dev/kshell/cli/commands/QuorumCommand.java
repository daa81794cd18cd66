package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/** {@code quorum}: the KRaft metadata quorum, with a one-line verdict. */
@Component
public class QuorumCommand extends KshellCommand {

    private final ShellSession session;

    public QuorumCommand(ShellSession session) {
        super("quorum", "State", "KRaft metadata quorum: leader, epoch, voters and observers with lag (ZooKeeper mode: the controller)", "quorum");
        this.session = session;
        examples("quorum", "quorum --output json", "kshell --bootstrap-controller c1:9093 quorum   # when every broker is down");
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        dev.kshell.model.QuorumState quorum = session.requireGateway().quorum();
        if (quorum.zooKeeperMode()) {
            StateViews.ControllerView controller = StateViews.controller(quorum);
            inv.emit(controller, () -> StateTables.controller(controller, inv.output().width(), inv.output().color()));
            return controller.healthy() ? ExitCode.OK : ExitCode.FINDINGS;
        }
        StateViews.QuorumView view = StateViews.quorum(quorum);
        inv.emit(view, () -> StateTables.quorum(view, inv.output().width(), inv.output().color()));
        return view.healthy() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
