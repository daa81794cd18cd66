package dev.kshell.render;

import dev.kshell.rules.Advice;
import dev.kshell.rules.CoordinatorEntry;
import dev.kshell.rules.CoordinatorPartition;
import dev.kshell.rules.CoordinatorReport;
import dev.kshell.rules.PartitionFinding;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.StepStatus;
import dev.kshell.rules.TopicFilter;
import dev.kshell.rules.TopicGroup;
import dev.kshell.rules.TriageReport;
import dev.kshell.rules.TriageStep;
import dev.kshell.rules.Verdict;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.io.StringWriter;

/**
 * Text renderings of the diagnosis reports ({@code leaderless}, {@code under-min-isr}, {@code at-min-isr},
 * {@code under-replicated}, {@code coordinators}, {@code triage}): pure {@code (report, width, color) -> text}.
 * The summary line comes first, so that the first line of the output answers the question.
 */
public final class DiagnosisTables {

    /** Partitions named per advice line before "+N more". */
    private static final int NAME_LIMIT = 8;
    private static final String INDENT = "  ";

    private DiagnosisTables() {
    }

    /**
     * The groups and transactional ids {@code coordinators} judged, and its report.
     *
     * @param groupsChecked       groups looked at (listed now, remembered from earlier in the session, or named)
     * @param transactionsChecked transactional ids looked at
     * @param partitions          sick coordinator partitions
     * @param groups              groups coordinated on a sick partition
     * @param transactions        transactional ids coordinated on a sick partition
     * @param notes               what could not be read or judged, one sentence each
     */
    public record CoordinatorsView(int groupsChecked, int transactionsChecked, List<CoordinatorPartition> partitions,
                                   List<CoordinatorEntry> groups, List<CoordinatorEntry> transactions,
                                   List<String> notes) {

        public static CoordinatorsView of(int groupsChecked, int transactionsChecked, CoordinatorReport report,
                                          List<String> readProblems) {
            List<String> notes = new ArrayList<>(readProblems);
            notes.addAll(report.notes());
            return new CoordinatorsView(groupsChecked, transactionsChecked, report.partitions(), report.groups(),
                    report.transactions(), List.copyOf(notes));
        }
    }

    // ---- partition checks

    /** "1 leaderless partition", "3 partitions under min ISR", "no under-replicated partitions". */
    static String count(String kind, int n) {
        String partitions = n == 0 ? "no partitions" : plural(n, "partition");
        String adjective = n == 0 ? "no " : n + " ";
        return switch (kind) {
            case "leaderless" -> adjective + "leaderless partition" + (n == 1 ? "" : "s");
            case "under-replicated" -> adjective + "under-replicated partition" + (n == 1 ? "" : "s");
            case "under-min-isr" -> partitions + " under min ISR";
            case "at-min-isr" -> partitions + " at min ISR";
            default -> partitions + " " + kind;
        };
    }

    /**
     * A partition report: one summary line (how many partitions, in how many topics, per topic), then per topic
     * (internal first) a header with its count and min.insync.replicas and a table of its partitions, then for
     * leaderless partitions what to do.
     *
     * @param filter the topics the check looked at, named in the summary line
     */
    public static String partitions(PartitionReport report, TopicFilter filter, int width, boolean color) {
        return partitions(report, filter, width, color, null);
    }

    /**
     * @param elrMissing when the cluster has no eligible leader replicas, the sentence that says so; the ELR
     *                   columns are then left out rather than shown empty
     */
    public static String partitions(PartitionReport report, TopicFilter filter, int width, boolean color,
                                    String elrMissing) {
        StringWriter text = new StringWriter();
        writePartitions(new PrintWriter(text), report, filter, width, color, elrMissing);
        return text.toString();
    }

