package dev.kshell.rules.reassign;

import dev.kshell.model.BrokerState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Not a test: planning the evacuation of one of 8 brokers at 100,000 partitions (1,000 topics x 100, RF 3, sizes
 * known), in this JVM, five times. Run with
 * {@code java -cp target/test-classes:target/classes dev.kshell.rules.reassign.EvacuationPlannerBench}.
 */
public final class EvacuationPlannerBench {

    private EvacuationPlannerBench() {
    }

    public static void main(String[] args) {
        int brokers = 8;
        List<BrokerState> bs = new ArrayList<>();
        for (int b = 1; b <= brokers; b++) {
            bs.add(new BrokerState(b, "h", 9000 + b, "rack-" + (b % 3), b == 8));
        }
        List<PartitionState> parts = new ArrayList<>();
        Map<Integer, Map<PartitionSpec, Long>> sizes = new HashMap<>();
        int n = 0;
        for (int t = 0; t < 1000; t++) {
            for (int p = 0; p < 100; p++) {
                List<Integer> replicas = List.of(n % brokers + 1, (n + 1) % brokers + 1, (n + 2) % brokers + 1);
                parts.add(new PartitionState("topic-" + t, p, replicas.get(0), replicas, replicas, List.of(), List.of()));
                for (int r : replicas) {
                    sizes.computeIfAbsent(r, k -> new HashMap<>()).put(new PartitionSpec("topic-" + t, p), 1_000_000L + n);
                }
                n++;
            }
        }
        for (int round = 1; round <= 5; round++) {
            long t0 = System.nanoTime();
            EvacuationPlan plan = EvacuationPlanner.plan(new EvacuationPlanner.Input(parts, bs, Set.of(8), sizes,
                    Map.of(), 50_000_000L));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Runtime rt = Runtime.getRuntime();
            System.out.printf("round %d: %d partitions, %d moves, %d unplaced, %d ms, heap used %d MiB%n", round,
                    parts.size(), plan.moves().size(), plan.unplaced().size(), ms,
                    (rt.totalMemory() - rt.freeMemory()) >> 20);
        }
    }
}
