package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.reassign.ChangeSteps;
import dev.kshell.workflow.reassign.UnregisterWorkflow;

/** {@code brokers unregister N}: KRaft forgets a fenced broker that holds no replica; ZooKeeper mode needs nothing. */
public class BrokersUnregisterCommand extends KshellCommand {

    static final Arg<Integer> BROKER = Arg.nodeId("broker", ArgKind.BROKER_ID, "a fenced broker that holds no replica")
            .whenMissing("name the broker to unregister, e.g. brokers unregister 6");

    private final ShellSession session;

    public BrokersUnregisterCommand(ShellSession session) {
        super(CommandSpec.named("brokers unregister").group(Group.ACTION)
                .description("Make a KRaft cluster forget a broker that is gone for good (after reassign evacuate)")
                .options(GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(BROKER)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("brokers unregister 6 --dry-run", "brokers unregister 6"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ChangeSteps.Result result = new UnregisterWorkflow(session.requireGateway(),
                ReassignConversation.auditLog(inv)).run(ReassignConversation.attempt(session, inv), inv.get(BROKER));
        ReassignConversation.render(inv, result.report());
        return result.exitCode();
    }
}
