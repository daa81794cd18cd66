package dev.kshell.rules.quorum;

import dev.kshell.model.FeatureLevels;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What each finalized feature level means to the person on call (pure). Kafka finalizes a feature cluster-wide; a
 * level the cluster does not list is 0 (Kafka leaves level-0 features out of its answer).
 */
public final class FeatureMeanings {

    private FeatureMeanings() {
    }

    /** The features kshell explains, in the order it shows them. */
    public static final List<String> KNOWN = List.of("metadata.version", "kraft.version",
            "eligible.leader.replicas.version", "transaction.version", "group.version", "share.version",
            "streams.version");

    /**
     * One feature as {@code features} shows it.
     *
     * @param name       the feature
     * @param level      its finalized level (0 when not listed)
     * @param supported  the highest level the answering node supports, null when not reported
     * @param meaning    what the level means, in one sentence
     */
    public record Row(String name, short level, Short supported, String meaning) {
    }

    /** Every known feature, then any other the cluster lists. */
    public static List<Row> rows(FeatureLevels levels, String metadataVersionName) {
        List<Row> out = new ArrayList<>();
        for (String name : KNOWN) {
            Short level = levels.level(name);
            if (level == null && !levels.supportedMax().containsKey(name)) {
                continue; // a release that has never heard of it
            }
            short l = level == null ? 0 : level;
            out.add(new Row(name, l, levels.supportedMax().get(name), meaning(name, l, metadataVersionName)));
        }
        for (Map.Entry<String, Short> e : levels.finalized().entrySet()) {
            if (!KNOWN.contains(e.getKey())) {
                out.add(new Row(e.getKey(), e.getValue(), levels.supportedMax().get(e.getKey()),
                        "level " + e.getValue()));
            }
        }
        return out;
    }

    static String meaning(String name, short level, String metadataVersionName) {
        return switch (name) {
            case "metadata.version" -> (metadataVersionName == null ? "level " + level : metadataVersionName)
                    + ": the metadata format every node must understand; it decides which of the features below "
                    + "can be on, and `kafka-features upgrade` only moves it up";
            case "kraft.version" -> level >= 1
                    ? "dynamic quorum (KIP-853): controllers are added, removed and replaced at run time "
                            + "(quorum add-controller / remove-controller / replace-controller); it cannot go back to 0"
                    : "static quorum (controller.quorum.voters): the voter set cannot change; a controller whose "
                            + "disk is gone must come back as the same voter";
            case "eligible.leader.replicas.version" -> level >= 1
                    ? "ELR on (KIP-966): replicas that left the ISR cleanly stay eligible, so a partition whose ISR "
                            + "died can still get a clean leader"
                    : "ELR off: once the last ISR member dies only an unclean election brings the partition back";
            case "transaction.version" -> level >= 2
                    ? "transactions v2 (KIP-890): the broker bumps the producer epoch per transaction, which guards "
                            + "against hanging transactions and zombie writes"
                    : level == 1 ? "transactions v1: flexible transaction-state records; no per-transaction epoch bump"
                    : "classic transactions: a lost commit marker can leave a hanging transaction that blocks "
                            + "read_committed consumers";
            case "group.version" -> level >= 1
                    ? "the new consumer rebalance protocol (KIP-848) is available to consumers that ask for it"
                    : "classic consumer rebalances only";
            case "share.version" -> level >= 1 ? "share groups (KIP-932) are on" : "share groups are off";
            case "streams.version" -> level >= 1 ? "the streams rebalance protocol (KIP-1071) is on"
                    : "the streams rebalance protocol is off";
            default -> "level " + level;
        };
    }
}
