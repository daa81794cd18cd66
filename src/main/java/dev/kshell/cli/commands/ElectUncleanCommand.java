package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.rules.election.ElectionAction;
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

/**
 * {@code elect unclean}: elect an out-of-sync live replica of a partition that cannot recover cleanly, keeping the
 * largest live log unless {@code --keep-order}. Refused unless the operator types the confirmation.
 */
public class ElectUncleanCommand extends ElectCommand {

    static final Opt<Boolean> KEEP_ORDER = Opt.flag("keep-order",
            "do not reorder the replicas: Kafka's pick (first live replica) leads");
    static final Arg<List<String>> PARTITIONS = Arg.many("partition", ArgKind.UNCLEAN_PARTITION,
            "a leaderless partition, e.g. orders-0").whenMissing("name at least one partition");

    public ElectUncleanCommand(ShellSession session) {
        super(CommandSpec.named("elect unclean").group(Group.ACTION)
                .description("Elect an out-of-sync replica of a leaderless partition (loses data; typed confirmation)")
                .options(GlobalOptions.DRY_RUN, KEEP_ORDER, GlobalOptions.YES).arguments(PARTITIONS)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING, Trait.DESTRUCTIVE)
                .examples("elect unclean orders-0 --dry-run", "elect unclean orders-0",
                        "elect unclean orders-0 orders-3 --keep-order"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        return elect(inv, ElectionAction.UNCLEAN,
                (service, attempt) -> service.unclean(attempt, inv.get(PARTITIONS), spec().usage(), inv.get(KEEP_ORDER)));
    }
}
