package dev.kshell.rules.radar;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.Severity;

import java.time.Instant;
import java.util.List;

/**
 * What {@code radar} found: the next incident, before it happens (docs/radar.md). Exit 1 when something is due (a
 * finding at WARNING or above), else 0.
 *
 * @param clusterId        the cluster id
 * @param cluster          the cluster as detected ("Kafka 4.4", "Kafka 3.9, ZooKeeper mode")
 * @param readAt           when it was read (this host's clock)
 * @param thresholds       the windows and limits it was judged by
 * @param certificates     one row per listener read, TLS or not
 * @param nodes            each node's software
 * @param features         the finalized feature levels and how far back each can go
 * @param futureTimestamps topics whose newest records lie ahead of this host's clock
 * @param clocks           what is known of nodes' clocks
 * @param findings         everything found, most severe first
 * @param notes            what could not be read, and why (denied, an older release, a deadline)
 */
public record RadarReport(String clusterId, String cluster, Instant readAt, RadarThresholds thresholds,
                          List<CertificateRules.Row> certificates, List<VersionRules.Row> nodes,
                          List<FeatureTraps.Trap> features, List<TimeRules.TopicRow> futureTimestamps,
                          List<TimeRules.ClockRow> clocks, List<Finding> findings, List<String> notes) {

    public RadarReport {
        certificates = List.copyOf(certificates);
        nodes = List.copyOf(nodes);
        features = List.copyOf(features);
        futureTimestamps = List.copyOf(futureTimestamps);
        clocks = List.copyOf(clocks);
        findings = findings.stream().sorted((a, b) -> b.severity().compareTo(a.severity())).toList();
        notes = List.copyOf(notes);
    }

    /** How many findings are due (WARNING or above). */
    public long due() {
        return findings.stream().filter(f -> f.severity().atLeast(Severity.WARNING)).count();
    }

    /** 1 when something is due, else 0. */
    public ExitCode exitCode() {
        return due() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** "nothing due" or "3 due: certificate-expiring, version-skew". */
    public String summary() {
        long due = due();
        if (due == 0) {
            return "nothing due";
        }
        return due + " due: " + String.join(", ", findings.stream()
                .filter(f -> f.severity().atLeast(Severity.WARNING)).map(Finding::rule).distinct().toList());
    }
}
