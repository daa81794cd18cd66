package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.render.ClientTables;
import dev.kshell.workflow.clients.AbortWorkflow;
import dev.kshell.workflow.gate.MutationGate;

import java.io.PrintWriter;

/**
 * {@code transactions abort PARTITION --start-offset O}: the pasted {@code kafka-transactions.sh abort} line as a
 * guarded action. Aborting discards the transaction's records on that partition: the typed phrase at a terminal, or
 * a runbook that declares {@code allow unclean} run with {@code --yes}.
 */
public class TransactionsAbortCommand extends KshellCommand {

    static final Arg<String> PARTITION = Arg.of("partition", ArgKind.PARTITION, "the partition holding it (topic-N)")
            .whenMissing("name the partition, e.g. transactions abort orders-0 --start-offset 1200");
    static final Opt<String> START_OFFSET = Opt.text("start-offset",
            "the open transaction's first offset there (`transactions` and `group` show it)").hint("O").required();

    private final ShellSession session;

    public TransactionsAbortCommand(ShellSession session) {
        super(CommandSpec.named("transactions abort").group(Group.ACTION)
                .description("Abort a hanging transaction on one partition (its records there are discarded)")
                .options(START_OFFSET, GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(PARTITION)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING, Trait.DESTRUCTIVE)
                .examples("transactions abort orders-0 --start-offset 1200 --dry-run",
                        "transactions abort orders-0 --start-offset 1200"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        MutationGate gate = GateAttempts.open(session, inv, "transactions-abort");
        PartitionSpec.Parsed parsed = PartitionSpec.parse(inv.get(PARTITION));
        if (parsed.spec() == null) {
            throw gate.invalid("'" + inv.get(PARTITION) + "' is not a partition (topic-N)");
        }
        long start;
        try {
            start = Long.parseLong(inv.get(START_OFFSET).strip());
        } catch (NumberFormatException e) {
            throw gate.invalid("--start-offset " + inv.get(START_OFFSET) + ": not a whole number");
        }
        AbortWorkflow.Result result = new AbortWorkflow(session.requireGateway()).run(gate, parsed.spec(), start,
                plan -> {
                    PrintWriter to = inv.output().json() ? inv.output().err() : inv.output().out();
                    to.print(ClientTables.abortPlan(plan));
                    to.flush();
                });
        inv.emit(result, () -> ClientTables.abortResult(result));
        return result.failure() == null ? ExitCode.OK : ExitCode.ACTION_FAILED;
    }
}
