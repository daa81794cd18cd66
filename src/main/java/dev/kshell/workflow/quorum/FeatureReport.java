package dev.kshell.workflow.quorum;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.FeatureLevels;
import dev.kshell.model.Finding;
import dev.kshell.rules.quorum.FeatureMeanings;
import dev.kshell.rules.radar.FeatureTraps;
import dev.kshell.rules.radar.VersionRules;
import dev.kshell.workflow.radar.RadarService;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code features}: the cluster's finalized feature levels (describeFeatures), each with what it means, the software
 * each node runs (its own ApiVersions answer) and the upgrade traps: what cannot be downgraded any more, and nodes
 * whose software does not support a finalized level.
 */
public final class FeatureReport {

    private final ShellSession session;

    public FeatureReport(ShellSession session) {
        this.session = session;
    }

    /**
     * @param release     the cluster as kshell detected it ("Kafka 4.4.0")
     * @param epoch       the finalized features' epoch, -1 when not reported
     * @param features    one row per feature
     * @param unavailable why the levels could not be read, or null
     * @param nodes       the software each node runs
     * @param traps       each finalized feature and how far back it can go
     * @param findings    the traps and version findings (nodes on different releases, a level a node cannot run)
     * @param notes       what could not be read
     */
    public record Report(String release, long epoch, List<FeatureMeanings.Row> features, String unavailable,
                         List<VersionRules.Row> nodes, List<FeatureTraps.Trap> traps, List<Finding> findings,
                         List<String> notes) {
    }

    public Report read() {
        ClusterGateway gateway = session.requireGateway();
        ClusterCapabilities caps = gateway.capabilities();
        FeatureLevels levels = gateway.quorumChanges().features();
        RadarService.Software software = new RadarService().software(gateway, levels.finalized());
        List<Finding> findings = new ArrayList<>(software.nodes().findings());
        findings.addAll(software.traps().findings());
        if (levels.unavailable() != null) {
            return new Report(caps.describe(), -1, List.of(), levels.unavailable(), software.nodes().rows(),
                    software.traps().traps(), findings, software.notes());
        }
        return new Report(caps.describe(), levels.epoch(), FeatureMeanings.rows(levels, caps.metadataVersion()), null,
                software.nodes().rows(), software.traps().traps(), findings, software.notes());
    }
}
