package dev.kshell.workflow.check;

import dev.kshell.cluster.NodeProbe;
import dev.kshell.rules.BrokerHealth;
import java.util.Set;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.TopicFilter;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.Suggest;

import java.util.List;

/**
 * The four partition checks ({@code leaderless}, {@code under-min-isr}, {@code at-min-isr}, {@code under-replicated}):
 * read what the filter selects, run the pure rule ({@link PartitionHealth}).
 */
public final class PartitionCheckService {

    private final ShellSession session;

    public PartitionCheckService(ShellSession session) {
        this.session = session;
    }

    /**
     * @param report     the rule's report
     * @param skipped    the snapshot's note on topics it could not read, or null
     * @param elrMissing the sentence for a cluster without eligible leader replicas, or null
     * @param snapshot   what was read (the selected topics only)
     */
    public record Checked(PartitionReport report, String skipped, String elrMissing, ClusterSnapshot snapshot,
                          String silentNote) {

        public Checked(PartitionReport report, String skipped, String elrMissing, ClusterSnapshot snapshot) {
            this(report, skipped, elrMissing, snapshot, null);
        }
    }


    /** Reads and checks; an unknown or unmatched topic is an {@link InputException} naming the closest one. */
    public Checked check(PartitionCheck check, TopicFilter filter) {
        if (!filter.valid()) {
            throw new InputException(filter.error());
        }
        ClusterSnapshot snapshot = load(filter, check.needsMinIsr());
        // the rule triage uses: a registered broker that does not answer leads nothing (until the controller moves it)
        Set<Integer> silent = silent(snapshot);
        PartitionReport report = PartitionHealth.check(check, PartitionHealth.judged(snapshot, silent), filter);
        if (!report.ok()) {
            throw new InputException(report.error());
        }
        String silentNote = silent.isEmpty() ? null : "note: broker " + PartitionHealth.allIds(List.copyOf(silent))
                + " is registered but does not answer on its own endpoint: counted as down (its partitions as "
                + "leaderless) until the controller fences it";
        return new Checked(report, snapshot.skippedTopicsNote(), elrMissing(snapshot), snapshot, silentNote);
    }

    private Set<Integer> silent(ClusterSnapshot snapshot) {
        List<NodeProbe.Target> targets = TriageReads.brokerTargets(snapshot);
        if (targets.isEmpty()) {
            return Set.of();
        }
        try {
            return BrokerHealth.silent(snapshot, session.requireGateway().probe(targets));
        } catch (RuntimeException e) {
            return Set.of(); // the probe is a second opinion: without it the snapshot's word stands
        }
    }

    /** The sentence for a cluster without eligible leader replicas (Kafka 3.9, ZooKeeper mode), or null. */
    public static String elrMissing(ClusterSnapshot snapshot) {
        ClusterCapabilities caps = snapshot.capabilities();
        ClusterCapabilities.Feature elr = ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS;
        return caps.has(elr) ? null : caps.missing(elr);
    }

    /**
     * Loads what the filter selects: everything (and remembers it, for completion, the prompt and triage's epoch
     * comparison) when no filter is given; else only the named or matching topics, so that a check on one topic of
     * a 10,000-partition cluster reads one topic. What is read is declared ({@link SnapshotRequest}): brokers and
     * partitions, configs only when the check needs min.insync.replicas, never the quorum (no check looks at it).
     */
    private ClusterSnapshot load(TopicFilter filter, boolean withConfigs) {
        ClusterGateway gateway = session.requireGateway();
        SnapshotRequest reads = SnapshotRequest.partitions().withConfigs(withConfigs);
        switch (filter.mode()) {
            case ALL -> {
                ClusterSnapshot snapshot = ConsistentReads.settle(gateway.read(reads), () -> gateway.read(reads));
                session.remember(snapshot);
                return snapshot;
            }
            case TOPIC -> {
                try {
                    SnapshotRequest one = reads.forTopics(List.of(filter.value()));
                    return ConsistentReads.settle(gateway.read(one), () -> gateway.read(one));
                } catch (ClusterException e) {
                    if (e.kind() == ClusterException.Kind.NOT_FOUND) {
                        throw noSuchTopic(session, filter.value());
                    }
                    throw e;
                }
            }
            default -> {
                List<String> matching = gateway.topicNames().stream().filter(filter::matches).toList();
                if (matching.isEmpty()) {
                    throw new InputException("no topic matches --pattern " + filter.value());
                }
                SnapshotRequest some = reads.forTopics(matching);
                return ConsistentReads.settle(gateway.read(some), () -> gateway.read(some));
            }
        }
    }

    /** "no topic 'x' in this cluster (did you mean 'y'?)": from the session's last snapshot, else a topic listing. */
    static InputException noSuchTopic(ShellSession session, String topic) {
        List<String> known = session.lastSnapshot().map(s -> s.topics().stream().map(TopicState::name).toList())
                .orElse(List.of());
        if (known.isEmpty()) {
            try {
                known = session.requireGateway().topicNames();
            } catch (ClusterException e) {
                known = List.of();
            }
        }
        String hint = Suggest.closest(topic, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
        return new InputException("no topic '" + topic + "' in this cluster" + hint);
    }
}
