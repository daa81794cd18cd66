package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.render.ReplicationTables;
import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.TopicFilter;
import dev.kshell.workflow.check.UnderReplicatedService;

/**
 * {@code under-replicated}: the partition check of {@link PartitionCheckCommand} and {@link PartitionCheck#UNDER_REPLICATED},
 * then every replica out of the ISR grouped by its cause, with the evidence and the next command.
 */
public class UnderReplicatedCommand extends PartitionCheckCommand {

    private final UnderReplicatedService service;

    public UnderReplicatedCommand(ShellSession session) {
        super(session, PartitionCheck.UNDER_REPLICATED,
                "Partitions with fewer in-sync replicas than assigned replicas, each replica with its cause");
        this.service = new UnderReplicatedService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        TopicFilter filter = TopicFilter.of(inv.get(TOPIC), inv.get(PATTERN));
        UnderReplicatedService.Explained explained = service.check(filter);
        if (explained.checked().skipped() != null) {
            inv.note(explained.checked().skipped());
        }
        var report = explained.checked().report();
        inv.emitStreamed(explained.view(), out -> {
            DiagnosisTables.writePartitions(out, report, filter, inv.output().width(), inv.output().color(),
                    explained.checked().elrMissing());
            ReplicationTables.writeCauses(out, explained.view().causes(), inv.output().width(), inv.output().color());
        });
        return report.exitCode();
    }
}
