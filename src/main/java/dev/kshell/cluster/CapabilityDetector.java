package dev.kshell.cluster;

import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterCapabilities.Feature;
import dev.kshell.model.ClusterCapabilities.Mode;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeFeaturesOptions;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.server.common.MetadataVersion;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.KafkaFuture;

/**
 * Decides, from what the cluster answers, what it offers (docs/compatibility.md has the table):
 * <ol>
 * <li>describeFeatures (an ApiVersions request): a finalized {@code metadata.version} means KRaft and names the
 *     release line ("3.9-IV0" is Kafka 3.9); {@code eligible.leader.replicas.version} >= 1 means ELR,
 *     {@code kraft.version} >= 1 a dynamic quorum (KIP-853). A ZooKeeper-mode broker finalizes no metadata.version
 *     (seen on 3.9.1: no features at all).</li>
 * <li>Without metadata.version: describeMetadataQuorum refused as unsupported confirms ZooKeeper mode; the release
 *     line is then the broker's effective {@code inter.broker.protocol.version} (its default is the broker's own
 *     release; an operator pins it lower during an upgrade, and then that is the protocol the cluster speaks).</li>
 * <li>Fenced-broker listing: a first describeCluster with includeFencedBrokers; brokers before 4.0 refuse it
 *     ("Attempted to write a non-default includeFencedBrokers at version 1"), which turns the feature off.</li>
 * </ol>
 * describeProducers and listTransactions are assumed until a first use is refused as unsupported
 * ({@link AdminClientGateway#refused}). Each probe has the gateway's deadline. describeFeatures failing for
 * another reason than "unsupported" (unreachable, denied) is thrown: nothing is cached and the command fails as it
 * would have. A later probe that fails so leaves its feature assumed and adds a note, so a slow cluster is never
 * misread as an old one.
 */
final class CapabilityDetector {

    static final String METADATA_VERSION = "metadata.version";
    static final String ELR_VERSION = "eligible.leader.replicas.version";
    static final String KRAFT_VERSION = "kraft.version";

    private CapabilityDetector() {
    }

    static ClusterCapabilities detect(AdminClientGateway gateway) {
        List<String> notes = new ArrayList<>();
        Map<String, FinalizedVersionRange> finalized = null;
        try {
            FeatureMetadata features = get(gateway, gateway.admin()
                    .describeFeatures(new DescribeFeaturesOptions().timeoutMs(gateway.timeoutMs())).featureMetadata());
            finalized = features.finalizedFeatures();
        } catch (UnsupportedVersionException e) {
            notes.add("describeFeatures is not supported (Kafka before 2.7?): features assumed from the mode");
        } catch (ClusterException e) {
            throw e;
        } catch (Exception e) {
            // Not an old cluster but an unreachable or refusing one: the command fails as it would have anyway,
            // and nothing is cached, so the next command detects again.
            throw KafkaErrors.translateCause(gateway.target(), "describeFeatures", e);
        }

        Optional<Short> level = level(finalized, METADATA_VERSION);
        Mode mode;
        String version = null;
        String metadataVersion = null;
        if (level.isPresent() && !metadataLoaded(level.get())) {
            // A KRaft broker answers with its bootstrap level (1 on 3.9) until it has read the cluster's metadata,
            // seconds after a start: not the cluster's version. Left unknown, so the connection detects again.
            mode = Mode.KRAFT;
            notes.add("metadata.version level " + level.get() + " answered: the broker has not loaded the cluster's "
                    + "metadata yet (just started?); detected again on the next command");
        } else if (level.isPresent()) {
            mode = Mode.KRAFT;
            metadataVersion = metadataVersionName(level.get());
            version = releaseLine(metadataVersion);
        } else if (gateway.target().viaControllers()) {
            mode = Mode.KRAFT; // only KRaft has controller endpoints
        } else {
            mode = finalized == null ? quorumProbe(gateway, notes) : confirmZooKeeper(gateway, notes);
            if (mode == Mode.ZOOKEEPER) {
                version = interBrokerProtocol(gateway, notes);
            }
        }

        Map<Feature, Boolean> offered = new EnumMap<>(Feature.class);
        boolean kraft = mode != Mode.ZOOKEEPER;
        offered.put(Feature.DESCRIBE_QUORUM, kraft);
        offered.put(Feature.ELIGIBLE_LEADER_REPLICAS, kraft
                && (finalized == null || level(finalized, ELR_VERSION).orElse((short) 0) >= 1));
        offered.put(Feature.DYNAMIC_QUORUM, kraft
                && (finalized == null || level(finalized, KRAFT_VERSION).orElse((short) 0) >= 1));
        // a metadata.version of 4.0 or later is finalized only by 4.0+ software, which lists fenced brokers
        // (KIP-1073): no probe, one round trip fewer at every start on such a cluster; an older level asks
        offered.put(Feature.FENCED_BROKER_LISTING, !gateway.target().viaControllers() && kraft
                && (atLeastFour(version) || fencedListingAccepted(gateway, notes)));
        offered.put(Feature.DESCRIBE_PRODUCERS, true);
        offered.put(Feature.LIST_TRANSACTIONS, true);
        return new ClusterCapabilities(mode, version, metadataVersion, offered, notes);
    }

