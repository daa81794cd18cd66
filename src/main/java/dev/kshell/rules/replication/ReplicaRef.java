package dev.kshell.rules.replication;

import dev.kshell.model.PartitionSpec;

/** One replica: a partition on a broker. */
public record ReplicaRef(PartitionSpec partition, int broker) {
}
