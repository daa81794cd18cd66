package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.util.Suggest;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import dev.kshell.model.TopicState;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code describe TOPIC}: each partition's leader, replicas with live/dead marks, ISR, ELR and last-known ELR. */
@Component
public class DescribeCommand extends KshellCommand {

    private final ShellSession session;

    public DescribeCommand(ShellSession session) {
        super("describe", "State", "One topic's partitions: leader, replicas (live/dead), ISR, ELR, last-known ELR",
                "describe TOPIC");
        this.session = session;
        examples("describe orders", "describe __consumer_offsets --output json");
        arguments(argument("topic name", ArgKind.TOPIC, "the topic to describe"));
    }

    /** The sentence for a cluster without eligible leader replicas (Kafka 3.9, ZooKeeper mode), or null. */
    static String elrMissing(ClusterSnapshot snapshot) {
        dev.kshell.model.ClusterCapabilities caps = snapshot.capabilities();
        dev.kshell.model.ClusterCapabilities.Feature elr = dev.kshell.model.ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS;
        return caps.has(elr) ? null : caps.missing(elr);
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        String topic = inv.requiredArgument("topic name");
        ClusterGateway gateway = session.requireGateway();
        ClusterSnapshot snapshot;
        try {
            snapshot = gateway.snapshot(List.of(topic), true);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.NOT_FOUND) {
                throw noSuchTopic(topic);
            }
            throw e;
        }
        TopicState state = snapshot.topic(topic).orElseThrow(() -> noSuchTopic(topic));
        StateViews.TopicView view = StateViews.describe(state, snapshot.liveBrokerIds());
        String elrMissing = elrMissing(snapshot);
        inv.emit(view, () -> StateTables.describe(view, inv.output().width(), inv.output().color(), elrMissing));
        return view.leaderless() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }

    private UsageException noSuchTopic(String topic) {
        List<String> known = session.lastSnapshot().map(s -> s.topics().stream().map(TopicState::name).toList())
                .orElse(List.of());
        String hint = dev.kshell.util.Suggest.closest(topic, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
        return new UsageException("no topic '" + topic + "' in this cluster" + hint);
    }
}
