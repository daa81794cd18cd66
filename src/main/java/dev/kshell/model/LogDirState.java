package dev.kshell.model;

import java.util.Map;

/**
 * One log directory of one broker, as describeLogDirs reports it.
 *
 * @param broker      the broker's node id
 * @param path        the directory's path on the broker
 * @param error       why the broker has it offline (the error it reports for it), or null when online
 * @param totalBytes  the volume's size in bytes, or null when the release does not report it (before Kafka 3.3,
 *                    KIP-827) or the directory is offline
 * @param usableBytes bytes still free for Kafka on the volume, or null when not reported
 * @param cordoned    true when the broker reports the directory cordoned (no new replicas placed there; Kafka 4.4
 *                    reports it, older releases never do)
 * @param replicas    per partition, the replica this directory holds (an offline directory lists none)
 */
public record LogDirState(int broker, String path, String error, Long totalBytes, Long usableBytes, boolean cordoned,
                          Map<PartitionSpec, Replica> replicas) {

    public LogDirState {
        replicas = Map.copyOf(replicas);
    }

    /**
     * One replica's log in this directory.
     *
     * @param sizeBytes the log's size in bytes
     * @param offsetLag what the broker reports as the replica's offset lag (its high watermark less its log end
     *                  offset; 0 on a follower that is behind: docs/kafka-behaviour.md)
     * @param future    true for the future replica of a move between this broker's directories
     */
    public record Replica(long sizeBytes, long offsetLag, boolean future) {
    }

    public boolean online() {
        return error == null;
    }

    /** Bytes held by the replicas in this directory (future ones included: they take space too). */
    public long replicaBytes() {
        return replicas.values().stream().mapToLong(Replica::sizeBytes).sum();
    }
}
