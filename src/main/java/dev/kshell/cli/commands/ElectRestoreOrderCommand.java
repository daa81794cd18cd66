package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;

import java.util.List;

/**
 * {@code elect restore-order}: put back the replica order kshell changed before an unclean election, once the
 * partition is healthy (a same-set reassignment: no data moves).
 */
public class ElectRestoreOrderCommand extends ElectCommand {

    static final Arg<List<String>> PARTITIONS = Arg.many("partition", ArgKind.REORDERED_PARTITION,
            "a partition kshell reordered, e.g. orders-0").whenMissing("name at least one partition");

    public ElectRestoreOrderCommand(ShellSession session) {
        super(CommandSpec.named("elect restore-order").group(Group.ACTION)
                .description("Restore the replica order kshell changed for an unclean election (once the partition is healthy)")
                .options(GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(PARTITIONS)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("elect restore-order orders-0 --dry-run", "elect restore-order orders-0 --yes"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        return elect(inv, ElectionAction.RESTORE_ORDER,
                (service, attempt) -> service.restoreOrder(attempt, inv.get(PARTITIONS), spec().usage()));
    }
}
