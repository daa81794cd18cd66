package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.TopicState;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.session.ShellSession;
import dev.kshell.util.Suggest;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code describe TOPIC}: each partition's leader, replicas with live/dead marks, ISR, ELR and last-known ELR. */
@Component
public class DescribeCommand extends KshellCommand {

    static final Arg<String> TOPIC = Arg.of("topic", ArgKind.TOPIC, "the topic to describe");

    private final ShellSession session;

    public DescribeCommand(ShellSession session) {
        super(CommandSpec.named("describe").group(Group.STATE)
                .description("One topic's partitions: leader, replicas (live/dead), ISR, ELR, last-known ELR")
                .arguments(TOPIC).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("describe orders", "describe __consumer_offsets --output json"));
        this.session = session;
    }

    /** The sentence for a cluster without eligible leader replicas (Kafka 3.9, ZooKeeper mode), or null. */
    static String elrMissing(ClusterSnapshot snapshot) {
        dev.kshell.model.ClusterCapabilities caps = snapshot.capabilities();
        dev.kshell.model.ClusterCapabilities.Feature elr = dev.kshell.model.ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS;
        return caps.has(elr) ? null : caps.missing(elr);
    }

    @Override
    public ExitCode run(Invocation inv) {
        String topic = inv.get(TOPIC);
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
