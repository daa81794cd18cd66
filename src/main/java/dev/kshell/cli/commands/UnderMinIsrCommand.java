package dev.kshell.cli.commands;

import dev.kshell.rules.PartitionCheck;
import dev.kshell.connection.ShellSession;

/** {@code under-min-isr}: see {@link PartitionCheckCommand} and {@link PartitionCheck#UNDER_MIN_ISR}. */
public class UnderMinIsrCommand extends PartitionCheckCommand {

    public UnderMinIsrCommand(ShellSession session) {
        super(session, PartitionCheck.UNDER_MIN_ISR,
                "Partitions with no leader or fewer in-sync replicas than min.insync.replicas (acks=all writes fail)");
    }
}
