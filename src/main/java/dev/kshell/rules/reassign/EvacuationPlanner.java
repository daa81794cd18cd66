package dev.kshell.rules.reassign;

import dev.kshell.model.BrokerState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Plans the evacuation of one or more brokers (pure: snapshot facts in, a plan value out). For every replica on an
 * evacuated broker it picks a live broker outside the partition's replica set:
 * <ol>
 *   <li>not short of disk, when the broker reports its free space (room for the copy plus 10%);</li>
 *   <li>on a rack the partition's other replicas do not use, when the brokers have racks;</li>
 *   <li>holding the fewest replicas (those it has plus those planned onto it), then the fewest bytes.</li>
 * </ol>
 * Partitions are placed largest first, so that bytes spread as evenly as counts. The replication factor is kept; a
 * live leader that stays keeps leading (it is put first); otherwise a staying in-sync replica is put first, so a
 * caught-up copy, not an empty new one, is the preferred leader. A partition with no copy on a live broker at all is
 * listed apart ({@link EvacuationPlan.Lost}): moving it loses every record.
 */
public final class EvacuationPlanner {

    /** Room kept free on a target beyond the copy itself (10%). */
    static final double DISK_MARGIN = 1.10;

    private EvacuationPlanner() {
    }

    /**
     * @param partitions     every partition of the cluster (those without a replica on the evacuated brokers count
     *                       for the load of the others)
     * @param brokers        the registered brokers (fenced ones included; a broker not listed is not live)
     * @param evacuated      the brokers to empty (live or not)
     * @param sizesByBroker  bytes per broker per partition, from the live brokers' log dirs (may be partial)
     * @param usableByBroker free bytes per broker, where known
     * @param throttle       bytes/s per broker taking part; 0 = no throttle
     * @param shrink         a partition no live broker outside its replicas can take runs on its live replicas for
     *                       now (its replication factor lowered, {@code --shrink}) instead of staying put
     * @param cordoned       live brokers whose every log directory is cordoned: they keep their replicas (a copy
     *                       there is a live copy) but take no new one, as Kafka refuses it
     */
    public record Input(List<PartitionState> partitions, List<BrokerState> brokers, Set<Integer> evacuated,
                        Map<Integer, Map<PartitionSpec, Long>> sizesByBroker, Map<Integer, Long> usableByBroker,
                        long throttle, boolean shrink, Set<Integer> cordoned) {

        public Input(List<PartitionState> partitions, List<BrokerState> brokers, Set<Integer> evacuated,
                     Map<Integer, Map<PartitionSpec, Long>> sizesByBroker, Map<Integer, Long> usableByBroker,
                     long throttle, boolean shrink) {
            this(partitions, brokers, evacuated, sizesByBroker, usableByBroker, throttle, shrink, Set.of());
        }

        public Input(List<PartitionState> partitions, List<BrokerState> brokers, Set<Integer> evacuated,
                     Map<Integer, Map<PartitionSpec, Long>> sizesByBroker, Map<Integer, Long> usableByBroker,
                     long throttle) {
            this(partitions, brokers, evacuated, sizesByBroker, usableByBroker, throttle, false);
        }
    }

    /** Replicas and bytes per broker now; fills {@code size} with each partition's largest live copy. */
    private static Load loadNow(Input in, Set<Integer> live, Map<PartitionSpec, Long> size) {
        Load load = new Load();
        in.sizesByBroker().forEach((broker, sizes) -> sizes.forEach((p, s) -> {
            load.bytesOn.merge(broker, s, Long::sum);
            if (live.contains(broker)) {
                size.merge(p, s, Math::max);
            }
        }));
        for (PartitionState p : in.partitions()) {
            p.replicas().forEach(r -> load.count.merge(r, 1, Integer::sum));
        }
        return load;
    }

