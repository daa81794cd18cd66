package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ReassignTables;
import dev.kshell.workflow.reassign.NewDiskReader;

/**
 * {@code brokers new-disk N}: before broker N starts on a new, empty disk, what the start does to each of its
 * partitions: copied back from which leader, which come back empty and leading, which stay offline.
 */
public class BrokersNewDiskCommand extends KshellCommand {

    static final Arg<Integer> BROKER = Arg.nodeId("broker", ArgKind.BROKER_ID, "the broker that is to start on a new, "
            + "empty disk").whenMissing("name the broker, e.g. brokers new-disk 6");

    private final ShellSession session;

    public BrokersNewDiskCommand(ShellSession session) {
        super(CommandSpec.named("brokers new-disk").group(Group.STATE)
                .description("Before a broker starts on a new, empty disk: which partitions it copies back, which it "
                        + "would lead EMPTY (records lost), which stay offline")
                .arguments(BROKER).traits(Trait.NEEDS_CONNECTION)
                .examples("brokers new-disk 6", "brokers new-disk 6 --output json"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        NewDiskReader.View view = new NewDiskReader(session.requireGateway(), new StateStore(OffsetMemory.defaultDir()))
                .read(inv.get(BROKER));
        inv.emit(view, () -> ReassignTables.newDisk(view, inv.output().width(), inv.output().color()));
        return view.advice().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
