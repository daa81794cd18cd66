package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ClientTables;
import dev.kshell.rules.clients.ResetPlanner;
import dev.kshell.workflow.clients.ResetOffsetsWorkflow;
import dev.kshell.workflow.gate.MutationGate;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * {@code groups reset-offsets GROUP}: new committed offsets for a group without members, chosen as
 * {@code kafka-consumer-groups.sh --reset-offsets} chooses them, planned per partition (old, new, records skipped or
 * read again), through the gate: skipping unread records needs the typed phrase, re-reading is y/N.
 */
public class GroupsResetOffsetsCommand extends KshellCommand {

    static final Arg<String> GROUP = Arg.of("group", ArgKind.GROUP, "the group (without active members)");
    static final Opt<Boolean> TO_EARLIEST = Opt.flag("to-earliest", "to each partition's log start");
    static final Opt<Boolean> TO_LATEST = Opt.flag("to-latest", "to each partition's log end (skips what is unread)");
    static final Opt<String> TO_DATETIME = Opt.text("to-datetime",
            "to the first record at or after this time (ISO-8601; UTC when no zone is given)").hint("TIME");
    static final Opt<String> TO_OFFSET = Opt.text("to-offset", "to this offset (clamped to the log)").hint("N");
    static final Opt<String> SHIFT_BY = Opt.text("shift-by", "by N records from the committed offset (negative: "
            + "back)").hint("N");
    static final Opt<String> TOPIC = Opt.text("topic", "this topic's partitions (all, or T:0,2); "
            + "repeatable").hint("T[:P,...]").repeatable();
    static final Opt<Boolean> ALL_TOPICS = Opt.flag("all-topics", "every partition the group has committed");
    static final Opt<String> EXPORT = Opt.text("export", ArgKind.FILE,
            "also write the plan as kafka-consumer-groups.sh --reset-offsets --from-file reads it").hint("FILE");

    private final ShellSession session;

    public GroupsResetOffsetsCommand(ShellSession session) {
        super(CommandSpec.named("groups reset-offsets").group(Group.ACTION)
                .description("New committed offsets for a group without members: plan, confirmation, audit")
                .options(TO_EARLIEST, TO_LATEST, TO_DATETIME, TO_OFFSET, SHIFT_BY, TOPIC, ALL_TOPICS, EXPORT,
                        GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(GROUP)
                .exactlyOneOf(TO_EARLIEST, TO_LATEST, TO_DATETIME, TO_OFFSET, SHIFT_BY).exactlyOneOf(TOPIC, ALL_TOPICS)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("groups reset-offsets billing --to-earliest --all-topics --dry-run",
                        "groups reset-offsets billing --to-datetime 2026-12-05T03:00:00Z --topic orders",
                        "groups reset-offsets billing --shift-by -100 --topic orders:0,1 --export reset.csv"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        MutationGate gate = GateAttempts.open(session, inv, "groups-reset-offsets");
        ResetPlanner.Spec spec = spec(gate, inv);
        ResetOffsetsWorkflow.Request req = new ResetOffsetsWorkflow.Request(inv.get(GROUP), spec, inv.all(TOPIC),
                inv.get(ALL_TOPICS), inv.get(EXPORT) == null ? null : Path.of(inv.get(EXPORT)));
        ResetOffsetsWorkflow.Result result = new ResetOffsetsWorkflow(session.requireGateway()).run(gate, req, plan -> {
            // with --output json stdout stays one JSON document: the plan a person confirms goes to stderr
            PrintWriter to = inv.output().json() ? inv.output().err() : inv.output().out();
            to.print(ClientTables.resetPlan(plan, inv.output().width(), inv.output().color()));
            to.flush();
        });
        inv.emit(result, () -> ClientTables.resetResult(result));
        return result.failed().isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED;
    }

    private static ResetPlanner.Spec spec(MutationGate gate, Invocation inv) {
        if (inv.get(TO_EARLIEST)) {
            return new ResetPlanner.Spec(ResetPlanner.To.EARLIEST, null, "to-earliest");
        }
        if (inv.get(TO_LATEST)) {
            return new ResetPlanner.Spec(ResetPlanner.To.LATEST, null, "to-latest");
        }
        if (inv.get(TO_DATETIME) != null) {
            return new ResetPlanner.Spec(ResetPlanner.To.DATETIME, time(gate, inv.get(TO_DATETIME)),
                    "to-datetime " + inv.get(TO_DATETIME));
        }
        if (inv.get(TO_OFFSET) != null) {
            long n = number(gate, "--to-offset", inv.get(TO_OFFSET));
            if (n < 0) {
                throw gate.invalid("--to-offset " + n + ": an offset is 0 or more");
            }
            return new ResetPlanner.Spec(ResetPlanner.To.OFFSET, n, "to-offset " + n);
        }
        long n = number(gate, "--shift-by", inv.get(SHIFT_BY));
        return new ResetPlanner.Spec(ResetPlanner.To.SHIFT, n, "shift-by " + n);
    }

    private static long number(MutationGate gate, String option, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw gate.invalid(option + " " + text + ": not a whole number");
        }
    }

    private static long time(MutationGate gate, String text) {
        try {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeParseException withoutZone) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC).toEpochMilli();
            } catch (DateTimeParseException e) {
                try {
                    return Instant.parse(text).toEpochMilli();
                } catch (DateTimeParseException again) {
                    throw gate.invalid("--to-datetime " + text + ": not a time (e.g. 2026-12-05T03:00:00Z)");
                }
            }
        }
    }
}
