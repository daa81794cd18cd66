package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.Secrets;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.memory.StateStoreException;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ExitCode;
import dev.kshell.model.TemporaryChange;
import dev.kshell.render.ConfigTables;
import dev.kshell.rules.configs.ConfigArgs;
import dev.kshell.rules.configs.ConfigChangePlan;
import dev.kshell.util.OsIdentity;
import dev.kshell.workflow.configs.ConfigsWorkflow;
import dev.kshell.workflow.gate.MutationGate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code configs set ENTITY key=value...} and {@code configs delete ENTITY key...}: one class, one command per verb
 * and kind of entity (the assembly makes six). Kafka validates first, then the plan (before and after, what it
 * means), the gate (y/N or --yes; the typed phrase where acknowledged records can be lost), the audit lines, the
 * change, what Kafka reports afterwards and the command that undoes it. {@code --for DURATION} remembers the change
 * as temporary: kshell reminds of it once its time has passed (docs/configs.md).
 */
public class ConfigsChangeCommand extends KshellCommand {

    static final Opt<Duration> FOR = Opt.duration("for", "temporary: kshell reminds (prompt, status, triage) to "
            + "revert it after this long").check(d -> !d.isZero() && !d.isNegative(), "--for takes a positive duration");

    private final ShellSession session;
    private final boolean set;
    private final ConfigEntity.Kind kind;
    private final Arg<String> topic;
    private final Arg<Integer> broker;
    private final Arg<List<String>> words;
    private final ConfigsWorkflow workflow;
    private final Clock clock;

    public ConfigsChangeCommand(ShellSession session, boolean set, ConfigEntity.Kind kind) {
        this(session, set, kind, Clock.systemUTC());
    }

    /** With a clock of its own (tests: a temporary change that is due at once). */
    public ConfigsChangeCommand(ShellSession session, boolean set, ConfigEntity.Kind kind, Clock clock) {
        this(session, set, kind, clock, Arg.of("topic", ArgKind.TOPIC, "the topic"),
                Arg.nodeId("broker", ArgKind.LIVE_BROKER_ID, "the broker's id"), words(set, kind));
    }

    private ConfigsChangeCommand(ShellSession session, boolean set, ConfigEntity.Kind kind, Clock clock,
                                 Arg<String> topic, Arg<Integer> broker, Arg<List<String>> words) {
        super(spec(set, kind, topic, broker, words));
        this.session = session;
        this.set = set;
        this.kind = kind;
        this.topic = topic;
        this.broker = broker;
        this.words = words;
        this.workflow = new ConfigsWorkflow(session);
        this.clock = clock;
    }

    private static Arg<List<String>> words(boolean set, ConfigEntity.Kind kind) {
        boolean topic = kind == ConfigEntity.Kind.TOPIC;
        return set ? Arg.many("key=value", topic ? ArgKind.TOPIC_CONFIG_SETTING : ArgKind.BROKER_CONFIG_SETTING,
                "the settings, key=value").whenMissing("give at least one key=value")
                : Arg.many("key", topic ? ArgKind.TOPIC_CONFIG_KEY : ArgKind.BROKER_CONFIG_KEY,
                "the keys to remove (the next level's value then applies)").whenMissing("give at least one key");
    }