    /**
     * Writes what {@link #partitions(PartitionReport, TopicFilter, int, boolean, String)} returns, line by line as
     * it is made: a long report (every partition of a large cluster leaderless) is never one string, and its rows'
     * cells are made when written, not kept.
     */
    public static void writePartitions(PrintWriter out, PartitionReport report, TopicFilter filter, int width,
                                       boolean color, String elrMissing) {
        boolean leaderless = report.kind().equals("leaderless");
        boolean minIsrCheck = report.kind().equals("under-min-isr") || report.kind().equals("at-min-isr");
        Tone bad = leaderless || report.kind().equals("under-min-isr") ? Tone.BAD : Tone.WARN;
        String where = switch (filter.mode()) {
            case ALL -> report.total() == 0 ? "" : " in " + plural(report.topics().size(), "topic");
            case TOPIC -> " in topic " + filter.value();
            case PATTERN -> " in " + (report.total() == 0 ? "topics" : plural(report.topics().size(), "topic"))
                    + " matching " + filter.value();
        };
        List<String> counts = new ArrayList<>();
        for (TopicGroup g : report.topics()) {
            counts.add(g.topic() + " " + g.count());
        }
        String perTopic = report.total() == 0 || filter.mode() == TopicFilter.Mode.TOPIC ? ""
                : " (" + String.join(", ", counts) + ")";
        out.append((report.total() == 0 ? Tone.GOOD : bad).paint(count(report.kind(), report.total()) + where
                + perTopic, color)).append('\n');
        int tableWidth = width > 0 ? Math.max(20, width - INDENT.length()) : 0;
        List<String> headers = elrMissing == null
                ? List.of("Partition", "Leader", "Replicas", "ISR", "ELR", "Last known ELR", "Recovery")
                : List.of("Partition", "Leader", "Replicas", "ISR", "Recovery");
        for (TopicGroup g : report.topics()) {
            out.append('\n').append(g.topic()).append(g.internal() ? " (internal)" : "").append(": ")
                    .append(plural(g.count(), "partition"));
            // leaderless and under-replicated do not load configs: say nothing rather than "unknown" there.
            if (g.minIsr() != null || minIsrCheck) {
                out.append(", min.insync.replicas ").append(String.valueOf(g.minIsr() == null ? "unknown" : g.minIsr()));
            }
            out.append('\n');
            Table.write(out, INDENT, headers, g.partitions(), f -> {
                Tone tone = f.leaderless() ? Tone.BAD : bad;
                String recovery = f.recovery() == null ? null : f.recovery().label();
                List<String> replicas = f.replicas().stream().map(m -> m.label()).toList();
                return elrMissing == null
                        ? new Table.Line(tone, f.partition(), leader(f), replicas, f.isr(), f.elr(), f.lastKnownElr(),
                        recovery)
                        : new Table.Line(tone, f.partition(), leader(f), replicas, f.isr(), recovery);
            }, tableWidth, color);
        }
        if (elrMissing != null && report.total() > 0) {
            out.append('\n').append("ELR: ").append(elrMissing).append('\n');
        }
        if (leaderless && report.total() > 0) {
            out.append('\n').append("what to do:\n");
            // per advice the first names and a count: bounded however many partitions share it
            Map<String, FirstNames> byAdvice = new LinkedHashMap<>();
            for (PartitionFinding f : report.partitions()) {
                Advice a = PartitionHealth.advice(f);
                byAdvice.computeIfAbsent(a.text(), k -> new FirstNames()).add(f.name());
            }
            byAdvice.forEach((text, names) -> out.append(Prose.text(INDENT + names + ": " + text, width,
                    INDENT.length() + 2)));
        }
        if (!report.unknownMinIsr().isEmpty()) {
            out.append('\n').append(Tone.WARN.paint("min.insync.replicas unknown for "
                    + plural(report.unknownMinIsr().size(), "topic") + " (" + names(report.unknownMinIsr())
                    + "): their partitions with a leader were not judged", color)).append('\n');
        }
        out.flush();
    }

    /** The first {@link #NAME_LIMIT} names and how many there were: "a, b, c, +5 more". */
    private static final class FirstNames {
        private final List<String> first = new ArrayList<>();
        private int count;

        void add(String name) {
            if (first.size() < NAME_LIMIT) {
                first.add(name);
            }
            count++;
        }

        @Override
        public String toString() {
            return String.join(", ", first) + (count > first.size() ? ", +" + (count - first.size()) + " more" : "");
        }
    }

    private static String leader(PartitionFinding f) {
        if (f.leader() == null) {
            return "none";
        }
        return f.leaderless() ? f.leader() + "(dead)" : f.leader().toString();
    }

    // ---- coordinators

