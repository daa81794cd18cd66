package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ClientTables;
import dev.kshell.rules.clients.TransactionsReport;

/**
 * {@code transactions}: open transactions cluster-wide (the coordinators' list, and every partition whose last stable
 * offset trails its log end), with age, partitions and what each holds back; hanging ones first. Exit 1 when one
 * hangs.
 */
public class TransactionsCommand extends ClientsCommand {

    public TransactionsCommand(ShellSession session) {
        super(CommandSpec.named("transactions").group(Group.STATE)
                .description("Open transactions: age, partitions, last stable offset held back; hanging ones first")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("transactions", "transactions --output json"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        TransactionsReport report = service.transactions();
        inv.emit(report, () -> ClientTables.transactions(report, inv.output().width(), inv.output().color()));
        return report.hanging() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
