package dev.kshell.model;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Collections;

/**
 * What one cluster offers, detected once per connection from what it answers (its finalized features, the API
 * versions it accepts, a first attempt that it refused as unsupported). Every Admin request asks only for what is
 * here; every feature that is missing is rendered as a sentence ({@link #missing(Feature)}), never as an error or an
 * empty value.
 *
 * @param mode            KRaft, ZooKeeper, or unknown (not detected: every feature is assumed)
 * @param version         the Kafka release line as far as the cluster tells it ("3.9", "4.4", "2.8-3.9" in
 *                        ZooKeeper mode where no metadata version exists), or null when unknown
 * @param metadataVersion the finalized KRaft {@code metadata.version} ("3.9-IV0"), or null (ZooKeeper mode, unknown)
 * @param features        per feature, whether this cluster offers it
 * @param notes           how the detection went where it matters to an operator (e.g. "describeFeatures refused:
 *                        features assumed"); never null
 */
public record ClusterCapabilities(Mode mode, String version, String metadataVersion, Map<Feature, Boolean> features,
                                  List<String> notes) {

    /** How the cluster keeps its metadata. */
    public enum Mode { KRAFT, ZOOKEEPER, UNKNOWN }

    /** The features whose presence changes what kshell asks or shows. */
    public enum Feature {
        /** describeCluster lists fenced brokers (DescribeCluster v2, Kafka 4.0+ brokers). */
        FENCED_BROKER_LISTING("fenced-broker listing", "brokers are listed without their fenced state"),
        /** Eligible leader replicas and last-known ELR in topic descriptions (KIP-966). */
        ELIGIBLE_LEADER_REPLICAS("ELR", "no eligible leader replicas"),
        /** describeMetadataQuorum (KRaft only). */
        DESCRIBE_QUORUM("describe quorum", "no KRaft metadata quorum; the controller is a broker elected in ZooKeeper"),
        /** Controllers can be added and removed at run time (KIP-853, kraft.version 1). */
        DYNAMIC_QUORUM("dynamic quorum", "static controller.quorum.voters (kraft.version 0)"),
        /** describeProducers: producer state of one replica (KIP-664). */
        DESCRIBE_PRODUCERS("describeProducers", "no producer state per replica"),
        /** listTransactions: transactional ids per coordinator (KIP-664). */
        LIST_TRANSACTIONS("listTransactions", "transactional ids cannot be listed");

        private final String label;
        private final String without;

        Feature(String label, String without) {
            this.label = label;
            this.without = without;
        }

        /** How the feature is called in output ("ELR"). */
        public String label() {
            return label;
        }

        /** What its absence means, in words ("no eligible leader replicas"). */
        public String without() {
            return without;
        }
    }

    public ClusterCapabilities {
        EnumMap<Feature, Boolean> copy = new EnumMap<>(Feature.class);
        for (Feature f : Feature.values()) {
            copy.put(f, features == null || features.getOrDefault(f, Boolean.TRUE));
        }
        features = Collections.unmodifiableMap(copy);
        notes = notes == null ? List.of() : List.copyOf(notes);
        mode = mode == null ? Mode.UNKNOWN : mode;
    }

    /** Nothing detected (a test fixture, or a gateway that cannot tell): every feature assumed, as on Kafka 4.4. */
    public static ClusterCapabilities assumeAll() {
        return new ClusterCapabilities(Mode.UNKNOWN, null, null, Map.of(), List.of());
    }

    /** A KRaft cluster with every feature, as a current Kafka 4.x cluster. */
    public static ClusterCapabilities kraftLatest(String version, String metadataVersion) {
        return new ClusterCapabilities(Mode.KRAFT, version, metadataVersion, Map.of(), List.of());
    }

    /** Whether the cluster offers {@code feature}. */
    public boolean has(Feature feature) {
        return features.get(feature);
    }

    public boolean zooKeeperMode() {
        return mode == Mode.ZOOKEEPER;
    }

    /** "Kafka 3.9", "Kafka 3.9, ZooKeeper mode", or "this cluster" when the version is unknown. */
    public String describe() {
        String v = version == null ? "this cluster" : "Kafka " + version;
        return mode == Mode.ZOOKEEPER ? v + ", ZooKeeper mode" : v;
    }

    /**
     * The sentence for a feature the cluster lacks, to stand where its value would be:
     * {@code "n/a (Kafka 3.9: no eligible leader replicas)"}.
     */
    public String missing(Feature feature) {
        // a dynamic KRaft quorum means nothing without a KRaft quorum: say the bigger thing
        Feature said = mode == Mode.ZOOKEEPER && feature == Feature.DYNAMIC_QUORUM ? Feature.DESCRIBE_QUORUM : feature;
        return "n/a (" + (version == null ? (mode == Mode.ZOOKEEPER ? "ZooKeeper mode" : "this cluster")
                : "Kafka " + version) + ": " + said.without() + ")";
    }

    /** The features this cluster lacks, in declaration order. */
    public List<Feature> missingFeatures() {
        List<Feature> out = new ArrayList<>();
        features.forEach((f, on) -> {
            if (!on) {
                out.add(f);
            }
        });
        return out;
    }

    /** This record with one feature switched (e.g. after a first attempt was refused as unsupported). */
    public ClusterCapabilities with(Feature feature, boolean offered, String note) {
        EnumMap<Feature, Boolean> copy = new EnumMap<>(features);
        copy.put(feature, offered);
        List<String> allNotes = new ArrayList<>(notes);
        if (note != null) {
            allNotes.add(note);
        }
        return new ClusterCapabilities(mode, version, metadataVersion, copy, allNotes);
    }
}