    public static EvacuationPlan plan(Input in) {
        Set<Integer> live = new TreeSet<>();
        Map<Integer, String> rack = new HashMap<>();
        for (BrokerState b : in.brokers()) {
            if (b.live()) {
                live.add(b.id());
            }
            if (b.rack() != null) {
                rack.put(b.id(), b.rack());
            }
        }
        List<Integer> targets = live.stream().filter(b -> !in.evacuated().contains(b) && !in.cordoned().contains(b))
                .toList();
        boolean racksKnown = !targets.isEmpty() && targets.stream().allMatch(rack::containsKey);

        Map<PartitionSpec, Long> size = new HashMap<>();
        Load load = loadNow(in, live, size);

        List<PartitionState> affected = in.partitions().stream()
                .filter(p -> p.replicas().stream().anyMatch(in.evacuated()::contains))
                .sorted(Comparator.<PartitionState>comparingLong(p -> -size.getOrDefault(spec(p), 0L))
                        .thenComparing(PartitionState::topic).thenComparingInt(PartitionState::partition))
                .toList();
        List<EvacuationPlan.Move> moves = new ArrayList<>();
        List<EvacuationPlan.Lost> lost = new ArrayList<>();
        List<EvacuationPlan.Unplaced> unplaced = new ArrayList<>();
        List<EvacuationPlan.Move> shrinks = new ArrayList<>();
        Set<String> notes = new LinkedHashSet<>();
        boolean sizesKnown = true;

        for (PartitionState p : affected) {
            boolean anyLive = p.replicas().stream().anyMatch(live::contains);
            Long known = size.get(spec(p));
            long bytes = known == null ? -1 : known;
            if (known == null && anyLive) {
                sizesKnown = false;
            }
            List<Integer> target = new ArrayList<>(p.replicas());
            Set<String> racksUsed = new HashSet<>();
            p.replicas().stream().filter(r -> !in.evacuated().contains(r)).map(rack::get).filter(Objects::nonNull)
                    .forEach(racksUsed::add);
            String why = place(p, target, targets, racksUsed, racksKnown ? rack : null, bytes, load,
                    in.usableByBroker(), notes, in.evacuated());
            if (why != null) {
                EvacuationPlan.Move shrunk = in.shrink() && anyLive && why.equals(NO_BROKER_OUTSIDE + " " + p.replicas())
                        ? shrink(p, live, in.evacuated(), bytes) : null;
                if (shrunk != null) {
                    shrinks.add(shrunk);
                } else {
                    unplaced.add(new EvacuationPlan.Unplaced(p.name(), p.replicas(), why));
                }
                continue;
            }
            List<Integer> ordered = leaderFirst(p, target, live, in.evacuated());
            List<Integer> adding = ordered.stream().filter(r -> !p.replicas().contains(r)).toList();
            List<Integer> removing = p.replicas().stream().filter(r -> !ordered.contains(r)).toList();
            load.book(adding, removing, bytes, p.leader() != null && live.contains(p.leader()) ? p.leader() : null);
            EvacuationPlan.Move move = new EvacuationPlan.Move(p.topic(), p.partition(), p.replicas(), ordered, adding,
                    removing, bytes);
            if (anyLive) {
                moves.add(move);
            } else {
                lost.add(new EvacuationPlan.Lost(move, "unknown"));
            }
        }
        if (!sizesKnown) {
            notes.add("some partitions' sizes could not be read (describeLogDirs): bytes and time are a lower bound");
        }
        return assemble(in, targets, moves, lost, unplaced, shrinks, load, sizesKnown,
                in.partitions().size() - affected.size(), notes);
    }

