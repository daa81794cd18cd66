package dev.kshell.workflow.election;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Re-reads partitions after an election. Brokers serve metadata a moment after the controller decides, so the
 * first read may still show the old leader: read again until {@code settled} holds, for at most the given wait
 * ({@link #WAIT} by default; tests against a fake that never changes pass a short one).
 */
final class ElectionReread {

    static final Duration WAIT = Duration.ofSeconds(5);

    private ElectionReread() {
    }

    static ClusterSnapshot until(ClusterGateway gateway, List<String> topics, Predicate<ClusterSnapshot> settled,
                                 Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        ClusterSnapshot s = gateway.snapshot(topics, true);
        while (!settled.test(s) && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s;
            }
            s = gateway.snapshot(topics, true);
        }
        return s;
    }

    /** The partitions named, as the re-read shows them, in the order named; one it no longer holds is left out. */
    static List<PartitionState> found(ClusterSnapshot after, List<String> partitions) {
        List<PartitionState> out = new ArrayList<>();
        for (String name : partitions) {
            after.partition(name).ifPresent(out::add);
        }
        return out;
    }

    /** Who leads each partition now, by name (null where none does): the new leaders the results report. */
    static Map<String, Integer> leaders(List<PartitionState> found) {
        Map<String, Integer> out = new HashMap<>();
        found.forEach(p -> out.put(p.name(), p.leader()));
        return out;
    }
}
