package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.workflow.check.ClusterStateService;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.connection.ShellSession;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code topics}: every topic with partition count, RF, min ISR and how many partitions are sick. */
public class TopicsCommand extends KshellCommand {

    static final Opt<String> PATTERN = Opt.text("pattern", "only topics whose name matches this regular expression")
            .hint("REGEX");
    static final Opt<Boolean> NO_INTERNAL = Opt.flag("no-internal", "leave out Kafka's internal topics");

    private final ClusterStateService service;

    public TopicsCommand(ShellSession session) {
        super(CommandSpec.named("topics").group(Group.STATE)
                .description("Topics with partitions, replication factor, min ISR, leaderless and under-replicated counts")
                .options(PATTERN, NO_INTERNAL).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("topics", "topics --pattern 'orders.*'", "topics --output json"));
        this.service = new ClusterStateService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        Pattern pattern = compile(inv.get(PATTERN));
        boolean noInternal = inv.get(NO_INTERNAL);
        ClusterSnapshot snapshot = service.topics();
        if (snapshot.skippedTopicsNote() != null) {
            inv.note(snapshot.skippedTopicsNote());
        }
        List<StateViews.TopicSummary> topics = StateViews.topics(snapshot).stream()
                .filter(t -> pattern == null || pattern.matcher(t.name()).matches())
                .filter(t -> !(noInternal && t.internal()))
                .toList();
        inv.emitStreamed(topics, out -> StateTables.writeTopics(out, topics, inv.output().width(), inv.output().color()));
        return ExitCode.OK;
    }

    static Pattern compile(String regex) {
        if (regex == null) {
            return null;
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new UsageException("--pattern is not a valid regular expression: " + e.getDescription() + " in '" + regex + "'");
        }
    }
}
