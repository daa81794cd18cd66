package dev.kshell.workflow.check;

import dev.kshell.connection.ShellSession;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.TopicFilter;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.workflow.logdirs.ReplicationReads;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code under-replicated}: the partition check ({@link PartitionCheckService}), then why each replica is out of
 * the ISR ({@link ReplicationReads}: reassignments, throttles, log directories, what this session saw before).
 */
public final class UnderReplicatedService {

    private final ShellSession session;
    private final PartitionCheckService check;

    public UnderReplicatedService(ShellSession session) {
        this.session = session;
        this.check = new PartitionCheckService(session);
    }

    /** The check's answer and the model to emit. */
    public record Explained(PartitionCheckService.Checked checked, UnderReplicatedView view) {
    }

    public Explained check(TopicFilter filter) {
        PartitionCheckService.Checked checked = check.check(PartitionCheck.UNDER_REPLICATED, filter);
        List<PartitionState> all = new ArrayList<>();
        for (TopicState t : PartitionHealth.select(checked.snapshot(), filter)) {
            all.addAll(t.partitions());
        }
        List<PartitionState> sick = all.stream().filter(p -> p.isr().size() < p.replicas().size()).toList();
        // nothing sick: no further read (a healthy cluster costs what it cost before), only "since" forgotten
        CauseReport causes = sick.isEmpty() ? ReplicationReads.forgetInSync(checked.snapshot(), all,
                session.logDirHistory())
                : ReplicationReads.judge(session.requireGateway(), checked.snapshot(), all, sick,
                session.logDirHistory(), session.connectedToSandbox()).causes();
        return new Explained(checked, new UnderReplicatedView(checked.report(), causes));
    }
}
