package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.EntityConfigs;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ConfigTables;
import dev.kshell.rules.configs.ConfigKeys;
import dev.kshell.workflow.configs.ConfigsWorkflow;

import java.util.List;

/**
 * {@code configs topic T | configs broker N | configs brokers}: one class, one command per kind of entity (the
 * assembly makes one per {@link ConfigEntity.Kind}). Every config with its value and where it comes from, the
 * incident's keys first, secrets masked, read-only ones marked; {@code --all} adds Kafka's own defaults.
 */
public class ConfigsShowCommand extends KshellCommand {

    static final Opt<Boolean> ALL = Opt.flag("all", "every config, Kafka's own defaults too");

    private final ConfigEntity.Kind kind;
    private final Arg<String> topic;
    private final Arg<Integer> broker;
    private final ConfigsWorkflow workflow;

    public ConfigsShowCommand(ShellSession session, ConfigEntity.Kind kind) {
        this(session, kind, Arg.of("topic", ArgKind.TOPIC, "the topic"),
                Arg.nodeId("broker", ArgKind.LIVE_BROKER_ID, "the broker's id"));
    }

    private ConfigsShowCommand(ShellSession session, ConfigEntity.Kind kind, Arg<String> topic, Arg<Integer> broker) {
        super(spec(kind, topic, broker));
        this.kind = kind;
        this.topic = topic;
        this.broker = broker;
        this.workflow = new ConfigsWorkflow(session);
    }

    private static CommandSpec spec(ConfigEntity.Kind kind, Arg<String> topic, Arg<Integer> broker) {
        CommandSpec spec = CommandSpec.named("configs " + kind.word()).group(Group.STATE).description(switch (kind) {
            case TOPIC -> "A topic's configs with their values and sources (topic, broker, default, server.properties)";
            case BROKER -> "A broker's configs with their sources; read-only ones need server.properties and a restart";
            case BROKERS -> "The cluster-wide broker default (what `configs set brokers` sets)";
        }).options(ALL).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE);
        return switch (kind) {
            case TOPIC -> spec.arguments(topic).examples("configs topic orders", "configs topic orders --output json",
                    "configs topic orders --all");
            case BROKER -> spec.arguments(broker).examples("configs broker 4", "configs broker 4 --all");
            case BROKERS -> spec.examples("configs brokers");
        };
    }

    /** The entity a configs command names: its topic or broker argument, or the cluster-wide default. */
    static ConfigEntity entity(Invocation inv, ConfigEntity.Kind kind, Arg<String> topic, Arg<Integer> broker) {
        return switch (kind) {
            case TOPIC -> ConfigEntity.topic(inv.get(topic));
            case BROKER -> ConfigEntity.broker(inv.get(broker));
            case BROKERS -> ConfigEntity.brokers();
        };
    }

    /**
     * Every configs command, once ({@code app.Assembly} and the tests make the same family): show, set and delete
     * per kind of entity, then temporary, revert and keep.
     */
    public static List<KshellCommand> family(ShellSession session) {
        List<KshellCommand> out = new java.util.ArrayList<>();
        for (ConfigEntity.Kind kind : ConfigEntity.Kind.values()) {
            out.add(new ConfigsShowCommand(session, kind));
            out.add(new ConfigsChangeCommand(session, true, kind));
            out.add(new ConfigsChangeCommand(session, false, kind));
        }
        for (ConfigsTemporaryCommand.Kind kind : ConfigsTemporaryCommand.Kind.values()) {
            out.add(new ConfigsTemporaryCommand(session, kind));
        }
        return out;
    }

    /** {@code --output json}: the entity, the configs shown (secrets masked) and a note. */
    public record View(String clusterId, String entity, List<EntityConfigs.Entry> configs, String note) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ConfigEntity entity = entity(inv, kind, topic, broker);
        ConfigsWorkflow.Shown shown = workflow.show(entity);
        boolean all = inv.get(ALL);
        List<EntityConfigs.Entry> entries = ConfigKeys.ordered(shown.configs(), all).stream()
                .map(e -> ConfigKeys.secret(e.name(), e) ? new EntityConfigs.Entry(e.name(), ConfigKeys.MASK,
                        e.source(), e.readOnly(), true, null, e.belowSource()) : e).toList();
        View view = new View(shown.clusterId(), entity.words(), entries, shown.note());
        inv.emit(view, () -> ConfigTables.entries(shown.configs(), all, shown.note(), inv.output().width(),
                inv.output().color()));
        return ExitCode.OK;
    }
}
