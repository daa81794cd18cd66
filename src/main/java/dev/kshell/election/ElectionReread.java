package dev.kshell.election;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;

import java.util.List;
import java.util.function.Predicate;

/**
 * Re-reads partitions after an election. Brokers serve metadata a moment after the controller decides, so the
 * first read may still show the old leader: read again until {@code settled} holds, for at most {@link #WAIT_MS}.
 */
final class ElectionReread {

    static final long WAIT_MS = 5000;

    private ElectionReread() {
    }

    static ClusterSnapshot until(ClusterGateway gateway, List<String> topics, Predicate<ClusterSnapshot> settled) {
        long deadline = System.currentTimeMillis() + WAIT_MS;
        ClusterSnapshot s = gateway.snapshot(topics, true);
        while (!settled.test(s) && System.currentTimeMillis() < deadline) {
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
}
