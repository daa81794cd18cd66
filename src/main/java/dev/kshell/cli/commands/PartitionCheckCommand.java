package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.diagnosis.service.ConsistentReads;
import dev.kshell.diagnosis.PartitionCheck;
import dev.kshell.diagnosis.PartitionHealth;
import dev.kshell.diagnosis.PartitionReport;
import dev.kshell.diagnosis.TopicFilter;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.session.ShellSession;
import dev.kshell.util.Suggest;

import java.util.List;

/**
 * The four partition checks ({@code leaderless}, {@code under-min-isr}, {@code at-min-isr},
 * {@code under-replicated}) share one shape: {@code [--topic T | --pattern REGEX]}, load, run the pure rule, render.
 * Exit code: 0 nothing found, 1 findings (or topics whose min.isr could not be judged), 2 bad or unknown topic.
 */
abstract class PartitionCheckCommand extends KshellCommand {

    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.TOPIC, "only this topic (exact name)");
    static final Opt<String> PATTERN = Opt.text("pattern", "only topics whose whole name matches this regular expression")
            .hint("REGEX");

    private final ShellSession session;
    private final PartitionCheck check;

    PartitionCheckCommand(ShellSession session, PartitionCheck check, String description) {
        super(CommandSpec.named(check.label()).group(Group.DIAGNOSIS).description(description)
                .options(TOPIC, PATTERN).atMostOneOf(TOPIC, PATTERN).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples(check.label(), check.label() + " --topic orders", check.label() + " --pattern 'orders\\..*'",
                        check.label() + " --output json"));
        this.session = session;
        this.check = check;
    }

    @Override
    public ExitCode run(Invocation inv) {
        TopicFilter filter = TopicFilter.of(inv.get(TOPIC), inv.get(PATTERN));
        if (!filter.valid()) {
            throw new UsageException(filter.error());
        }
        ClusterSnapshot snapshot = load(session, filter, check.needsMinIsr());
        if (snapshot.skippedTopicsNote() != null) {
            inv.note(snapshot.skippedTopicsNote());
        }
        PartitionReport report = PartitionHealth.check(check, snapshot, filter);
        if (!report.ok()) {
            throw new UsageException(report.error());
        }
        String elrMissing = DescribeCommand.elrMissing(snapshot);
        inv.emitStreamed(report, out -> DiagnosisTables.writePartitions(out, report, filter, inv.output().width(),
                inv.output().color(), elrMissing));
        return report.exitCode();
    }

    /**
     * Loads what the filter selects: everything (and remembers it, for completion, the prompt and triage's epoch
     * comparison) when no filter is given; else only the named or matching topics, so that a check on one topic of
     * a 10,000-partition cluster reads one topic. What is read is declared ({@link SnapshotRequest}): brokers and
     * partitions, configs only when the check needs min.insync.replicas, never the quorum (no check looks at it).
     * An unknown --topic is a usage error (exit 2) naming the closest topic.
     */
    static ClusterSnapshot load(ShellSession session, TopicFilter filter, boolean withConfigs) {
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
                        throw noSuchTopic(session, gateway, filter.value());
                    }
                    throw e;
                }
            }
            default -> {
                List<String> matching = gateway.topicNames().stream().filter(filter::matches).toList();
                if (matching.isEmpty()) {
                    throw new UsageException("no topic matches --pattern " + filter.value());
                }
                SnapshotRequest some = reads.forTopics(matching);
                return ConsistentReads.settle(gateway.read(some), () -> gateway.read(some));
            }
        }
    }

    private static UsageException noSuchTopic(ShellSession session, ClusterGateway gateway, String topic) {
        List<String> known = session.lastSnapshot().map(s -> s.topics().stream().map(TopicState::name).toList())
                .orElse(List.of());
        if (known.isEmpty()) {
            try {
                known = gateway.topicNames();
            } catch (ClusterException e) {
                known = List.of();
            }
        }
        String hint = Suggest.closest(topic, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
        return new UsageException("no topic '" + topic + "' in this cluster" + hint);
    }
}
