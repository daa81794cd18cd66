package dev.kshell.cli.commands;

import dev.kshell.rules.PartitionCheck;
import dev.kshell.connection.ShellSession;

/** {@code leaderless}: see {@link PartitionCheckCommand} and {@link PartitionCheck#LEADERLESS}. */
public class LeaderlessCommand extends PartitionCheckCommand {

    public LeaderlessCommand(ShellSession session) {
        super(session, PartitionCheck.LEADERLESS,
                "Partitions with no leader or a leader that is not a live broker, with how each can recover");
    }
}
