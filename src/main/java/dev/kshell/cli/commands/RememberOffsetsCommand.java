package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.OffsetsAtRisk;
import dev.kshell.workflow.offsets.RememberOffsetsService;
import dev.kshell.connection.ShellSession;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * {@code remember offsets}: records high watermarks now, so that a later {@code elect unclean} can count what it
 * loses. Default: the partitions at risk; {@code --topic T} (repeatable) every led partition of T; {@code --all}
 * every led partition. Exit 0 all remembered (or nothing at risk), 1 some not answered within the deadline, 4 none.
 */
public class RememberOffsetsCommand extends KshellCommand {

    static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(10);

    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.TOPIC, "every led partition of this topic (repeatable)")
            .repeatable();
    static final Opt<Boolean> ALL = Opt.flag("all",
            "every partition with a live leader (batches of 1,000; at 100,000 partitions give a longer --deadline)");
    static final Opt<Duration> DEADLINE = Opt.duration("deadline",
            "stop listing after this long, keeping what answered (default 10s)").orElse(DEFAULT_DEADLINE);

    private final ShellSession session;

    public RememberOffsetsCommand(ShellSession session) {
        super(CommandSpec.named("remember offsets").group(Group.AUTOMATION)
                .description("Remember high watermarks now (for elect unclean's loss figure): the partitions at risk, "
                        + "or named topics, or all")
                .options(TOPIC, ALL, DEADLINE).atMostOneOf(ALL, TOPIC)
                .traits(Trait.NEEDS_CONNECTION)
                .examples("remember offsets", "remember offsets --topic orders --topic payments",
                        "remember offsets --all --deadline 5m",
                        "kshell --bootstrap-server b1:9092 remember offsets   # from cron, every minute"));
        this.session = session;
    }

    /** What {@code --output json} prints. */
    public record RememberedView(String scope, String clusterId, String outcome, int asked, int answered,
                                 String rememberedAt, long tookMs, Map<String, Integer> atRisk, int leaderlessSkipped,
                                 String note) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        // the grammar has checked that --all and --topic are not both given
        List<String> topics = inv.all(TOPIC);
        boolean all = inv.get(ALL);
        Duration deadline = inv.get(DEADLINE);
        RememberOffsetsService.Scope scope = all ? RememberOffsetsService.Scope.ALL
                : topics.isEmpty() ? RememberOffsetsService.Scope.AT_RISK : RememberOffsetsService.Scope.TOPICS;
        RememberOffsetsService.Result result = RememberOffsetsService.atDefaultDir()
                .remember(session, scope, topics, deadline);
        RememberedView view = view(result);
        inv.emit(view, () -> text(view));
        return switch (result.recording().outcome()) {
            case RECORDED, NOTHING_TO_RECORD -> ExitCode.OK;
            case PARTIAL, BUSY, NOT_DUE -> ExitCode.FINDINGS;
            case FAILED -> ExitCode.UNREACHABLE;
        };
    }

    static RememberedView view(RememberOffsetsService.Result r) {
        OffsetMemory.Recording rec = r.recording();
        Map<String, Integer> atRisk = new LinkedHashMap<>();
        r.atRisk().forEach((reason, n) -> atRisk.put(label(reason), n));
        return new RememberedView(r.scope().name().toLowerCase(Locale.ROOT).replace('_', '-'), r.clusterId(),
                rec.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'), rec.asked(), rec.answered(),
                rec.at() == null ? null : rec.at().toString(), rec.took().toMillis(), atRisk, r.leaderless(), rec.note());
    }

    static String label(OffsetsAtRisk.Reason reason) {
        return switch (reason) {
            case ONE_FROM_LEADERLESS -> "one replica from leaderless";
            case AT_OR_UNDER_MIN_ISR -> "at or under min ISR";
            case UNDER_REPLICATED -> "under-replicated";
        };
    }

    static String text(RememberedView v) {
        StringBuilder out = new StringBuilder();
        String what = switch (v.scope()) {
            case "at-risk" -> "partitions at risk";
            case "topics" -> "led partitions of the named topics";
            default -> "partitions with a live leader";
        };
        if (v.asked() == 0) {
            out.append("no ").append(what).append(v.scope().equals("at-risk")
                    ? " (every partition with more than one replica is fully in sync, above min ISR): nothing to remember"
                    : ": nothing to remember").append('\n');
        } else {
            out.append("remembered the high watermarks of ").append(v.answered()).append(" of ").append(v.asked())
                    .append(' ').append(what);
            if (!v.atRisk().isEmpty()) {
                List<String> parts = v.atRisk().entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList();
                out.append(" (").append(String.join(", ", parts)).append(')');
            }
            out.append(" at ").append(v.rememberedAt()).append(" in ").append(v.tookMs()).append(" ms\n");
        }
        if (v.leaderlessSkipped() > 0) {
            out.append("left out: ").append(v.leaderlessSkipped())
                    .append(" partitions with no live leader (listOffsets cannot answer for them)\n");
        }
        if (v.note() != null) {
            out.append("note: ").append(v.note()).append('\n');
        }
        return out.toString();
    }
}
