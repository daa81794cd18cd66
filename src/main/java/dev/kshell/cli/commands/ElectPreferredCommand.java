package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.ArgKind;
import dev.kshell.election.ElectionAction;
import dev.kshell.election.ElectionService;
import dev.kshell.model.ExitCode;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code elect preferred}: move leadership back to each partition's preferred replica, behind the guard. */
@Component
public class ElectPreferredCommand extends KshellCommand {

    static final String USAGE = "elect preferred [--all | --topic T | PARTITION...] [--dry-run] [--yes]";

    private final ShellSession session;

    public ElectPreferredCommand(ShellSession session) {
        super("elect preferred", "Action", "Elect each partition's preferred replica (plan, confirm, audit, verify)",
                USAGE);
        this.session = session;
        options(flag("all", "every partition whose leader is not its preferred replica"),
                option("topic", ArgKind.OFF_PREFERRED_TOPIC, "the partitions of this topic"),
                flag("dry-run", "print the plan and stop"),
                flag("yes", "do not ask for y/N confirmation"));
        arguments(argument("partition", ArgKind.OFF_PREFERRED_PARTITION, "a partition to elect, e.g. orders-3").optional().many());
        examples("elect preferred --all --dry-run", "elect preferred --topic orders", "elect preferred orders-0 orders-3 --yes");
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
        boolean all = inv.flag("all");
        String topic = inv.option("topic");
        List<String> args = inv.arguments();
        int ways = (all ? 1 : 0) + (topic != null ? 1 : 0) + (args.isEmpty() ? 0 : 1);
        String invalid = ways == 1 ? null
                : "elect preferred: give exactly one of --all, --topic T, or partitions (usage: " + USAGE + ")";
        ElectionService.PreferredTarget target = all ? new ElectionService.PreferredTarget.All()
                : topic != null ? new ElectionService.PreferredTarget.Topic(topic)
                : new ElectionService.PreferredTarget.Partitions(args, USAGE);
        return ElectConversation.run(session, inv, ElectionAction.PREFERRED, invalid,
                (service, attempt) -> service.preferred(attempt, target));
    }
}
