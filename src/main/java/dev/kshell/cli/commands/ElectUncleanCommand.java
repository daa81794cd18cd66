package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.election.ElectionAction;
import dev.kshell.model.ExitCode;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/**
 * {@code elect unclean}: elect an out-of-sync live replica of a partition that cannot recover cleanly, keeping the
 * largest live log unless {@code --keep-order}. Refused unless the operator types the confirmation.
 */
@Component
public class ElectUncleanCommand extends KshellCommand {

    static final String USAGE = "elect unclean PARTITION... [--dry-run] [--keep-order]";

    private final ShellSession session;

    public ElectUncleanCommand(ShellSession session) {
        super("elect unclean", "Action",
                "Elect an out-of-sync replica of a leaderless partition (loses data; typed confirmation)", USAGE);
        this.session = session;
        options(flag("dry-run", "print the plan (with the data at risk) and stop"),
                flag("keep-order", "do not reorder the replicas: Kafka's pick (first live replica) leads"),
                flag("yes", "never enough on its own: only a runbook with `allow unclean` run with --yes skips the typed confirmation"));
        arguments(argument("partition", ArgKind.UNCLEAN_PARTITION, "a leaderless partition, e.g. orders-0").many()
                .whenMissing("name at least one partition"));
        examples("elect unclean orders-0 --dry-run", "elect unclean orders-0", "elect unclean orders-0 orders-3 --keep-order");
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
        return ElectConversation.run(session, inv, ElectionAction.UNCLEAN, null,
                (service, attempt) -> service.unclean(attempt, inv.arguments(), USAGE, inv.flag("keep-order")));
    }
}