    private static CommandSpec spec(boolean set, ConfigEntity.Kind kind, Arg<String> topic, Arg<Integer> broker,
                                    Arg<List<String>> words) {
        String verb = set ? "set" : "delete";
        String on = switch (kind) {
            case TOPIC -> "a topic";
            case BROKER -> "one broker";
            case BROKERS -> "the cluster-wide broker default";
        };
        CommandSpec spec = CommandSpec.named("configs " + verb + " " + kind.word()).group(Group.ACTION)
                .description((set ? "Set configs of " : "Remove configs from ") + on + ": Kafka validates, the plan "
                        + "shows before and after, then the gate; --for makes it temporary")
                .options(FOR, GlobalOptions.DRY_RUN, GlobalOptions.YES)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING);
        return switch (kind) {
            case TOPIC -> spec.arguments(topic, words).examples(set
                    ? new String[]{"configs set topic orders retention.ms=3600000", "configs set topic orders "
                    + "min.insync.replicas=1 --for 1h --dry-run", "configs set topic orders retention.ms=7200000 --for 30m"}
                    : new String[]{"configs delete topic orders retention.ms", "configs delete topic orders "
                    + "min.insync.replicas --dry-run"});
            case BROKER -> spec.arguments(broker, words).examples(set
                    ? new String[]{"configs set broker 4 follower.replication.throttled.rate=10485760",
                    "configs set broker 4 log.cleaner.threads=2 --dry-run"}
                    : new String[]{"configs delete broker 4 follower.replication.throttled.rate"});
            case BROKERS -> spec.arguments(words).examples(set
                    ? new String[]{"configs set brokers min.insync.replicas=2", "configs set brokers "
                    + "unclean.leader.election.enable=false --dry-run"}
                    : new String[]{"configs delete brokers unclean.leader.election.enable"});
        };
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ConfigEntity entity = ConfigsShowCommand.entity(inv, kind, topic, broker);
        String verb = set ? "set" : "delete";
        MutationGate gate = GateAttempts.open(session, inv, "configs-" + verb);
        ConfigArgs.Parsed parsed = set ? ConfigArgs.settings(inv.get(words)) : ConfigArgs.deletions(inv.get(words));
        if (parsed.error() != null) {
            throw gate.invalid("configs " + verb + " " + entity.words() + ": " + parsed.error());
        }
        Duration temporary = inv.get(FOR);
        ConfigsWorkflow.Planned planned = gate.plan(() -> workflow.plan(entity, parsed.ops()));
        if (temporary != null && planned.plan().undoProblem() != null) {
            throw gate.invalid("--for needs a complete undo, and " + planned.plan().undoProblem());
        }
        int changing = planned.plan().changedKeys().size();
        ConfigsConversation.Applied applied = ConfigsConversation.run(gate, inv, workflow, List.of(planned), verb,
                (set ? "Set " : "Remove ") + changing + " config" + (changing == 1 ? "" : "s") + " of "
                        + entity.label() + "?");
        if (applied == null) {
            return ExitCode.OK;
        }
        TemporaryChange remembered = temporary == null ? null : remember(inv, planned, temporary);
        ConfigsConversation.emitDone(inv, applied, remembered == null ? null : remembered.id(),
                a -> ConfigTables.done(planned.plan(), a.done().get(0).after(), remembered, ZoneId.systemDefault()));
        return ExitCode.OK;
    }

    /** Remembers the change and its undo; a memory that cannot be written is said (the change stands). */
    private TemporaryChange remember(Invocation inv, ConfigsWorkflow.Planned planned, Duration temporary) {
        ConfigChangePlan plan = planned.plan();
        List<String> changed = new ArrayList<>();
        for (ConfigChangePlan.Row r : plan.rows()) {
            if (r.changes()) {
                changed.add(r.deletes() ? r.key() + " (removed)" : r.key() + "=" + r.after());
            }
        }
        Instant now = clock.instant();
        TemporaryChange change = new TemporaryChange(null, plan.entity(), changed, plan.undo(), now,
                now.plus(temporary), OsIdentity.user(), Secrets.maskText(inv.commandLine()));
        try {
            return TemporaryChanges.atHome().remember(planned.clusterId(), change);
        } catch (StateStoreException e) {
            inv.note("warning: the change is made but kshell could not remember it as temporary (" + e.getMessage()
                    + "): nothing will remind of it; undo it yourself with: "
                    + String.join(" ; ", ConfigChangePlan.commands(plan.entity(), plan.undo())));
            return null;
        }
    }
}
