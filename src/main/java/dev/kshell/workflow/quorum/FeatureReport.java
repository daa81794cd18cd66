package dev.kshell.workflow.quorum;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.FeatureLevels;
import dev.kshell.rules.quorum.FeatureMeanings;
import dev.kshell.connection.ShellSession;

import java.util.List;

/** {@code features}: the cluster's finalized feature levels (describeFeatures), each with what it means. */
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
     */
    public record Report(String release, long epoch, List<FeatureMeanings.Row> features, String unavailable) {
    }

    public Report read() {
        ClusterGateway gateway = session.requireGateway();
        ClusterCapabilities caps = gateway.capabilities();
        FeatureLevels levels = gateway.quorumChanges().features();
        if (levels.unavailable() != null) {
            return new Report(caps.describe(), -1, List.of(), levels.unavailable());
        }
        return new Report(caps.describe(), levels.epoch(), FeatureMeanings.rows(levels, caps.metadataVersion()), null);
    }
}
