package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ClientTables;
import dev.kshell.rules.clients.GroupsReport;
import dev.kshell.workflow.clients.ClientsService;

/**
 * {@code groups}: every group of every type the cluster serves, with its state, members, coordinator (and its
 * partition's health), total lag and this session's lag trend ({@link ClientsService}). Exit 1 when a group has a
 * partition out of range or a sick coordinator partition.
 */
public class GroupsCommand extends ClientsCommand {

    public GroupsCommand(ShellSession session) {
        super(CommandSpec.named("groups").group(Group.STATE)
                .description("Every group (classic, consumer, share, streams): state, members, coordinator, lag and "
                        + "its trend")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("groups", "watch --interval 5s groups", "groups --output json"), session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        GroupsReport report = service.groups();
        inv.emit(report, () -> ClientTables.groups(report, inv.output().width(), inv.output().color()));
        return report.hurt() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
