package dev.kshell.model;

import java.util.Map;

/**
 * Committed offsets per group (for a share group: the share-partition start offset).
 *
 * @param committed per group id, per partition, the committed offset (the next record the group will read)
 * @param unknown   per group id whose offsets could not be read, why ("not authorized ...")
 */
public record GroupOffsets(Map<String, Map<PartitionSpec, Long>> committed, Map<String, String> unknown) {

    public GroupOffsets {
        committed = Map.copyOf(committed);
        unknown = Map.copyOf(unknown);
    }
}
