package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.BrokerState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.reassign.LeftoverThrottles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.TreeMap;

/**
 * {@code reassignments}: every reassignment in flight, whoever started it, with the bytes each adding replica has
 * copied, the throttles in place, and a stuck one named (an adding replica on a broker that is not live). Reads
 * only.
 */
public final class ReassignmentsReader {

    private final ClusterGateway gateway;

    public ReassignmentsReader(ClusterGateway gateway) {
        this.gateway = gateway;
    }

    public ReassignmentsView read() {
        ReplicaMoves moves = gateway.replicaMoves();
        Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
        Set<Integer> live = new TreeSet<>();
        gateway.brokers().stream().filter(BrokerState::live).forEach(b -> live.add(b.id()));
        List<String> notes = new ArrayList<>();
        Map<Integer, Map<PartitionSpec, Long>> sizes = Map.of();
        if (!inFlight.isEmpty()) {
            ReplicaMoves.LogDirUsage usage = moves.logDirs(live);
            sizes = usage.sizes();
            usage.errors().values().forEach(notes::add);
        }
        ReplicaMoves.Throttles throttles;
        try {
            throttles = moves.throttles(live, gateway.topicNames());
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw e;
            }
            notes.add("throttles not read: " + e.getMessage());
            throttles = new ReplicaMoves.Throttles(Map.of(), Map.of());
        }
        List<ReassignmentsView.Row> rows = new ArrayList<>();
        for (Map.Entry<PartitionSpec, ReplicaMoves.InFlight> e : inFlight.entrySet()) {
            PartitionSpec p = e.getKey();
            ReplicaMoves.InFlight f = e.getValue();
            long wanted = -1;
            for (int r : f.replicas()) {
                if (!f.adding().contains(r) && live.contains(r)) {
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
            List<Integer> dead = f.adding().stream().filter(a -> !live.contains(a)).toList();
            String stuck = dead.isEmpty() ? null : "adding replica on broker " + EvacuateWorkflow.join(dead)
                    + ", which is not live: it cannot finish (`reassign cancel " + p.name() + "`)";
            boolean throttled = !throttles.topicLists().getOrDefault(p.topic(), Map.of()).isEmpty();
            rows.add(new ReassignmentsView.Row(p.name(), f.replicas(), f.adding(), f.removing(), copies, throttled,
                    stuck));
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
        return new ReassignmentsView(rows, brokerThrottles, topicThrottles, leftover, notes);
    }
}
