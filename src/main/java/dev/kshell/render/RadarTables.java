package dev.kshell.render;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.rules.radar.CertificateRules;
import dev.kshell.rules.radar.FeatureTraps;
import dev.kshell.rules.radar.RadarReport;
import dev.kshell.rules.radar.RadarText;
import dev.kshell.rules.radar.TimeRules;
import dev.kshell.rules.radar.VersionRules;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code radar} as text: the head line (what is due), the certificates, the nodes' software, the finalized
 * features and how far back each can go, records stamped ahead, what is known of clocks, then the findings and the
 * notes. Pure {@code (report, width, color) -> text}; subjects and SANs come from outside and are escaped by the
 * table and the prose.
 */
public final class RadarTables {

    private static final String INDENT = "  ";

    private RadarTables() {
    }

    public static String radar(RadarReport r, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        Tone head = r.due() == 0 ? Tone.GOOD : worst(r.findings());
        out.append(head.paint(Safe.text(r.cluster()) + ": " + r.summary(), color)).append('\n');
        certificates(out, r.certificates(), width, color);
        nodes(out, r.nodes(), width, color);
        features(out, r.features(), width, color);
        times(out, r.futureTimestamps(), r.clocks(), width, color);
        findings(out, r.findings(), width, color);
        if (!r.notes().isEmpty()) {
            out.append('\n').append(Tone.HEADER.paint("Not read", color)).append('\n');
            r.notes().forEach(n -> out.append(Prose.text(INDENT + n, width, INDENT.length() + 2)));
        }
        return out.toString();
    }

    private static void certificates(StringBuilder out, List<CertificateRules.Row> rows, int width, boolean color) {
        out.append('\n').append(Tone.HEADER.paint("Certificates", color)).append('\n');
        Table t = Table.of("Node", "Listener", "Endpoint", "Subject", "Not after", "Days", "Host", "Issuer");
        for (CertificateRules.Row c : rows) {
            String node = RadarText.nodes(c.role(), c.nodeId() == null ? List.of() : List.of(c.nodeId()));
            if (!c.tls()) {
                t.row(Tone.DIM, node, c.listener(), c.endpoint(), "(no TLS)", "", "", "", "");
            } else if (c.subject() == null) {
                t.row(Tone.WARN, node, c.listener(), c.endpoint(), "not read: " + c.problem(), "", "", "", "");
            } else {
                t.row(FindingTables.tone(c.severity()), node, c.listener(), c.endpoint(), c.subject(), RadarText.at(c.notAfter()), c.daysLeft(),
                        Boolean.TRUE.equals(c.hostMatches()) ? "ok" : "MISMATCH", c.issuer());
            }
        }
        out.append(t.isEmpty() ? INDENT + "no listener read\n" : t.render(width, color));
    }

    /** The nodes' software and the finalized features' traps, then those findings: what {@code features} adds. */
    public static String software(List<VersionRules.Row> rows, List<FeatureTraps.Trap> traps, List<Finding> findings,
                                  List<String> notes, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        nodes(out, rows, width, color);
        features(out, traps, width, color);
        if (!findings.isEmpty()) {
            findings(out, findings, width, color);
        }
        notes.forEach(n -> out.append(Prose.text("note: " + n, width, 6)));
        return out.toString();
    }

    private static void nodes(StringBuilder out, List<VersionRules.Row> rows, int width, boolean color) {
        out.append('\n').append(Tone.HEADER.paint("Software", color)).append('\n');
        Table t = Table.of("Node", "Endpoint", "Release", "Read from", "APIs");
        for (VersionRules.Row v : rows) {
            String node = RadarText.nodes(v.role(), v.nodeId() == null ? List.of() : List.of(v.nodeId()));
            if (v.error() != null) {
                t.row(Tone.DIM, node, v.endpoint(), "?", "not asked: " + v.error(), "");
            } else {
                t.row(Tone.PLAIN, node, v.endpoint(), v.release() == null ? "?" : v.release(), v.how(), v.apis());
            }
        }
        out.append(t.isEmpty() ? INDENT + "no node asked\n" : t.render(width, color));
    }

