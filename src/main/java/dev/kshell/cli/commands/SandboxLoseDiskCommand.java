package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;

import java.util.Locale;

/**
 * {@code sandbox lose-disk N}: a node's disk dies and the host is set up again, as an operator would: kill -9, the
 * data deleted, formatted again (a dynamic quorum: {@code --no-initial-controllers}) and started. A dynamic
 * quorum's controller comes back as an observer with a new directory id; {@code quorum} names it and
 * {@code quorum replace-controller N} makes it a voter again.
 */
public class SandboxLoseDiskCommand extends KshellCommand {

    static final Arg<Integer> NODE = Arg.nodeId("node", ArgKind.NODE_ID,
            "the node whose disk dies (a controller or a broker)");

    private final Sandbox sandbox;

    public SandboxLoseDiskCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox lose-disk").group(Group.SANDBOX)
                .description("A node's disk dies: kill -9, its data deleted, formatted again "
                        + "(--no-initial-controllers in a dynamic quorum) and started")
                .arguments(NODE).traits(Trait.MUTATING)
                .examples("sandbox lose-disk 2   # then: quorum, quorum replace-controller 2"));
        this.sandbox = sandbox;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        int id = inv.get(NODE);
        return SandboxViews.fault(inv, sandbox, "sandbox lose-disk", new Sandbox.DiskLoss(id, "node", null, null,
                        false, 0), "dry run: would delete node " + id + "'s data, format it again and start it\n",
                "node " + id + ": kill -9, data deleted, formatting again and starting (waits until it is up)...",
                () -> sandbox.loseDisk(id), SandboxLoseDiskCommand::render);
    }

    static String render(Sandbox.DiskLoss loss) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s %d lost its disk and runs again, "
                + "formatted anew (%.1f s)%n", loss.role(), loss.id(), loss.tookMs() / 1000.0));
        if (loss.newDirectoryId() != null) {
            out.append("  directory id ").append(loss.oldDirectoryId() == null ? "?" : loss.oldDirectoryId())
                    .append(" -> ").append(loss.newDirectoryId()).append('\n');
        }
        if ("controller".equals(loss.role())) {
            out.append(loss.dynamicQuorum()
                    ? "  a dynamic quorum: it fetches as an observer; the voter set still holds its old directory\n"
                            + "  next: quorum, then quorum replace-controller " + loss.id() + "\n"
                    : "  a static quorum: it rejoined as a voter with an empty log\n  next: quorum\n");
        }
        return out.toString();
    }
}
