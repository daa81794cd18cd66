package dev.kshell.model;

import java.util.Map;
import java.util.TreeMap;
import java.util.Collections;

/**
 * The cluster's finalized feature levels (describeFeatures): {@code metadata.version}, {@code kraft.version},
 * {@code eligible.leader.replicas.version}, {@code transaction.version}, {@code group.version}, ...
 *
 * @param finalized   each finalized feature's level (the max of its finalized range), by name
 * @param supportedMax the highest level the answering node supports, by name
 * @param epoch       the finalized features' epoch, -1 when not reported
 * @param unavailable why the levels could not be read (a release without describeFeatures), or null
 */
public record FeatureLevels(Map<String, Short> finalized, Map<String, Short> supportedMax, long epoch,
                            String unavailable) {

    public FeatureLevels {
        finalized = finalized == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(finalized));
        supportedMax = supportedMax == null ? Map.of()
                : Collections.unmodifiableMap(new TreeMap<>(supportedMax));
    }

    public static FeatureLevels unavailable(String why) {
        return new FeatureLevels(Map.of(), Map.of(), -1, why);
    }

    /** A finalized level, or null when the feature is not finalized (level 0 features are often left out). */
    public Short level(String name) {
        return finalized.get(name);
    }
}
