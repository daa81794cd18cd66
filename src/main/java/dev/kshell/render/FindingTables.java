package dev.kshell.render;

import dev.kshell.rules.ConfigRiskReport;
import dev.kshell.rules.ClusterConfigRisks;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.EnumMap;

/**
 * Text renderings of findings (lint, audit): pure {@code (data, width, color) -> text}. A severity-coloured table
 * SEVERITY, RULE, WHERE, MESSAGE, then one FIX line per finding that has a fix, whole so that it can be pasted.
 * Messages say why a finding matters, so instead of being cut at the terminal width they wrap onto continuation
 * rows of the MESSAGE column.
 */
public final class FindingTables {

    private static final String GAP = "  ";

    private FindingTables() {
    }

    public static Tone tone(Severity severity) {
        return switch (severity) {
            case CRITICAL, ERROR -> Tone.BAD;
            case WARNING -> Tone.WARN;
            case INFO -> Tone.PLAIN;
        };
    }

    /** The findings table and its fix lines; "no findings" when there are none. */
    public static String findings(List<Finding> findings, int width, boolean color) {
        if (findings.isEmpty()) {
            return Tone.GOOD.paint("no findings", color) + "\n";
        }
        String[] headers = {"Severity", "Rule", "Where", "Message"};
        int[] widths = new int[3];
        for (int c = 0; c < 3; c++) {
            widths[c] = headers[c].length();
        }
        for (Finding f : findings) {
            widths[0] = Math.max(widths[0], f.severity().name().length());
            widths[1] = Math.max(widths[1], f.rule().length());
            widths[2] = Math.max(widths[2], f.where().length());
        }
        int messageWidth = width - widths[0] - widths[1] - widths[2] - 3 * GAP.length();
        // Too narrow to wrap usefully (or no width known, as when piped): one line per finding.
        boolean wrap = width > 0 && messageWidth >= 40;
        Table table = Table.of(headers);
        for (Finding f : findings) {
            List<String> lines = wrap ? wrap(f.message(), messageWidth) : List.of(f.message());
            Tone tone = tone(f.severity());
            table.row(tone, f.severity().name(), f.rule(), f.where(), lines.get(0));
            for (String more : lines.subList(1, lines.size())) {
                table.row(tone, "", "", "", more);
            }
        }
        StringBuilder out = new StringBuilder(table.render(wrap ? 0 : width, color));
        List<Finding> fixable = findings.stream().filter(f -> f.fix() != null && !f.fix().isBlank()).toList();
        if (!fixable.isEmpty()) {
            out.append('\n').append(Tone.HEADER.paint("FIX", color)).append('\n');
            for (Finding f : fixable) {
                out.append(f.where()).append(" (").append(f.rule()).append("): ").append(f.fix()).append('\n');
            }
        }
        return out.toString();
    }

    /** "2 errors, 1 warning, 0 info", worst first, with CRITICAL only when present. */
    public static String counts(Map<Severity, ? extends Number> counts) {
        List<String> parts = new ArrayList<>();
        for (Severity s : List.of(Severity.CRITICAL, Severity.ERROR, Severity.WARNING, Severity.INFO)) {
            Number count = counts.get(s);
            long n = count == null ? 0 : count.longValue();
            if (s == Severity.CRITICAL && n == 0) {
                continue;
            }
            String name = s.name().toLowerCase(Locale.ROOT);
            parts.add(n + " " + (s == Severity.INFO || n == 1 ? name : name + "s"));
        }
        return String.join(", ", parts);
    }

    /** The config audit: a row per cluster when there are several, then each cluster's findings. */
    public static String configRisks(ConfigRiskReport report, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        List<ClusterConfigRisks> clusters = report.clusters();
        if (clusters.size() > 1) {
            Table table = Table.of("Cluster", "Endpoints", "Cluster id", "Brokers", "Errors", "Warnings", "Info",
                    "Status");
            for (ClusterConfigRisks c : clusters) {
                if (!c.checked()) {
                    table.row(Tone.BAD, c.name(), c.endpoints(), "-", "-", "-", "-", "-", "NOT AUDITED: " + c.error());
                } else {
                    long errors = c.count(Severity.ERROR) + c.count(Severity.CRITICAL);
                    long warnings = c.count(Severity.WARNING);
                    Tone tone = errors > 0 ? Tone.BAD : warnings > 0 ? Tone.WARN : Tone.PLAIN;
                    table.row(tone, c.name(), c.endpoints(), c.clusterId(), c.liveBrokers(), errors, warnings,
                            c.count(Severity.INFO), errors + warnings > 0 ? "findings" : "ok");
                }
            }
            out.append(table.render(width, color));
        }
        for (ClusterConfigRisks c : clusters) {
            if (!c.checked()) {
                if (clusters.size() == 1) {
                    out.append(Tone.BAD.paint("cluster " + named(c) + " not audited: "
                            + c.error(), color)).append('\n');
                }
                continue;
            }
            if (clusters.size() > 1 || !out.isEmpty()) {
                out.append('\n');
            }
            String name = c.name() == null || c.name().equals(c.endpoints()) ? "" : c.name() + "  ";
            out.append(Tone.HEADER.paint("cluster " + name + "id " + c.clusterId() + "  via " + c.endpoints()
                    + "  " + c.liveBrokers() + " live broker" + (c.liveBrokers() == 1 ? "" : "s"), color)).append('\n');
            out.append(findings(c.findings(), width, color));
            Map<Severity, Long> counts = new EnumMap<>(Severity.class);
            for (Severity s : Severity.values()) {
                counts.put(s, c.count(s));
            }
            out.append(counts(counts)).append('\n');
        }
        return out.toString();
    }

    /**
     * Word-wraps text to lines of at most {@code width} characters; a word longer than a line stays whole and
     * overflows (an id or a path cut in two cannot be pasted or searched for).
     */
    static List<String> wrap(String text, int width) {
        return Prose.lines(text, width, 0);
    }

    /** "NAME (ENDPOINTS)", or the endpoints alone when the connection has no other name (no profile). */
    private static String named(ClusterConfigRisks c) {
        return c.name() == null || c.name().equals(c.endpoints()) ? c.endpoints() : c.name() + " (" + c.endpoints() + ")";
    }
}
