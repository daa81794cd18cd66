package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ClientTables;
import dev.kshell.rules.clients.GroupReport;
import dev.kshell.workflow.clients.ClientsService;

/**
 * {@code group GROUP}: members (and who is still reconciling), and per partition the committed offset, the log's
 * start and end, lag in records and in time, out of range with what the consumer will do next, and the open
 * transaction holding read_committed readers. Exit 1 when a partition is out of range, a holder hangs or the
 * coordinator partition is sick; 2 when the cluster knows no such group.
 */
public class GroupCommand extends ClientsCommand {

    static final Arg<String> GROUP = Arg.of("group", ArgKind.GROUP, "the group id");

    public GroupCommand(ShellSession session) {
        super(CommandSpec.named("group").group(Group.STATE)
                .description("One group: members, per partition lag, log range, out of range, open transactions")
                .arguments(GROUP).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("group billing", "group billing --output json"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        GroupReport report = service.group(inv.get(GROUP));
        inv.emit(report, () -> ClientTables.group(report, inv.output().width(), inv.output().color()));
        boolean hurt = ClientsService.outOfRange(report) > 0 || report.group().coordinatorProblem() != null
                || report.holders().stream().anyMatch(h -> h.transaction().hanging());
        return hurt ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
