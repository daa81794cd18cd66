package dev.kshell.render;

import dev.kshell.model.Finding;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.LogDirReport;
import dev.kshell.util.ByteSizes;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The causes of under-replication (after {@code under-replicated}'s table) and {@code logdirs}: pure text. */
public final class ReplicationTables {

    /** Replicas listed per cause; the rest are counted. */
    public static final int LIST_LIMIT = 10;

    private ReplicationTables() {
    }

    /** "why they are out of sync:", then per cause its headline, replicas, evidence, what to do and the next command. */
    public static void writeCauses(PrintWriter out, CauseReport causes, int width, boolean color) {
        if (causes == null || (causes.groups().isEmpty() && causes.notes().isEmpty())) {
            return;
        }
        out.append('\n').append(Tone.HEADER.paint("why they are out of sync:", color)).append('\n');
        for (CauseReport.Group g : causes.groups()) {
            long n = g.partitions();
            Tone tone = switch (g.cause()) {
                case BROKER_DOWN, BROKER_NOT_REGISTERED, OFFLINE_LOG_DIR -> Tone.BAD;
                case UNKNOWN -> Tone.PLAIN;
                default -> Tone.WARN;
            };
            out.append("  ").append(tone.paint(g.headline(), color)).append(": ")
                    .append(DiagnosisTables.plural((int) n, "partition")).append(" [").append(g.cause().label())
                    .append("]\n");
            List<CauseReport.Replica> shown = g.replicas().stream().limit(LIST_LIMIT).toList();
            boolean detailed = shown.stream().anyMatch(r -> r.detail() != null);
            if (detailed) {
                for (CauseReport.Replica r : shown) {
                    print(out, "    " + r.partition() + " (replica " + r.broker() + ")"
                            + (r.detail() == null ? "" : ": " + r.detail()), width, 6);
                }
            } else {
                print(out, "    " + shown.stream().map(CauseReport.Replica::partition).collect(Collectors.joining(", ")),
                        width, 6);
            }
            if (g.replicas().size() > shown.size()) {
                out.append("    and ").append(String.valueOf(g.replicas().size() - shown.size())).append(" more\n");
            }
            g.evidence().forEach(e -> print(out, "    evidence: " + e, width, 14));
            print(out, "    do:   " + g.action(), width, 10);
            print(out, "    next: " + g.next(), width, 10);
        }
        causes.notes().forEach(note -> print(out, "  note: " + note, width, 8));
    }

    /** {@code logdirs}: one table of every directory, then the largest replicas per directory and the findings. */
    public static String logDirs(LogDirReport r, int width, boolean color) {
        StringBuilder text = new StringBuilder();
        long offline = r.dirs().stream().filter(d -> !d.online()).count();
        long brokers = r.dirs().stream().map(LogDirReport.Dir::broker).distinct().count();
        String summary = r.dirs().size() + (r.dirs().size() == 1 ? " log directory" : " log directories")
                + " on " + DiagnosisTables.plural((int) brokers, "broker")
                + (offline == 0 ? ", all online" : ", " + offline + " offline");
        text.append((offline == 0 ? Tone.GOOD : Tone.BAD).paint(summary, color)).append('\n');
        Table t = Table.of("Broker", "Log dir", "State", "Size", "Usable", "Replicas", "Held", "Growth", "Full in");
        boolean spaceUnknown = false;
        for (LogDirReport.Dir d : r.dirs()) {
            String state = !d.online() ? "OFFLINE" : d.cordoned() ? "cordoned" : "online";
            if (d.online() && d.totalBytes() == null) {
                spaceUnknown = true;
            }
            String usable = d.usableBytes() == null ? "-" : ByteSizes.human(d.usableBytes())
                    + (d.usablePercent() == null ? "" : String.format(Locale.ROOT, " (%.0f%%)", d.usablePercent()));
            String growth = !d.online() ? "-" : d.growthBytesPerS() == null ? "not watched yet"
                    : ByteSizes.rate(Math.round(d.growthBytesPerS())) + " over " + LogDirHealth.duration(d.watchedMs());
            if (d.growthBytesPerS() != null && d.growthBytesPerS() < 0) {
                growth = "shrinking over " + LogDirHealth.duration(d.watchedMs());
            }
            String fullIn = d.fullInMs() == null ? "-" : LogDirHealth.duration(d.fullInMs());
            Tone tone = !d.online() ? Tone.BAD : d.usablePercent() != null
                    && d.usablePercent() < LogDirHealth.LOW_SPACE_PERCENT ? Tone.WARN : Tone.PLAIN;
            t.row(tone, d.broker(), d.path(), state, d.totalBytes() == null ? "-" : ByteSizes.human(d.totalBytes()),
                    usable, d.online() ? d.replicaCount() : "-", d.online() ? ByteSizes.human(d.replicaBytes()) : "-",
                    growth, fullIn);
        }
        text.append(t.render(width, color));
        StringBuilder largest = new StringBuilder();
        for (LogDirReport.Dir d : r.dirs()) {
            if (!d.largest().isEmpty()) {
                largest.append("  ").append(d.broker()).append(' ').append(d.path()).append(": ")
                        .append(d.largest().stream().map(p -> p.partition() + " " + ByteSizes.human(p.bytes()))
                                .collect(Collectors.joining(", "))).append('\n');
            }
        }
        if (!largest.isEmpty()) {
            text.append("\nlargest replicas:\n").append(largest);
        }
        for (LogDirReport.Dir d : r.dirs()) {
            if (!d.online()) {
                text.append('\n').append(Prose.text("offline: broker " + d.broker() + " " + d.path() + ": "
                        + d.error(), width, 2).stripTrailing()).append('\n');
            }
        }
        if (spaceUnknown) {
            text.append(Prose.text("size and usable space: not reported by this release (Kafka 3.3 and later "
                    + "report them, KIP-827)", width, 2));
        }
        if (!r.findings().isEmpty()) {
            text.append('\n');
            for (Finding f : r.findings()) {
                Tone tone = switch (f.severity()) {
                    case ERROR, CRITICAL -> Tone.BAD;
                    case WARNING -> Tone.WARN;
                    default -> Tone.PLAIN;
                };
                text.append(tone.paint(Prose.text(f.severity().name().toLowerCase(Locale.ROOT) + " " + f.message(), width, 2).stripTrailing(),
                        color)).append('\n');
                if (f.fix() != null) {
                    text.append("  next: ").append(f.fix().replace("`", "")).append('\n');
                }
            }
        }
        r.errors().forEach(e -> text.append(Prose.text("note: " + e, width, 2)));
        return text.toString();
    }

    private static void print(PrintWriter out, String line, int width, int indent) {
        Prose.lines(line, width, indent).forEach(l -> out.append(l).append('\n'));
    }
}
