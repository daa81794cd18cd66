package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.reassign.ChangeSteps;
import dev.kshell.workflow.reassign.ThrottleWorkflow;

/** {@code reassign throttle RATE}: change the replication throttle of the moves in flight, without restarting them. */
public class ReassignThrottleCommand extends KshellCommand {

    static final Arg<String> RATE = Arg.of("rate", ArgKind.TEXT, "the new throttle per broker taking part, each way "
            + "(e.g. 20MB/s, 10MiB/s)").whenMissing("name the rate, e.g. reassign throttle 20MB/s");

    private final ShellSession session;

    public ReassignThrottleCommand(ShellSession session) {
        super(CommandSpec.named("reassign throttle").group(Group.ACTION)
                .description("Change the replication throttle of the reassignments in flight (whoever started them)")
                .options(GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(RATE)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("reassign throttle 20MB/s --yes", "reassign throttle 10MiB/s", "reassign throttle 5MB/s "
                        + "--dry-run"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        String text = inv.get(RATE).strip();
        if (!ByteSizes.valid(text) || ByteSizes.parse(text) <= 0) {
            throw new UsageException("reassign throttle takes a rate above 0 such as 20MB/s or 10MiB/s, not '" + text
                    + "' (`reassign cancel --all` removes a throttle once nothing moves)");
        }
        ChangeSteps.Result result = new ThrottleWorkflow(session.requireGateway(), ReassignConversation.auditLog(inv))
                .run(ReassignConversation.attempt(session, inv), ByteSizes.parse(text));
        ReassignConversation.render(inv, result.report());
        return result.exitCode();
    }
}
