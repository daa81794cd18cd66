package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.reassign.ChangeSteps;
import dev.kshell.workflow.reassign.CancelWorkflow;

import java.util.List;

/** {@code reassign cancel PARTITION... | --all}: cancel reassignments in flight and clear the throttle they leave. */
public class ReassignCancelCommand extends KshellCommand {

    static final Opt<Boolean> ALL = Opt.flag("all", "every reassignment in flight; with none, clear throttles left behind");
    static final Arg<List<PartitionSpec>> PARTITIONS = Arg.partitions("partition", ArgKind.PARTITION,
            "a partition whose reassignment to cancel, e.g. orders-3").optional();

    private final ShellSession session;

    public ReassignCancelCommand(ShellSession session) {
        super(CommandSpec.named("reassign cancel").group(Group.ACTION)
                .description("Cancel reassignments in flight (back to the replicas before) and remove the throttle")
                .options(ALL, GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(PARTITIONS)
                .exactlyOneOf(ALL, PARTITIONS).traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("reassign cancel --all --dry-run", "reassign cancel orders-3", "reassign cancel --all --yes"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ChangeSteps.Result result = new CancelWorkflow(session.requireGateway(), ReassignConversation.auditLog(inv))
                .run(ReassignConversation.attempt(session, inv), inv.get(ALL) ? null : inv.get(PARTITIONS));
        ReassignConversation.render(inv, result.report());
        return result.exitCode();
    }
}
