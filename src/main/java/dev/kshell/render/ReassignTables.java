package dev.kshell.render;

import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.rules.reassign.MoveProgress;
import dev.kshell.rules.reassign.NewDiskForecast;
import dev.kshell.workflow.reassign.NewDiskReader;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.reassign.EvacuationReport;
import dev.kshell.workflow.reassign.ReassignmentsView;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.Collection;

/** Pure renderers for moving replicas: the evacuation plan, its results, the reassignments in flight. */
public final class ReassignTables {

    /** Partition rows shown in a plan before the rest is summed up (the JSON lists them all). */
    public static final int MAX_ROWS = 40;

    private ReassignTables() {
    }

    public static String plan(EvacuationPlan plan, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        out.append("Evacuate broker ").append(ids(plan.evacuated())).append(" -> live brokers ")
                .append(plan.liveTargets().isEmpty() ? "(none)" : ids(plan.liveTargets()))
                .append(plan.throttle() > 0 ? ", throttle " + ByteSizes.rate(plan.throttle()) + " per broker taking part"
                        : ", no throttle").append('\n');
        if (!plan.moves().isEmpty()) {
            Table table = Table.of("Partition", "Replicas", "New replicas", "Adding", "Removing", "Bytes");
            plan.moves().stream().limit(MAX_ROWS).forEach(m -> table.row(m.name(), list(m.current()), list(m.target()),
                    list(m.adding()), list(m.removing()), m.bytes() < 0 ? "unknown" : ByteSizes.human(m.bytes())));
            out.append(table.render(width, color));
            if (plan.moves().size() > MAX_ROWS) {
                out.append("... and ").append(plan.moves().size() - MAX_ROWS)
                        .append(" more partitions (--output json lists every one)\n");
            }
            Table topics = Table.of("Topic", "Partitions", "Bytes to copy", "Time at throttle");
            plan.topics().forEach(t -> topics.row(t.topic(), t.partitions(), ByteSizes.human(t.bytes()),
                    plan.throttle() > 0 ? seconds(t.seconds()) : "-"));
            out.append('\n').append(topics.render(width, color));
        }
        out.append("Plan: ").append(plan.moves().size()).append(" partition").append(plan.moves().size() == 1 ? "" : "s")
                .append(" to move, ").append(plan.sizesKnown() ? "" : "at least ").append(ByteSizes.human(plan.bytes()))
                .append(" to copy");
        if (plan.throttle() > 0 && plan.bytes() > 0) {
            out.append(", about ").append(seconds(plan.seconds())).append(" at ").append(ByteSizes.rate(plan.throttle()));
        }
        out.append("; ").append(plan.untouched()).append(" partition").append(plan.untouched() == 1 ? "" : "s")
                .append(" untouched\n");
        if (!plan.lost().isEmpty()) {
            out.append(Tone.BAD.paint("No live copy: moving these loses EVERY record (new empty replica, unclean "
                    + "election):", color)).append('\n');
            Table lost = Table.of("Partition", "Replicas", "New replicas", "Lost");
            plan.lost().forEach(l -> lost.row(Tone.BAD, l.name(), list(l.move().current()), list(l.move().target()),
                    l.whatIsLost()));
            out.append(lost.render(width, color));
        }
        if (!plan.shrinks().isEmpty()) {
            out.append(Tone.WARN.paint("Shrink (--shrink): on their live replicas for now, one copy fewer, nothing "
                    + "copied:", color)).append('\n');
            Table shrinks = Table.of("Partition", "Replicas", "New replicas", "RF");
            plan.shrinks().forEach(m -> shrinks.row(m.name(), list(m.current()), list(m.target()),
                    m.current().size() + " -> " + m.target().size()));
            out.append(shrinks.render(width, color));
        }
        if (!plan.unplaced().isEmpty()) {
            out.append(Tone.WARN.paint("Cannot move:", color)).append('\n');
            plan.unplaced().forEach(u -> out.append("  ").append(u.partition()).append(' ').append(list(u.current()))
                    .append(": ").append(u.reason()).append('\n'));
        }
        plan.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    public static String results(EvacuationReport report, List<String> lines, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        if (!report.results().isEmpty()) {
            Table table = Table.of("Partition", "Outcome", "Replicas", "ISR", "Note");
            report.results().stream().limit(MAX_ROWS).forEach(r -> table.row(
                    r.outcome().equals("failed") ? Tone.BAD : Tone.PLAIN, r.partition(), r.outcome(),
                    list(r.replicas()), list(r.isr()), r.message() == null ? "" : r.message()));
            out.append(table.render(width, color));
            if (report.results().size() > MAX_ROWS) {
                long moved = report.results().stream().filter(r -> r.outcome().equals("moved")).count();
                out.append("... ").append(report.results().size()).append(" partitions in all, ").append(moved)
                        .append(" moved (--output json lists every one)\n");
            }
        }
        lines.forEach(l -> out.append(l).append('\n'));
        return out.toString();
    }

    public static String inFlight(ReassignmentsView view, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        if (view.rows().isEmpty()) {
            out.append("No reassignment in flight.\n");
        } else {
            Table table = Table.of("Partition", "Replicas", "Adding", "Removing", "Copied", "Left", "Rate",
                    "Time left", "Throttled", "Stuck");
            for (ReassignmentsView.Row r : view.rows()) {
                String copied = r.copies().stream().map(c -> c.broker() + ": " + ByteSizes.human(c.copied())
                        + (c.wanted() < 0 ? "" : " of " + ByteSizes.human(c.wanted()))).collect(Collectors.joining(", "));
                MoveProgress.Estimate e = r.progress();
                table.row(r.stuck() != null || e.stalled() ? Tone.BAD : Tone.PLAIN, r.partition(), list(r.replicas()),
                        list(r.adding()), list(r.removing()), copied, left(e), rate(e), timeLeft(e),
                        r.throttled() ? "yes" : "no", r.stuck() == null ? "" : r.stuck());
            }
            out.append(table.render(width, color));
            MoveProgress.Estimate t = view.total();
            out.append("In all: ").append(left(t)).append(" left").append(t.bytesPerSecond() < 0 ? ""
                    : " at " + ByteSizes.rate(t.bytesPerSecond()) + " (over the last " + seconds(Math.max(1,
                    t.overMs() / 1000)) + ")").append(t.secondsLeft() < 0 ? "" : ", about "
                    + seconds(t.secondsLeft()) + " to go").append('\n');
            long stalled = view.rows().stream().filter(r -> r.progress().stalled()).count();
            if (stalled > 0) {
                out.append(Tone.WARN.paint(stalled + " move" + (stalled == 1 ? " makes" : "s make") + " no progress "
                        + "(rate 0 over the last reads): a stuck or fully throttled copy; `reassign throttle RATE` "
                        + "changes the throttle", color)).append('\n');
            }
        }
        if (!view.brokerThrottles().isEmpty() || !view.topicThrottles().isEmpty()) {
            out.append("Throttles:").append('\n');
            view.brokerThrottles().forEach((b, rates) -> out.append("  broker ").append(b).append(": ")
                    .append(rates(rates)).append('\n'));
            view.topicThrottles().forEach((t, lists) -> out.append("  topic ").append(t).append(": ")
                    .append(lists.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(" "))).append('\n'));
        }
        if (view.leftover()) {
            out.append(Tone.WARN.paint("Throttles left behind with no reassignment in flight: they slow replication "
                    + "until removed (`reassign cancel --all` clears them).", color)).append('\n');
        }
        view.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    /** {@code brokers new-disk N}: per partition, what the start on an empty disk does, then the safer order. */
    public static String newDisk(NewDiskReader.View view, int width, boolean color) {
        NewDiskForecast.Forecast f = view.forecast();
        StringBuilder out = new StringBuilder();
        out.append("Broker ").append(f.broker()).append(" started on a new, empty disk (same broker id): ")
                .append(f.of(NewDiskForecast.Kind.COPIED_BACK).size()).append(" copied back (")
                .append(ByteSizes.human(f.bytesCopied())).append("), ")
                .append(f.of(NewDiskForecast.Kind.EMPTY_LEADER).size()).append(" led EMPTY, ")
                .append(f.of(NewDiskForecast.Kind.GONE).size()).append(" gone (records lost: offline or led EMPTY), ")
                .append(f.of(NewDiskForecast.Kind.STAYS_OFFLINE).size()).append(" stay offline\n");
        if (!f.rows().isEmpty()) {
            Table table = Table.of("Partition", "After the start", "From", "Bytes", "Lost");
            f.rows().stream().limit(MAX_ROWS).forEach(r -> table.row(r.lost() != null ? Tone.BAD
                            : r.kind() == NewDiskForecast.Kind.STAYS_OFFLINE ? Tone.WARN : Tone.PLAIN,
                    r.partition(), switch (r.kind()) {
                        case COPIED_BACK -> "copied back";
                        case EMPTY_LEADER -> "EMPTY, leading";
                        case GONE -> "GONE: offline/EMPTY";
                        case STAYS_OFFLINE -> "stays offline";
                    }, r.leader() == null ? (r.kind() == NewDiskForecast.Kind.COPIED_BACK ? "the next leader" : "-")
                            : "broker " + r.leader(), r.bytes() < 0 ? "-" : ByteSizes.human(r.bytes()),
                    r.lost() == null ? "" : r.lost() + (r.truncated().isEmpty() ? "" : "; broker "
                            + ids(r.truncated()) + " truncates to it")));
            out.append(table.render(width, color));
            if (f.rows().size() > MAX_ROWS) {
                out.append("... and ").append(f.rows().size() - MAX_ROWS)
                        .append(" more partitions (--output json lists every one)\n");
            }
        }
        // the advice is prose: long lines are broken at the terminal's width (and a painted one would be escaped)
        view.advice().forEach(a -> out.append(a).append('\n'));
        view.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    private static String left(MoveProgress.Estimate e) {
        return e.left() < 0 ? "unknown" : ByteSizes.human(e.left());
    }

    private static String rate(MoveProgress.Estimate e) {
        if (e.bytesPerSecond() < 0) {
            return "-";
        }
        return e.stalled() ? "0 B/s (no progress)" : ByteSizes.rate(e.bytesPerSecond());
    }

    private static String timeLeft(MoveProgress.Estimate e) {
        return e.secondsLeft() < 0 ? (e.stalled() ? "never at this rate" : "-") : seconds(e.secondsLeft());
    }

    private static String rates(Map<String, String> rates) {
        return rates.entrySet().stream().map(e -> e.getKey() + "=" + rate(e.getValue())).collect(Collectors.joining(" "));
    }

    private static String rate(String value) {
        try {
            return ByteSizes.rate(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return value;
        }
    }

    /** {@code 45s}, {@code 3m 20s}, {@code 2h 5m}. */
    static String seconds(long s) {
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return (s / 60) + "m " + (s % 60) + "s";
        }
        return (s / 3600) + "h " + ((s % 3600) / 60) + "m";
    }

    private static String ids(Collection<Integer> ids) {
        return ids.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static String list(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
