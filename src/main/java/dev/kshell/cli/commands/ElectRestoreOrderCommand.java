package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.election.ElectionAction;
import dev.kshell.model.ExitCode;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/**
 * {@code elect restore-order}: put back the replica order kshell changed before an unclean election, once the
 * partition is healthy (a same-set reassignment: no data moves).
 */
@Component
public class ElectRestoreOrderCommand extends KshellCommand {

    static final String USAGE = "elect restore-order PARTITION... [--dry-run] [--yes]";

    private final ShellSession session;

    public ElectRestoreOrderCommand(ShellSession session) {
        super("elect restore-order", "Action",
                "Restore the replica order kshell changed for an unclean election (once the partition is healthy)", USAGE);
        this.session = session;
        options(flag("dry-run", "print the plan and stop"), flag("yes", "do not ask for y/N confirmation"));
        arguments(argument("partition", ArgKind.REORDERED_PARTITION, "a partition kshell reordered, e.g. orders-0").many()
                .whenMissing("name at least one partition"));
        examples("elect restore-order orders-0 --dry-run", "elect restore-order orders-0 --yes");
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public boolean mutating() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        return ElectConversation.run(session, inv, ElectionAction.RESTORE_ORDER, null,
                (service, attempt) -> service.restoreOrder(attempt, inv.arguments(), USAGE));
    }
}
