package dev.kshell.cli.commands;

import dev.kshell.cli.CommandFailure;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.rules.QuorumStability;
import dev.kshell.workflow.check.QuorumService;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumState;
import dev.kshell.render.QuorumHistoryTables;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.render.Tone;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.quorum.QuorumReadout;

/**
 * {@code quorum}: the KRaft metadata quorum, with a one-line verdict. Every read is handed to the quorum history
 * ({@link QuorumService}); {@code quorum --history} shows that history: each leader change kshell saw, this session's
 * and earlier runs'.
 */
public class QuorumCommand extends KshellCommand {

    static final Opt<Boolean> HISTORY = Opt.flag("history",
            "the leader changes kshell has seen (this session and earlier runs), with times");

    private final QuorumService service;
    private final QuorumReadout readout;
    public QuorumCommand(ShellSession session) {
        this(session, new QuorumReadout(session));
    }

    /** With its readout given (tests: one whose voters are asked without a network). */
    public QuorumCommand(ShellSession session, QuorumReadout readout) {
        super(CommandSpec.named("quorum").group(Group.STATE)
                .description("KRaft metadata quorum: leader, epoch, voters and observers with lag (ZooKeeper mode: the controller)")
                .options(HISTORY).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("quorum", "quorum --output json", "quorum --history",
                        "kshell --bootstrap-controller c1:9093 quorum   # when every broker is down"));
        this.service = new QuorumService(session);
        this.readout = readout;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.get(HISTORY)) {
            return history(inv);
        }
        QuorumReadout.Readout read = readout.read(inv::note);
        QuorumState quorum = read.quorum();
        QuorumStability stability = read.stability();
        boolean unstable = stability != null && stability.kind() == QuorumStability.Kind.UNSTABLE;
        if (quorum.zooKeeperMode()) {
            // no KRaft quorum: the controller (a broker) and, with --zookeeper, what ZooKeeper says
            StateViews.ControllerView controller = StateViews.controller(quorum);
            inv.emit(controller, () -> StateTables.controller(controller, inv.output().width(), inv.output().color())
                    + unstableLines(stability, unstable, inv));
            return controller.healthy() && !unstable ? ExitCode.OK : ExitCode.FINDINGS;
        }
        StateViews.QuorumView view = read.description() == null ? StateViews.quorum(quorum)
                : StateViews.quorum(quorum, read.description(), read.membership());
        inv.emit(view, () -> StateTables.quorum(view, inv.output().width(), inv.output().color())
                + unstableLines(stability, unstable, inv));
        return view.healthy() && !unstable ? ExitCode.OK : ExitCode.FINDINGS;
    }

    private static String unstableLines(QuorumStability stability, boolean unstable, Invocation inv) {
        return unstable ? "\n" + Tone.WARN.paint(stability.sentence(), inv.output().color())
                + "\nnext: quorum --history, watch quorum\n" : "";
    }

    /**
     * Reads the quorum now (recording it), then shows the remembered terms; exit 1 when unstable, 4 when the quorum
     * could not be read now (the remembered history is shown all the same: during an incident it matters most).
     */
    private ExitCode history(Invocation inv) {
        QuorumService.History history = service.history(inv::note);
        if (history == null) {
            throw new CommandFailure(ExitCode.UNREACHABLE, "quorum --history: the cluster id could not be read from "
                    + service.endpoints() + ", so kshell cannot tell which history is this cluster's");
        }
        QuorumHistoryTables.QuorumHistoryView view = QuorumHistoryTables.view(history.clusterId(), history.terms(),
                history.stability(), history.persistent(), history.readError());
        inv.emit(view, () -> QuorumHistoryTables.render(view, inv.output().width(), inv.output().color()));
        if (history.readError() != null) {
            return ExitCode.UNREACHABLE;
        }
        return history.stability().kind() == QuorumStability.Kind.UNSTABLE ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
