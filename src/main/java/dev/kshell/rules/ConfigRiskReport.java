package dev.kshell.rules;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Severity;

import java.util.List;

/**
 * The config-risk check of one or more clusters, one entry per cluster in the order asked.
 *
 * @param clusters each cluster's check, or its error
 */
public record ConfigRiskReport(List<ClusterConfigRisks> clusters) {

    public ConfigRiskReport {
        clusters = List.copyOf(clusters);
    }

    /**
     * UNREACHABLE (4) only when no cluster could be checked; else FINDINGS (1) when any checked cluster has a
     * WARNING or worse; else OK. A cluster that could not be checked is a row of the report, not a failure of it.
     */
    public ExitCode exitCode() {
        if (clusters.stream().noneMatch(ClusterConfigRisks::checked)) {
            return ExitCode.UNREACHABLE;
        }
        boolean findings = clusters.stream().filter(ClusterConfigRisks::checked)
                .anyMatch(c -> c.worst().filter(s -> s.atLeast(Severity.WARNING)).isPresent());
        return findings ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
