package dev.kshell.rules.replication;

import dev.kshell.model.Finding;

import java.util.List;

/**
 * Every log directory of the brokers read, judged (the JSON model of {@code logdirs}).
 *
 * @param takenAtMs when the directories were read (epoch ms)
 * @param dirs      per broker and path
 * @param errors    brokers that could not answer, one sentence each
 * @param findings  offline directories, low space, a directory that fills within a day (what triage warns of)
 */
public record LogDirReport(long takenAtMs, List<Dir> dirs, List<String> errors, List<Finding> findings) {

    public LogDirReport {
        dirs = List.copyOf(dirs);
        errors = List.copyOf(errors);
        findings = List.copyOf(findings);
    }

    /**
     * One log directory.
     *
     * @param broker          node id
     * @param path            the directory
     * @param online          false when the broker has it offline
     * @param error           the broker's error for an offline directory, else null
     * @param totalBytes      the volume's size, or null when not reported (before Kafka 3.3, or offline)
     * @param usableBytes     free bytes for Kafka, or null when not reported
     * @param cordoned        the broker reports it cordoned (Kafka 4.4)
     * @param replicaBytes    bytes held by its replicas
     * @param replicaCount    how many replicas it holds
     * @param largest         its largest replicas, largest first
     * @param growthBytesPerS how fast it fills (bytes/s) as this session watched it, or null when not watched long
     *                        enough
     * @param watchedMs       over how long the growth was measured (ms), 0 when not
     * @param fullInMs        at that rate, how long until usable space runs out (ms), or null (not growing, or
     *                        unknown)
     */
    public record Dir(int broker, String path, boolean online, String error, Long totalBytes, Long usableBytes,
                      boolean cordoned, long replicaBytes, int replicaCount, List<PartitionSize> largest,
                      Double growthBytesPerS, long watchedMs, Long fullInMs) {
        public Dir {
            largest = List.copyOf(largest);
        }

        /** Usable bytes as a share of the total (0-100), or null when either is not reported. */
        public Double usablePercent() {
            return totalBytes == null || usableBytes == null || totalBytes <= 0 ? null
                    : 100.0 * usableBytes / totalBytes;
        }
    }

    /** A replica's partition and size. */
    public record PartitionSize(String partition, long bytes) {
    }
}
