package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code topics}: every topic with partition count, RF, min ISR and how many partitions are sick. */
@Component
public class TopicsCommand extends KshellCommand {

    private final ShellSession session;

    public TopicsCommand(ShellSession session) {
        super("topics", "State", "Topics with partitions, replication factor, min ISR, leaderless and under-replicated counts",
                "topics [--pattern REGEX] [--no-internal]");
        this.session = session;
        options(option("pattern", "only topics whose name matches this regular expression"),
                flag("no-internal", "leave out Kafka's internal topics"));
        examples("topics", "topics --pattern 'orders.*'", "topics --output json");
        arguments();
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        Pattern pattern = compile(inv.option("pattern"));
        ClusterSnapshot snapshot = session.requireGateway().read(dev.kshell.model.SnapshotRequest.partitions().withConfigs(true));
        session.remember(snapshot);
        if (snapshot.skippedTopicsNote() != null) {
            inv.note(snapshot.skippedTopicsNote());
        }
        List<StateViews.TopicSummary> topics = StateViews.topics(snapshot).stream()
                .filter(t -> pattern == null || pattern.matcher(t.name()).matches())
                .filter(t -> !(inv.flag("no-internal") && t.internal()))
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
