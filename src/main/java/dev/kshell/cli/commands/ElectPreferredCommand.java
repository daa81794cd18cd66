package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.workflow.election.ElectionService;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;

import java.util.List;

/** {@code elect preferred}: move leadership back to each partition's preferred replica, behind the guard. */
public class ElectPreferredCommand extends ElectCommand {

    static final Opt<Boolean> ALL = Opt.flag("all", "every partition whose leader is not its preferred replica");
    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.OFF_PREFERRED_TOPIC, "the partitions of this topic");
    static final Arg<List<String>> PARTITIONS = Arg.many("partition", ArgKind.OFF_PREFERRED_PARTITION,
            "a partition to elect, e.g. orders-3").optional();

    public ElectPreferredCommand(ShellSession session) {
        super(CommandSpec.named("elect preferred").group(Group.ACTION)
                .description("Elect each partition's preferred replica (plan, confirm, audit, verify)")
                .options(ALL, TOPIC, GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(PARTITIONS)
                .exactlyOneOf(ALL, TOPIC, PARTITIONS)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("elect preferred --all --dry-run", "elect preferred --topic orders",
                        "elect preferred orders-0 orders-3 --yes"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        // the grammar has checked that exactly one of the three is given
        String topic = inv.get(TOPIC);
        ElectionService.PreferredTarget target = inv.get(ALL) ? new ElectionService.PreferredTarget.All()
                : topic != null ? new ElectionService.PreferredTarget.Topic(topic)
                : new ElectionService.PreferredTarget.Partitions(inv.get(PARTITIONS), spec().usage());
        return elect(inv, ElectionAction.PREFERRED,
                (service, attempt) -> service.preferred(attempt, target));
    }
}