    /** The plan value: moves, lost partitions and shrinks in name order, the totals and the time at the throttle. */
    private static EvacuationPlan assemble(Input in, List<Integer> targets, List<EvacuationPlan.Move> moves,
                                           List<EvacuationPlan.Lost> lost, List<EvacuationPlan.Unplaced> unplaced,
                                           List<EvacuationPlan.Move> shrinks, Load load, boolean sizesKnown,
                                           int untouched, Set<String> notes) {
        Comparator<EvacuationPlan.Move> byName = Comparator.comparing(EvacuationPlan.Move::topic)
                .thenComparingInt(EvacuationPlan.Move::partition);
        moves.sort(byName);
        shrinks.sort(byName);
        lost.sort(Comparator.comparing(EvacuationPlan.Lost::name));
        long total = moves.stream().mapToLong(EvacuationPlan.Move::bytesToCopy).sum();
        long seconds = in.throttle() <= 0 ? 0 : ceilDiv(busiest(load.incoming, load.outgoing), in.throttle());
        return new EvacuationPlan(in.evacuated(), targets, in.throttle(), moves, lost, unplaced, shrinks,
                topicTotals(moves, in.throttle()), total, sizesKnown, seconds, untouched, List.copyOf(notes));
    }

    /** Replicas and bytes per broker as the plan books them, and the bytes each sends and receives. */
    private static final class Load {
        final Map<Integer, Integer> count = new HashMap<>();
        final Map<Integer, Long> bytesOn = new HashMap<>();
        final Map<Integer, Long> incoming = new HashMap<>();
        final Map<Integer, Long> outgoing = new HashMap<>();

        void book(List<Integer> adding, List<Integer> removing, long bytes, Integer source) {
            for (int a : adding) {
                count.merge(a, 1, Integer::sum);
                bytesOn.merge(a, Math.max(0, bytes), Long::sum);
                incoming.merge(a, Math.max(0, bytes), Long::sum);
            }
            for (int r : removing) {
                count.merge(r, -1, Integer::sum);
            }
            if (source != null) {
                outgoing.merge(source, Math.max(0, bytes) * adding.size(), Long::sum);
            }
        }
    }

    /**
     * Puts a live target in place of each evacuated replica of {@code target}; the reason when one cannot be
     * placed, else null.
     */
    private static String place(PartitionState p, List<Integer> target, List<Integer> targets, Set<String> racksUsed,
                                Map<Integer, String> rack, long bytes, Load load, Map<Integer, Long> usable,
                                Set<String> notes, Set<Integer> evacuated) {
        for (int i = 0; i < target.size(); i++) {
            if (!evacuated.contains(target.get(i))) {
                continue;
            }
            Integer to = pick(targets, target, racksUsed, rack, bytes, load.count, load.bytesOn, load.incoming,
                    usable, notes, p.name());
            if (to == null) {
                boolean outside = targets.stream().anyMatch(b -> !target.contains(b));
                return targets.isEmpty() ? "no live broker to move to"
                        : outside ? "no live broker outside its replicas " + p.replicas() + " has room for it"
                        : NO_BROKER_OUTSIDE + " " + p.replicas();
            }
            target.set(i, to);
            if (rack != null && rack.containsKey(to)) {
                racksUsed.add(rack.get(to));
            }
        }
        return null;
    }

    /** The reason a partition on a small cluster stays put: every live broker already holds a replica of it. */
    static final String NO_BROKER_OUTSIDE = "no live broker outside its replicas";

    /**
     * The partition on its live replicas only (no copy made, the replication factor one or more lower), the live
     * leader kept first; null when no replica would be left.
     */
    private static EvacuationPlan.Move shrink(PartitionState p, Set<Integer> live, Set<Integer> evacuated, long bytes) {
        List<Integer> staying = p.replicas().stream().filter(r -> !evacuated.contains(r)).toList();
        if (staying.isEmpty() || staying.stream().noneMatch(live::contains)) {
            return null;
        }
        List<Integer> ordered = leaderFirst(p, staying, live, evacuated);
        List<Integer> removing = p.replicas().stream().filter(evacuated::contains).toList();
        return new EvacuationPlan.Move(p.topic(), p.partition(), p.replicas(), ordered, List.of(), removing, bytes);
    }

