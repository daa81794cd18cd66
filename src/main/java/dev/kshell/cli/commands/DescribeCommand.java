package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.workflow.check.ClusterStateService;
import dev.kshell.workflow.check.PartitionCheckService;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.connection.ShellSession;

/** {@code describe TOPIC}: each partition's leader, replicas with live/dead marks, ISR, ELR and last-known ELR. */
public class DescribeCommand extends KshellCommand {

    static final Arg<String> TOPIC = Arg.of("topic", ArgKind.TOPIC, "the topic to describe");

    private final ClusterStateService service;

    public DescribeCommand(ShellSession session) {
        super(CommandSpec.named("describe").group(Group.STATE)
                .description("One topic's partitions: leader, replicas (live/dead), ISR, ELR, last-known ELR")
                .arguments(TOPIC).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("describe orders", "describe __consumer_offsets --output json"));
        this.service = new ClusterStateService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ClusterStateService.Described described = service.describe(inv.get(TOPIC));
        StateViews.TopicView view = StateViews.describe(described.topic(), described.snapshot().liveBrokerIds());
        String elrMissing = PartitionCheckService.elrMissing(described.snapshot());
        inv.emit(view, () -> StateTables.describe(view, inv.output().width(), inv.output().color(), elrMissing));
        return view.leaderless() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
