package dev.kshell.diagnosis;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Severity;

import java.util.List;

/**
 * The config audit of one or more clusters, one entry per cluster in the order asked.
 *
 * @param clusters each cluster's audit, or its error
 */
public record ConfigRiskReport(List<ClusterConfigRisks> clusters) {

    public ConfigRiskReport {
        clusters = List.copyOf(clusters);
    }

    /**
     * UNREACHABLE (4) only when no cluster could be audited; else FINDINGS (1) when any audited cluster has a
     * WARNING or worse; else OK. A cluster that could not be audited is a row of the report, not a failure of it.
     */
    public ExitCode exitCode() {
        if (clusters.stream().noneMatch(ClusterConfigRisks::audited)) {
            return ExitCode.UNREACHABLE;
        }
        boolean findings = clusters.stream().filter(ClusterConfigRisks::audited)
                .anyMatch(c -> c.worst().filter(s -> s.atLeast(Severity.WARNING)).isPresent());
        return findings ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
