package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.memory.MoveSamples;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.reassign.LeftoverThrottles;
import dev.kshell.rules.reassign.MoveProgress;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code reassignments}: every reassignment in flight, whoever started it, with the bytes each adding replica has
 * copied, the bytes and time left at the rate seen over the last reads ({@link MoveSamples}; a first read in a
 * session reads the sizes again after {@code sampleGap} to have a rate at all), the throttles in place, and a stuck
 * one named (an adding replica on a broker that is not live). Only the live brokers that answer are asked. Reads only.
 */
public record ReassignmentsReader(ClusterGateway gateway, MoveSamples samples, Duration sampleGap) {

    /** The gap between the two reads of a session's first look at the moves. */
    public static final Duration SAMPLE_GAP = Duration.ofSeconds(3);

    public ReassignmentsView read() {
        ReplicaMoves moves = gateway.replicaMoves();
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
        LiveBrokers live = LiveBrokers.of(gateway, gateway.brokers());
        List<String> notes = new ArrayList<>();
        if (live.note() != null && !inFlight.isEmpty()) {
            notes.add(live.note());
        }
        String clusterId = inFlight.isEmpty() ? null : gateway.clusterId();
        Map<Integer, Map<PartitionSpec, Long>> sizes = Map.of();
        Map<String, List<MoveProgress.Sample>> seen = Map.of();
        if (!inFlight.isEmpty()) {
            List<String> names = inFlight.keySet().stream().map(PartitionSpec::name).toList();
            if (!samples.seenBefore(clusterId, names) && !sampleGap.isZero()) {
                samples.record(clusterId, copied(inFlight, sizes(moves, live, notes)), System.currentTimeMillis());
                MoveWatch.sleep(sampleGap);
            }
            sizes = sizes(moves, live, new ArrayList<>());
            seen = samples.record(clusterId, copied(inFlight, sizes), System.currentTimeMillis());
        }
        ReplicaMoves.Throttles throttles = throttles(moves, live, notes);
        List<ReassignmentsView.Row> rows = new ArrayList<>();
        for (Map.Entry<PartitionSpec, ReplicaMoves.InFlight> e : inFlight.entrySet()) {
            rows.add(row(e.getKey(), e.getValue(), sizes, live, throttles,
                    seen.getOrDefault(e.getKey().name(), List.of())));
        }
        Map<Integer, Map<String, String>> brokerThrottles = new TreeMap<>();
        throttles.brokerRates().forEach((b, r) -> {
            if (!r.isEmpty()) {
                brokerThrottles.put(b, r);
            }
        });
        Map<String, Map<String, String>> topicThrottles = new TreeMap<>();
        throttles.topicLists().forEach((t, l) -> {
            if (!l.isEmpty()) {
                topicThrottles.put(t, l);
            }
        });
        boolean leftover = LeftoverThrottles.leftover(!inFlight.isEmpty(), brokerThrottles, topicThrottles);
        MoveProgress.Estimate total = MoveProgress.total(rows.stream().map(ReassignmentsView.Row::progress).toList());
        return new ReassignmentsView(rows, total, brokerThrottles, topicThrottles, leftover, notes);
    }

    private static ReassignmentsView.Row row(PartitionSpec p, ReplicaMoves.InFlight f,
                                             Map<Integer, Map<PartitionSpec, Long>> sizes, LiveBrokers live,
                                             ReplicaMoves.Throttles throttles, List<MoveProgress.Sample> seen) {
        long wanted = -1;
        for (int r : f.replicas()) {
            if (!f.adding().contains(r) && live.ids().contains(r)) {
                Long size = sizes.getOrDefault(r, Map.of()).get(p);
                if (size != null) {
                    wanted = Math.max(wanted, size);
                }
            }
        }
        List<ReassignmentsView.Copy> copies = new ArrayList<>();
        for (int a : f.adding()) {
            copies.add(new ReassignmentsView.Copy(a, sizes.getOrDefault(a, Map.of()).getOrDefault(p, 0L), wanted));
        }
        List<Integer> dead = f.adding().stream().filter(a -> !live.ids().contains(a)).toList();
        String stuck = dead.isEmpty() ? null : "adding replica on broker " + EvacuateWorkflow.join(dead)
                + ", which is not live: it cannot finish (`reassign cancel " + p.name() + "`)";
        boolean throttled = !throttles.topicLists().getOrDefault(p.topic(), Map.of()).isEmpty();
        MoveProgress.Estimate progress = MoveProgress.of(seen, wanted < 0 ? -1 : wanted * f.adding().size());
        return new ReassignmentsView.Row(p.name(), f.replicas(), f.adding(), f.removing(), copies, progress, throttled,
                stuck);
    }

    private static Map<Integer, Map<PartitionSpec, Long>> sizes(ReplicaMoves moves, LiveBrokers live,
                                                                List<String> notes) {
        ReplicaMoves.LogDirUsage usage = moves.logDirs(live.ids());
        notes.addAll(usage.errors().values());
        return usage.sizes();
    }

    /** Per move, the bytes its adding replicas hold now (summed). */
    private static Map<String, Long> copied(Map<PartitionSpec, ReplicaMoves.InFlight> inFlight,
                                            Map<Integer, Map<PartitionSpec, Long>> sizes) {
        Map<String, Long> out = new HashMap<>();
        inFlight.forEach((p, f) -> out.put(p.name(), f.adding().stream()
                .mapToLong(a -> sizes.getOrDefault(a, Map.of()).getOrDefault(p, 0L)).sum()));
        return out;
    }

    private ReplicaMoves.Throttles throttles(ReplicaMoves moves, LiveBrokers live, List<String> notes) {
        try {
            return moves.throttles(live.ids(), gateway.topicNames());
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw e;
            }
            notes.add("throttles not read: " + e.getMessage());
            return new ReplicaMoves.Throttles(Map.of(), Map.of());
        }
    }
}
