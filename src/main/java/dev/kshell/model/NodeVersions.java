package dev.kshell.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one node said of its own software in an ApiVersions answer, asked on its own endpoint: the feature levels
 * its software supports (KRaft nodes; empty in ZooKeeper mode), the finalized levels it has loaded, and the
 * highest version of each Kafka API it serves (a node on other software answers other versions).
 *
 * @param nodeId      the node, or null when not known
 * @param role        "broker" or "controller"
 * @param endpoint    host:port asked
 * @param supported   per feature, the range of levels this node's software supports
 * @param finalized   per feature, the finalized level this node has loaded
 * @param apiVersions per API key, the highest version this node serves
 * @param error       why the node could not be asked, or null
 */
public record NodeVersions(Integer nodeId, String role, String endpoint, Map<String, Range> supported,
                           Map<String, Short> finalized, Map<Short, Short> apiVersions, String error) {

    public NodeVersions {
        supported = supported == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(supported));
        finalized = finalized == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(finalized));
        apiVersions = apiVersions == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(apiVersions));
    }

    /** A node that could not be asked. */
    public static NodeVersions failed(Integer nodeId, String role, String endpoint, String why) {
        return new NodeVersions(nodeId, role, endpoint, Map.of(), Map.of(), Map.of(), why);
    }

    /** A range of feature levels, both ends included. */
    public record Range(short min, short max) {
    }
}