    private static void features(StringBuilder out, List<FeatureTraps.Trap> traps, int width, boolean color) {
        if (traps.isEmpty()) {
            return;
        }
        out.append('\n').append(Tone.HEADER.paint("Finalized features", color)).append('\n');
        Table t = Table.of("Feature", "Level", "Lowest it can go back to", "Oldest software that runs");
        for (FeatureTraps.Trap f : traps) {
            String lowest = f.lowest() == f.level() ? f.lowestName() + " (no downgrade)" : f.lowestName();
            t.row(f.lowest() == f.level() ? Tone.WARN : Tone.PLAIN, f.feature(), f.name(), lowest,
                    f.oldestRelease() == null ? "" : f.oldestRelease());
        }
        out.append(t.render(width, color));
    }

    private static void times(StringBuilder out, List<TimeRules.TopicRow> topics, List<TimeRules.ClockRow> clocks,
                              int width, boolean color) {
        out.append('\n').append(Tone.HEADER.paint("Time", color)).append('\n');
        if (topics.isEmpty()) {
            out.append(INDENT).append("no partition read holds records stamped ahead of this host's clock\n");
        } else {
            Table t = Table.of("Topic", "Timestamp type", "Retention", "Ahead by", "Partitions", "Newest");
            for (TimeRules.TopicRow r : topics) {
                t.row(Tone.WARN, r.topic(), r.timestampType() == null ? "?" : r.timestampType(),
                        r.retentionMs() == null ? "?" : r.retentionMs() < 0 ? "none"
                                : RadarText.span(Duration.ofMillis(r.retentionMs())),
                        RadarText.span(Duration.ofMillis(r.maxAheadMs())), r.aheadPartitions() + " of "
                                + r.readPartitions(), r.newest() + ", " + RadarText.at(r.newestAt()));
            }
            out.append(t.render(width, color));
        }
        if (!clocks.isEmpty()) {
            Table t = Table.of("Clock of", "Against this host", "From");
            for (TimeRules.ClockRow c : clocks) {
                t.row(Tone.PLAIN, RadarText.nodes(c.role(), c.nodeId() == null ? List.of() : List.of(c.nodeId())),
                        offset(c), c.evidence());
            }
            out.append(t.render(width, color));
        }
    }

    /** "within -3 .. +5 ms", "at least 2 h ahead". */
    private static String offset(TimeRules.ClockRow c) {
        if (c.maxOffsetMs() == null) {
            return "at least " + RadarText.span(Duration.ofMillis(c.minOffsetMs())) + " ahead";
        }
        return String.format(Locale.ROOT, "%+d .. %+d ms", c.minOffsetMs(), c.maxOffsetMs());
    }

    private static void findings(StringBuilder out, List<Finding> findings, int width, boolean color) {
        out.append('\n').append(Tone.HEADER.paint("Findings", color)).append('\n');
        if (findings.isEmpty()) {
            out.append(Tone.GOOD.paint(INDENT + "nothing due", color)).append('\n');
            return;
        }
        for (Finding f : findings) {
            String line = INDENT + f.severity().name().toLowerCase(Locale.ROOT) + " " + f.where() + ": " + f.message();
            Tone tone = f.severity() == Severity.INFO ? Tone.DIM : FindingTables.tone(f.severity());
            Prose.lines(line, width, INDENT.length() + 2).forEach(l -> out.append(tone.paint(l, color)).append('\n'));
            if (f.fix() != null && f.severity().atLeast(Severity.WARNING) && !f.fix().equals("radar")) {
                out.append(Prose.text(INDENT + "  next: " + f.fix(), width, INDENT.length() + 8));
            }
        }
    }

    private static Tone worst(List<Finding> findings) {
        return findings.stream().map(Finding::severity).max(Severity::compareTo).map(FindingTables::tone)
                .orElse(Tone.GOOD);
    }
}