    public static String coordinators(CoordinatorsView v, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        String checked = plural(v.groupsChecked(), "group") + " and " + plural(v.transactionsChecked(),
                "transactional id") + " checked";
        if (v.partitions().isEmpty()) {
            out.append(Tone.GOOD.paint("no coordinator partition is leaderless or under min ISR (" + checked + ")",
                    color)).append('\n');
        } else {
            out.append(Tone.BAD.paint(plural(v.partitions().size(), "coordinator partition") + " sick: "
                    + plural(v.groups().size(), "group") + " and " + plural(v.transactions().size(),
                    "transactional id") + " cannot commit, rebalance or complete transactions (" + checked + ")",
                    color)).append('\n');
            out.append('\n');
            Table parts = Table.of("Partition", "Leader", "Replicas", "ISR", "Min ISR", "Problem", "Recovery",
                    "Groups", "Txn ids");
            for (CoordinatorPartition p : v.partitions()) {
                boolean dead = p.recovery() != null;
                parts.row(dead ? Tone.BAD : Tone.WARN, p.name(),
                        p.leader() == null ? "none" : dead ? p.leader() + "(dead)" : p.leader(),
                        p.replicas().stream().map(m -> m.label()).toList(), p.isr(), p.minIsr(), p.problem(),
                        p.recovery() == null ? null : p.recovery().label(), p.groups(), p.transactions());
            }
            out.append(parts.render(width, color));
            List<CoordinatorEntry> entries = new ArrayList<>(v.groups());
            entries.addAll(v.transactions());
            if (!entries.isEmpty()) {
                out.append('\n');
                Table ids = Table.of("Kind", "Id", "State", "Members", "Coordinator partition", "Problem");
                for (CoordinatorEntry e : entries) {
                    ids.row(e.kind(), e.id(), e.state() == null ? "unknown" : e.state(), e.members(),
                            e.coordinatorPartition(), e.problem());
                }
                out.append(ids.render(width, color));
            }
        }
        if (!v.notes().isEmpty()) {
            out.append('\n');
            for (String note : v.notes()) {
                paint(out, Tone.WARN, Prose.lines("note: " + note, width, 6), color);
            }
        }
        return out.toString();
    }

    // ---- triage

    /**
     * The verdict line (coloured by verdict), the first command to type, then the six steps in order: status,
     * title and summary, the findings at WARNING and above (INFO dimmed), what to do outside kshell, and the exact
     * next command.
     */
    public static String triage(TriageReport r, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        Tone verdictTone = r.verdict() == Verdict.HEALTHY ? Tone.GOOD
                : r.verdict() == Verdict.DEGRADED ? Tone.WARN : Tone.BAD;
        paint(out, verdictTone, Prose.lines(r.verdictLine(), width, 2), color);
        String next = r.nextCommand();
        if (next != null) {
            out.append("next: ").append(next).append('\n');
        }
        out.append('\n');
        for (TriageStep s : r.steps()) {
            String status = "[" + s.status().label() + "]";
            Tone tone = switch (s.status()) {
                case OK -> Tone.GOOD;
                case WARN -> Tone.WARN;
                case FAIL -> Tone.BAD;
                case SKIPPED -> Tone.DIM;
            };
            paint(out, tone, Prose.lines(String.format(Locale.ROOT, "%-9s %d. %s: %s", status, s.number(), s.title(),
                    s.summary()), width, STEP_INDENT.length() + 2), color);
            if (s.status() == StepStatus.SKIPPED || (s.status() == StepStatus.OK && s.next() == null)) {
                continue; // an ok step shows its INFO lines only when they come with a suggestion
            }
            for (Finding f : s.findings()) {
                String line = STEP_INDENT + f.severity().name().toLowerCase(Locale.ROOT) + " " + f.where() + ": "
                        + f.message();
                paint(out, f.severity() == Severity.INFO ? Tone.DIM : Tone.PLAIN,
                        Prose.lines(line, width, STEP_INDENT.length() + 2), color);
            }
            if (s.action() != null) {
                out.append(Prose.text(STEP_INDENT + "do:   " + s.action(), width, STEP_INDENT.length() + 6));
            }
            if (s.next() != null) {
                out.append(Prose.text(STEP_INDENT + "next: " + s.next(), width, STEP_INDENT.length() + 6));
            }
        }
        return out.toString();
    }

    // ---- helpers

    /** Where a triage step's findings, do: and next: lines begin (under the step's title). */
    private static final String STEP_INDENT = "          ";

    /** Each line painted on its own: a colour never runs past a line break into the next line's indentation. */
    private static void paint(StringBuilder out, Tone tone, List<String> lines, boolean color) {
        lines.forEach(l -> out.append(tone.paint(l, color)).append('\n'));
    }

    /** "1 partition", "3 partitions". */
    public static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String names(List<String> names) {
        if (names.size() <= NAME_LIMIT) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, NAME_LIMIT)) + ", +" + (names.size() - NAME_LIMIT) + " more";
    }

    private static void indent(StringBuilder out, String text) {
        text.lines().forEach(l -> out.append(INDENT).append(l).append('\n'));
    }
}
