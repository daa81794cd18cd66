package dev.kshell.cli.commands;

import dev.kshell.rules.PartitionCheck;
import dev.kshell.connection.ShellSession;

/** {@code at-min-isr}: see {@link PartitionCheckCommand} and {@link PartitionCheck#AT_MIN_ISR}. */
public class AtMinIsrCommand extends PartitionCheckCommand {

    public AtMinIsrCommand(ShellSession session) {
        super(session, PartitionCheck.AT_MIN_ISR,
                "Partitions with exactly min.insync.replicas in-sync replicas (one more loss blocks acks=all writes)");
    }
}
