package dev.kshell.model;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** What the radar reads besides certificates and versions: newest record times, the controller's clock, levels. */
public final class RadarReads {

    private RadarReads() {
    }

    /**
     * The newest record of each partition asked (listOffsets with the max-timestamp spec, Kafka 3.0+).
     *
     * @param readAtMs    this host's clock when the answers came
     * @param newest      per partition that holds records: the offset and timestamp of its newest-stamped record
     * @param failed      per partition that could not be read, why
     * @param unsupported why nothing could be read (a release before 3.0), or null
     */
    public record MaxTimestamps(long readAtMs, Map<PartitionSpec, RecordTime> newest, Map<PartitionSpec, String> failed,
                                String unsupported) {

        public MaxTimestamps {
            newest = newest == null ? Map.of() : Collections.unmodifiableMap(new HashMap<>(newest));
            failed = failed == null ? Map.of() : Collections.unmodifiableMap(new HashMap<>(failed));
        }

        public static MaxTimestamps unsupported(long readAtMs, String why) {
            return new MaxTimestamps(readAtMs, Map.of(), Map.of(), why);
        }
    }

    /** A record's offset and timestamp (epoch ms). */
    public record RecordTime(long offset, long timestampMs) {
    }

    /**
     * The active controller's clock as describeMetadataQuorum shows it: the leader reports its own fetch and
     * caught-up times as its clock's now when it answers (seen on 3.9 and 4.4: docs/kafka-behaviour.md), so its
     * clock lies within [leaderNowMs - receivedAtMs, leaderNowMs - sentAtMs] of this host's.
     *
     * @param leaderId    the active controller
     * @param leaderNowMs the leader's own timestamp in its answer (epoch ms, its clock)
     * @param sentAtMs    this host's clock when the request went out
     * @param receivedAtMs this host's clock when the answer came
     * @param unavailable why it cannot be told (ZooKeeper mode, no leader, the answer had no timestamp), or null
     */
    public record ControllerClock(int leaderId, long leaderNowMs, long sentAtMs, long receivedAtMs,
                                  String unavailable) {

        public static ControllerClock unavailable(String why) {
            return new ControllerClock(-1, -1, -1, -1, why);
        }
    }

    /**
     * One {@code metadata.version} level as kshell's Kafka knows it.
     *
     * @param level           the feature level
     * @param name            "3.9-IV0"
     * @param metadataChanged whether this level changed the metadata format: Kafka refuses a downgrade across it
     */
    public record MetadataLevel(short level, String name, boolean metadataChanged) {
    }
}