    /**
     * Whether a finalized metadata.version level can be the cluster's own: production KRaft starts at
     * {@link MetadataVersion#MINIMUM_VERSION} (3.3-IV3); a lower level is a broker's value before it read the log.
     */
    static boolean metadataLoaded(short level) {
        return level >= MetadataVersion.MINIMUM_VERSION.featureLevel();
    }

    /** "3.9-IV0" for a known level; "level 30 (newer than this kshell)" otherwise. */
    static String metadataVersionName(short level) {
        try {
            return MetadataVersion.fromFeatureLevel(level).version();
        } catch (IllegalArgumentException unknown) {
            short latest = MetadataVersion.latestTesting().featureLevel();
            return level > latest ? "level " + level + " (newer than " + MetadataVersion.latestTesting().version() + ")"
                    : "level " + level + " (older than " + MetadataVersion.MINIMUM_VERSION.version() + ")";
        }
    }

    /** "3.9-IV0" -> "3.9"; null for anything that is not a release-line spelling. */
    static String releaseLine(String protocolVersion) {
        if (protocolVersion == null || protocolVersion.isEmpty() || !Character.isDigit(protocolVersion.charAt(0))) {
            return null;
        }
        String head = protocolVersion.split("-", 2)[0];
        String[] parts = head.split("\\.");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : head;
    }

    private static Optional<Short> level(Map<String, FinalizedVersionRange> finalized, String feature) {
        if (finalized == null) {
            return Optional.empty();
        }
        FinalizedVersionRange range = finalized.get(feature);
        return range == null ? Optional.empty() : Optional.of(range.maxVersionLevel());
    }

    /** No metadata.version finalized: ZooKeeper mode when the quorum API is refused, else KRaft of unknown version. */
    private static Mode confirmZooKeeper(AdminClientGateway gateway, List<String> notes) {
        Mode mode = quorumProbe(gateway, notes);
        return mode == Mode.UNKNOWN ? Mode.ZOOKEEPER : mode;
    }

    private static Mode quorumProbe(AdminClientGateway gateway, List<String> notes) {
        try {
            get(gateway, gateway.admin().describeMetadataQuorum(
                    new DescribeMetadataQuorumOptions().timeoutMs(gateway.timeoutMs())).quorumInfo());
            return Mode.KRAFT;
        } catch (UnsupportedVersionException e) {
            return Mode.ZOOKEEPER;
        } catch (Exception e) {
            notes.add("the metadata quorum did not answer (" + rootMessage(e) + "): mode not confirmed");
            return Mode.UNKNOWN;
        }
    }

    /** Whether a release line ("4.1") is 4.0 or later; false when unknown. */
    static boolean atLeastFour(String releaseLine) {
        if (releaseLine == null) {
            return false;
        }
        try {
            return Integer.parseInt(releaseLine.split("\\.", 2)[0]) >= 4;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean fencedListingAccepted(AdminClientGateway gateway, List<String> notes) {
        try {
            get(gateway, gateway.admin().describeCluster(new DescribeClusterOptions().includeFencedBrokers(true)
                    .timeoutMs(gateway.timeoutMs())).nodes());
            return true;
        } catch (UnsupportedVersionException e) {
            return false;
        } catch (Exception e) {
            notes.add("describeCluster with fenced brokers failed (" + rootMessage(e) + "): assumed supported");
            return true;
        }
    }

    /** The release line of the first broker's effective inter.broker.protocol.version ("3.9"), or null. */
    private static String interBrokerProtocol(AdminClientGateway gateway, List<String> notes) {
        try {
            Collection<Node> nodes = get(gateway, gateway.admin()
                    .describeCluster(new DescribeClusterOptions().timeoutMs(gateway.timeoutMs())).nodes());
            if (nodes.isEmpty()) {
                return null;
            }
            ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER,
                    String.valueOf(nodes.iterator().next().id()));
            Config config = get(gateway, gateway.admin().describeConfigs(List.of(broker),
                    new DescribeConfigsOptions().timeoutMs(gateway.timeoutMs())).all()).get(broker);
            ConfigEntry ibp = config == null ? null : config.get("inter.broker.protocol.version");
            if (ibp == null || ibp.value() == null) {
                return null;
            }
            if (ibp.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG) {
                notes.add("inter.broker.protocol.version is pinned to " + ibp.value() + " (" + ibp.source()
                        + "): the brokers may run a newer release");
            }
            return releaseLine(ibp.value());
        } catch (Exception e) {
            notes.add("the release line could not be read (" + rootMessage(e) + ")");
            return null;
        }
    }

    private static <T> T get(AdminClientGateway gateway, KafkaFuture<T> future)
            throws Exception {
        try {
            return AdminClientGateway.answer(gateway.target(), future); // a refusal is said at once
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof Exception ex ? ex : e;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
