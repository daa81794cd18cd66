package dev.kshell.cli.commands;

import dev.kshell.rules.PartitionCheck;
import dev.kshell.connection.ShellSession;

/** {@code under-replicated}: see {@link PartitionCheckCommand} and {@link PartitionCheck#UNDER_REPLICATED}. */
public class UnderReplicatedCommand extends PartitionCheckCommand {

    public UnderReplicatedCommand(ShellSession session) {
        super(session, PartitionCheck.UNDER_REPLICATED,
                "Partitions with fewer in-sync replicas than assigned replicas");
    }
}
