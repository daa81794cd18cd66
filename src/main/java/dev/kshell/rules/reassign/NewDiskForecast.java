package dev.kshell.rules.reassign;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What starting broker N on a new, empty, freshly formatted disk (same broker id) will do to each of its partitions,
 * said before the start (docs/kafka-behaviour.md, "A broker back on an empty disk"): the controller does not know the
 * disk is new, so
 * <ul>
 *   <li>a partition with a live leader elsewhere gets N back as a follower that copies the whole log from that
 *       leader and rejoins the ISR (nothing lost; the bytes cross the network, unthrottled);</li>
 *   <li>a partition with no live leader whose only eligible replica is N (its ISR, or its ELR on a release with
 *       eligible leader replicas) has lost its records with the old disk. In ZooKeeper mode (and KRaft before
 *       directory ids, 3.7) N is elected at once, cleanly as far as Kafka can tell, and leads it with an EMPTY log:
 *       the end offset falls to 0, a live out-of-sync replica truncates to it, every committed consumer offset lies
 *       beyond the new end (out of range). In KRaft 3.7+ the controller was seen keeping such a partition offline
 *       instead (Kafka 4.4 strikes a broker that re-registers after an unclean shutdown from the ISR and ELR), until
 *       an unclean election makes N lead it EMPTY; and, on Kafka 4.4 with one log directory, in another run leading
 *       it EMPTY at once: either way its records are gone ({@link Kind#GONE});</li>
 *   <li>a partition with no live leader whose eligible replicas do not include N stays leaderless (N is not
 *       elected).</li>
 * </ul>
 * Pure.
 */
public final class NewDiskForecast {

    private NewDiskForecast() {
    }

    /** What one partition does when N starts on an empty disk. */
    public enum Kind {
        /** copied back from a live leader; nothing lost */
        COPIED_BACK,
        /** led by N with an empty log: every record lost */
        EMPTY_LEADER,
        /** its only copy was on the old disk: kept offline (until an unclean election) or led EMPTY; records lost */
        GONE,
        /** stays without a leader: N is not eligible */
        STAYS_OFFLINE
    }

    /**
     * @param partition "topic-N"
     * @param kind      what happens to it
     * @param leader    the live leader it copies from (COPIED_BACK), else null
     * @param bytes     bytes N copies back (the leader's replica size), -1 when unknown or not copied
     * @param lost      what is lost (EMPTY_LEADER): the records kshell remembers, or "every record it held"
     * @param truncated live replicas that are out of sync and truncate to the empty log (EMPTY_LEADER)
     */
    public record Row(String partition, Kind kind, Integer leader, long bytes, String lost, List<Integer> truncated) {
        public Row {
            truncated = List.copyOf(truncated);
        }
    }

    /**
     * @param broker the broker that starts on a new disk
     * @param rows   one per partition with a replica on it, in the snapshot's order
     */
    public record Forecast(int broker, List<Row> rows) {

        public List<Row> of(Kind kind) {
            return rows.stream().filter(r -> r.kind() == kind).toList();
        }

        /** Bytes copied back in all (a lower bound when some size is unknown). */
        public long bytesCopied() {
            return rows.stream().filter(r -> r.kind() == Kind.COPIED_BACK).mapToLong(r -> Math.max(0, r.bytes()))
                    .sum();
        }

        /** The partitions whose only eligible copy was on the old disk: led EMPTY, or kept offline, records gone. */
        public List<Row> onlyCopy() {
            return rows.stream().filter(r -> r.lost() != null).toList();
        }
    }

    /**
     * @param partitions every partition (those without a replica on {@code broker} are skipped)
     * @param broker     the broker that starts on a new disk (not live now)
     * @param live       the live brokers that answer
     * @param elr        whether the cluster has eligible leader replicas (KIP-966): then the ELR counts as eligible
     * @param directoryIds whether the controller tracks each replica's log directory (KRaft 3.7+, KIP-858): a
     *                   replica on a directory of the old disk is then kept offline
     * @param sizes      bytes per live broker per partition (describeLogDirs), possibly partial
     * @param remembered what kshell remembers of a partition's records ("records up to offset 999 (remembered
     *                   ...)"), or null when nothing
     */
    public static Forecast forecast(List<PartitionState> partitions, int broker, Set<Integer> live, boolean elr,
                                    boolean kraft, Map<Integer, Map<PartitionSpec, Long>> sizes,
                                    Function<String, String> remembered) {
        List<Row> rows = new ArrayList<>();
        for (PartitionState p : partitions) {
            if (!p.replicas().contains(broker)) {
                continue;
            }
            rows.add(row(p, broker, live, elr, kraft, sizes, remembered));
        }
        return new Forecast(broker, rows);
    }

    static Row row(PartitionState p, int broker, Set<Integer> live, boolean elr, boolean kraft,
                   Map<Integer, Map<PartitionSpec, Long>> sizes, Function<String, String> remembered) {
        Integer leader = p.leader();
        if (leader != null && leader != broker && live.contains(leader)) {
            Long size = sizes.getOrDefault(leader, Map.of()).get(new PartitionSpec(p.topic(), p.partition()));
            return new Row(p.name(), Kind.COPIED_BACK, leader, size == null ? -1 : size, null, List.of());
        }
        boolean eligible = p.isr().contains(broker) || (elr && p.elr().contains(broker));
        boolean liveEligible = p.isr().stream().anyMatch(r -> r != broker && live.contains(r))
                || (elr && p.elr().stream().anyMatch(r -> r != broker && live.contains(r)));
        if (liveEligible) {
            // the controller elects a live eligible replica by itself; N then copies back from it
            return new Row(p.name(), Kind.COPIED_BACK, null, -1, null, List.of());
        }
        if (eligible) {
            String what = remembered.apply(p.name());
            String lost = what == null ? "every record it held (kshell remembers no offsets of it)" : what;
            List<Integer> truncated = p.replicas().stream().filter(r -> r != broker && live.contains(r)).toList();
            if (kraft) {
                return new Row(p.name(), Kind.GONE, null, -1, lost, truncated);
            }
            return new Row(p.name(), Kind.EMPTY_LEADER, null, -1, lost, truncated);
        }
        return new Row(p.name(), Kind.STAYS_OFFLINE, null, -1, null, List.of());
    }
}
