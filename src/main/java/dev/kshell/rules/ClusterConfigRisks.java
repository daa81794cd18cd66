package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.List;
import java.util.Optional;

/**
 * The config-risk check of one cluster: its findings, or why it could not be checked.
 *
 * @param name        the profile name, or the connection's label
 * @param endpoints   the bootstrap endpoints used
 * @param clusterId   the cluster id, or null when the cluster did not answer
 * @param liveBrokers registered, unfenced brokers, or null when unknown
 * @param findings    worst first (empty when {@code error} is set)
 * @param error       one sentence saying why the cluster could not be checked, or null
 */
public record ClusterConfigRisks(String name, String endpoints, String clusterId, Integer liveBrokers,
                           List<Finding> findings, String error) {

    public ClusterConfigRisks {
        findings = List.copyOf(findings);
    }

    public static ClusterConfigRisks failed(String name, String endpoints, String error) {
        return new ClusterConfigRisks(name, endpoints, null, null, List.of(), error);
    }

    public boolean checked() {
        return error == null;
    }

    public Optional<Severity> worst() {
        return findings.stream().map(Finding::severity).max(Severity::compareTo);
    }

    public long count(Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).count();
    }
}
