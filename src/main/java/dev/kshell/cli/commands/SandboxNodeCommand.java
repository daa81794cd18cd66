package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.SandboxRecords.NodeAction;
import dev.kshell.sandbox.Sandbox;

import java.util.Locale;
import dev.kshell.sandbox.NodeInfo;

/**
 * {@code sandbox stop-broker|kill-broker|start-broker|stop-controller|start-controller N}: one class, one command per
 * action (app.Assembly makes one per {@code NodeAction}).
 */
public class SandboxNodeCommand extends KshellCommand {

    private final Sandbox sandbox;
    private final NodeAction action;
    private final Arg<Integer> node;

    public SandboxNodeCommand(Sandbox sandbox, NodeAction action) {
        this(sandbox, action, Arg.nodeId("node id", nodeKind(action), "the node to " + action.label().replaceFirst("-.*", "")));
    }

    private SandboxNodeCommand(Sandbox sandbox, NodeAction action, Arg<Integer> node) {
        super(CommandSpec.named("sandbox " + action.label()).group(Group.SANDBOX).description(description(action))
                .arguments(node).traits(Trait.MUTATING)
                .examples("sandbox " + action.label() + " " + (action.role() == NodeInfo.Role.BROKER ? 5 : 2)));
        this.sandbox = sandbox;
        this.action = action;
        this.node = node;
    }

    /** Stopping or killing takes a running node of the action's role; starting, a stopped one. */
    private static ArgKind nodeKind(NodeAction action) {
        if (action == NodeAction.KILL_CONTROLLER) {
            return ArgKind.LIVE_NODE_ID; // in ZooKeeper mode the controller is a broker
        }
        boolean starts = action.target() == NodeInfo.State.RUNNING;
        if (action.role() == NodeInfo.Role.BROKER) {
            return starts ? ArgKind.STOPPED_BROKER_ID : ArgKind.LIVE_BROKER_ID;
        }
        return starts ? ArgKind.STOPPED_CONTROLLER_ID : ArgKind.LIVE_CONTROLLER_ID;
    }

    private static String description(NodeAction action) {
        return switch (action) {
            case STOP_BROKER -> "Stop a broker gracefully (controlled shutdown)";
            case KILL_BROKER -> "Kill a broker abruptly (SIGKILL: a real crash, no controlled shutdown)";
            case START_BROKER -> "Start a stopped or killed broker and wait until it has rejoined";
            case STOP_CONTROLLER -> "Stop a controller gracefully";
            case START_CONTROLLER -> "Start a stopped controller and wait until it listens";
            case KILL_CONTROLLER -> "Kill the active controller abruptly (SIGKILL; in ZooKeeper mode the controller "
                    + "broker)";
        };
    }

    @Override
    public ExitCode execute(Invocation inv) {
        int id = inv.get(node);
        String role = action == NodeAction.KILL_CONTROLLER ? "controller"
                : action.role().name().toLowerCase(Locale.ROOT);
        String what = "sandbox " + action.label();
        if (SandboxViews.dryRun(inv, sandbox, what, new Sandbox.NodeChange(id, role, action.label(), "planned", 0),
                "dry run: would " + action.label().replace("-", " ") + " " + id + "\n")) {
            return ExitCode.OK;
        }
        SandboxViews.checked(inv, sandbox, what, () -> sandbox.check(action, id));
        if (action.target() == NodeInfo.State.RUNNING) {
            inv.note("starting " + role + " " + id + " (waits until it is up)...");
        }
        Sandbox.NodeChange change = SandboxViews.injecting(inv, sandbox, what, () -> sandbox.apply(action, id));
        inv.emit(change, () -> String.format(Locale.ROOT, "%s %d %s (%.1f s)%n", change.role(), change.id(),
                change.state(), change.tookMs() / 1000.0));
        return ExitCode.OK;
    }
}
