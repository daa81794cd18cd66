package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ExitCode;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.reassign.ChangeSteps;
import dev.kshell.workflow.reassign.EvacuateWorkflow;
import dev.kshell.workflow.reassign.RestoreRfWorkflow;

/**
 * {@code reassign restore-rf}: put back the replication factor of the partitions kshell ran on fewer replicas
 * ({@code reassign evacuate --shrink}) once a broker is there to take the copy.
 */
public class ReassignRestoreRfCommand extends KshellCommand {

    private final ShellSession session;

    public ReassignRestoreRfCommand(ShellSession session) {
        super(CommandSpec.named("reassign restore-rf").group(Group.ACTION)
                .description("Put back the replication factor of partitions shrunk by reassign evacuate --shrink")
                .options(ReassignEvacuateCommand.THROTTLE, GlobalOptions.DRY_RUN, GlobalOptions.YES)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("reassign restore-rf --yes", "reassign restore-rf --dry-run",
                        "reassign restore-rf --throttle 20MB/s"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        String throttleText = inv.get(ReassignEvacuateCommand.THROTTLE).strip();
        long throttle = throttleText.equals("0") ? 0 : ByteSizes.parse(throttleText);
        ChangeSteps.Result result = new RestoreRfWorkflow(session.requireGateway(), ReassignConversation.auditLog(inv),
                new StateStore(OffsetMemory.defaultDir()), EvacuateWorkflow.POLL)
                .run(ReassignConversation.attempt(session, inv), throttle);
        ReassignConversation.render(inv, result.report());
        return result.exitCode();
    }
}