    /** The target for one replica, or null when no live broker can take it; {@code rack} null = racks not used. */
    private static Integer pick(List<Integer> targets, List<Integer> current, Set<String> racksUsed, Map<Integer, String> rack,
                                long bytes, Map<Integer, Integer> count, Map<Integer, Long> bytesOn,
                                Map<Integer, Long> incoming, Map<Integer, Long> usable, Set<String> notes, String name) {
        List<Integer> candidates = new ArrayList<>();
        boolean shortOfDisk = false;
        for (int b : targets) {
            if (current.contains(b)) {
                continue;
            }
            Long free = usable.get(b);
            if (free != null && bytes > 0 && free - incoming.getOrDefault(b, 0L) < bytes * DISK_MARGIN) {
                shortOfDisk = true;
                continue;
            }
            candidates.add(b);
        }
        if (shortOfDisk) {
            notes.add("brokers short of disk were passed over for some partitions (free space from describeLogDirs)");
        }
        if (candidates.isEmpty()) {
            return null;
        }
        Comparator<Integer> byLoad = Comparator.<Integer>comparingInt(b -> count.getOrDefault(b, 0))
                .thenComparingLong(b -> bytesOn.getOrDefault(b, 0L)).thenComparingInt(b -> b);
        if (rack != null) {
            List<Integer> newRack = candidates.stream().filter(b -> !racksUsed.contains(rack.get(b))).toList();
            if (!newRack.isEmpty()) {
                return newRack.stream().min(byLoad).orElseThrow();
            }
            notes.add("not enough racks to keep every partition's replicas on different racks (e.g. " + name + ")");
        }
        return candidates.stream().min(byLoad).orElseThrow();
    }

    /**
     * The new replica order: a live leader that stays goes first; else, when the first replica would be a new
     * (empty) one, the first staying in-sync live replica goes first.
     */
    static List<Integer> leaderFirst(PartitionState p, List<Integer> target, Set<Integer> live, Set<Integer> evacuated) {
        List<Integer> out = new ArrayList<>(target);
        Integer leader = p.leader();
        Integer first = null;
        if (leader != null && live.contains(leader) && !evacuated.contains(leader) && out.contains(leader)) {
            first = leader;
        } else if (!p.replicas().contains(out.get(0))) {
            first = out.stream().filter(r -> p.replicas().contains(r) && p.isr().contains(r) && live.contains(r))
                    .findFirst().orElse(null);
        }
        if (first != null) {
            out.remove(first);
            out.add(0, first);
        }
        return out;
    }

    private static long busiest(Map<Integer, Long> incoming, Map<Integer, Long> outgoing) {
        long max = 0;
        for (long v : incoming.values()) {
            max = Math.max(max, v);
        }
        for (long v : outgoing.values()) {
            max = Math.max(max, v);
        }
        return max;
    }

    private static List<EvacuationPlan.TopicTotal> topicTotals(List<EvacuationPlan.Move> moves, long throttle) {
        Map<String, long[]> totals = new TreeMap<>();
        Map<String, Map<Integer, Long>> perBroker = new LinkedHashMap<>();
        for (EvacuationPlan.Move m : moves) {
            long[] t = totals.computeIfAbsent(m.topic(), k -> new long[2]);
            t[0]++;
            t[1] += m.bytesToCopy();
            for (int a : m.adding()) {
                perBroker.computeIfAbsent(m.topic(), k -> new HashMap<>()).merge(a, Math.max(0, m.bytes()), Long::sum);
            }
        }
        List<EvacuationPlan.TopicTotal> out = new ArrayList<>();
        totals.forEach((topic, t) -> {
            long busiest = perBroker.getOrDefault(topic, Map.of()).values().stream().mapToLong(Long::longValue).max()
                    .orElse(0);
            out.add(new EvacuationPlan.TopicTotal(topic, (int) t[0], t[1], throttle <= 0 ? 0 : ceilDiv(busiest, throttle)));
        });
        return out;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static PartitionSpec spec(PartitionState p) {
        return new PartitionSpec(p.topic(), p.partition());
    }
}
