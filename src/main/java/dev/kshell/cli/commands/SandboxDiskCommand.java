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
 * The sandbox's two disk faults, one class since they differ only in the fault and its words:
 * <ul>
 *   <li>{@code sandbox fail-disk N}: one of broker N's two log directories fails while the broker runs (a dead JBOD
 *       disk): the broker takes it offline and runs on with the other one; the replicas it held there leave their
 *       ISRs.</li>
 *   <li>{@code sandbox lose-disk N}: a node's disk dies and the host is set up again, as an operator would: kill -9,
 *       the data deleted, formatted again (a dynamic quorum: {@code --no-initial-controllers}) and started. A
 *       dynamic quorum's controller comes back as an observer with a new directory id; {@code quorum} names it and
 *       {@code quorum replace-controller N} makes it a voter again.</li>
 * </ul>
 */
public final class SandboxDiskCommand extends KshellCommand {

    static final Arg<Integer> BROKER = Arg.nodeId("broker", ArgKind.LIVE_BROKER_ID,
            "the running broker one of whose log directories fails");
    static final Arg<Integer> NODE = Arg.nodeId("node", ArgKind.NODE_ID,
            "the node whose disk dies (a controller or a broker)");

    private final Sandbox sandbox;
    /** true: {@code lose-disk} (the whole node's data); false: {@code fail-disk} (one log directory). */
    private final boolean wholeNode;

    private SandboxDiskCommand(Sandbox sandbox, boolean wholeNode, CommandSpec spec) {
        super(spec.group(Group.SANDBOX).traits(Trait.MUTATING));
        this.sandbox = sandbox;
        this.wholeNode = wholeNode;
    }

    /** {@code sandbox fail-disk N}. */
    public static SandboxDiskCommand failDisk(Sandbox sandbox) {
        return new SandboxDiskCommand(sandbox, false, CommandSpec.named("sandbox fail-disk")
                .description("One of a running broker's two log directories fails: the broker takes it offline "
                        + "and runs on")
                .arguments(BROKER).examples("sandbox fail-disk 5   # then: logdirs, under-replicated, triage"));
    }

    /** {@code sandbox lose-disk N}. */
    public static SandboxDiskCommand loseDisk(Sandbox sandbox) {
        return new SandboxDiskCommand(sandbox, true, CommandSpec.named("sandbox lose-disk")
                .description("A node's disk dies: kill -9, its data deleted, formatted again "
                        + "(--no-initial-controllers in a dynamic quorum) and started")
                .arguments(NODE).examples("sandbox lose-disk 2   # then: quorum, quorum replace-controller 2"));
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (wholeNode) {
            int id = inv.get(NODE);
            return SandboxViews.fault(inv, sandbox, "sandbox lose-disk", new Sandbox.DiskLoss(id, "node", null, null,
                            false, 0), "dry run: would delete node " + id + "'s data, format it again and start it\n",
                    "node " + id + ": kill -9, data deleted, formatting again and starting (waits until it is up)...",
                    () -> sandbox.loseDisk(id), SandboxDiskCommand::render);
        }
        int id = inv.get(BROKER);
        return SandboxViews.fault(inv, sandbox, "sandbox fail-disk", new Sandbox.DiskFailure(id, null, 0),
                "dry run: would fail one of broker " + id + "'s log directories\n",
                "broker " + id + ": its second log directory fails (waits until the broker reports it offline)...",
                () -> sandbox.failDisk(id), failure -> String.format(Locale.ROOT, "broker %d took log directory %s "
                        + "offline (%.1f s); it runs on with its other one%n  next: logdirs --broker %d, "
                        + "under-replicated%n", failure.broker(), failure.logDir(), failure.tookMs() / 1000.0,
                        failure.broker()));
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
