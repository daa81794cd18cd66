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
 * {@code sandbox fail-disk N}: one of broker N's two log directories fails while the broker runs (a dead JBOD disk):
 * the broker takes it offline and runs on with the other one; the replicas it held there leave their ISRs.
 */
public class SandboxFailDiskCommand extends KshellCommand {

    static final Arg<Integer> BROKER = Arg.nodeId("broker", ArgKind.LIVE_BROKER_ID,
            "the running broker one of whose log directories fails");

    private final Sandbox sandbox;

    public SandboxFailDiskCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox fail-disk").group(Group.SANDBOX)
                .description("One of a running broker's two log directories fails: the broker takes it offline "
                        + "and runs on")
                .arguments(BROKER).traits(Trait.MUTATING)
                .examples("sandbox fail-disk 5   # then: logdirs, under-replicated, triage"));
        this.sandbox = sandbox;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        int id = inv.get(BROKER);
        return SandboxViews.fault(inv, sandbox, "sandbox fail-disk", new Sandbox.DiskFailure(id, null, 0),
                "dry run: would fail one of broker " + id + "'s log directories\n",
                "broker " + id + ": its second log directory fails (waits until the broker reports it offline)...",
                () -> sandbox.failDisk(id), failure -> String.format(Locale.ROOT, "broker %d took log directory %s "
                        + "offline (%.1f s); it runs on with its other one%n  next: logdirs --broker %d, "
                        + "under-replicated%n", failure.broker(), failure.logDir(), failure.tookMs() / 1000.0,
                        failure.broker()));
    }
}
