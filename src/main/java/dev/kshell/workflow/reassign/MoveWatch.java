package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.reassign.EvacuationPlan;
import dev.kshell.util.ByteSizes;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Watches moves until they are done, re-reading the cluster each round (the progress line: partitions done, bytes
 * left, the rate, the time left). Ctrl-C stops the watching, never the moves ({@link Interrupted}); a move adding a
 * replica on a broker that is not live is stuck and said so.
 */
record MoveWatch(ClusterGateway gateway, Duration poll) {

    /** Watches until none of {@code watching} is in flight. */
    void watch(Set<PartitionSpec> watching, Map<PartitionSpec, EvacuationPlan.Move> plan, MoveAttempt.Operator op) {
        ReplicaMoves moves = gateway.replicaMoves();
        int total = watching.size();
        if (total == 0) {
            return;
        }
        long lastLeft = -1;
        long lastAt = System.nanoTime();
        long rate = 0;
        while (true) {
            Map<PartitionSpec, ReplicaMoves.InFlight> inFlight = moves.inFlight();
            Set<PartitionSpec> pending = new LinkedHashSet<>(watching);
            pending.retainAll(inFlight.keySet());
            if (pending.isEmpty()) {
                return;
            }
            Set<Integer> adding = new TreeSet<>();
            pending.forEach(p -> adding.addAll(inFlight.get(p).adding()));
            Set<Integer> live = new HashSet<>();
            gateway.brokers().stream().filter(BrokerState::live).forEach(b -> live.add(b.id()));
            List<Integer> dead = adding.stream().filter(b -> !live.contains(b)).toList();
            if (!dead.isEmpty()) {
                throw new KshellFailure(ExitCode.ACTION_FAILED, "stuck: broker " + EvacuateWorkflow.join(dead)
                        + " is to receive a replica and is not live; the reassignments stay in flight (see "
                        + "`reassignments`, cancel with `reassign cancel --all`)");
            }
            long left = bytesLeft(moves, pending, inFlight, plan, adding);
            long now = System.nanoTime();
            if (lastLeft >= 0 && left < lastLeft && now > lastAt) {
                rate = (lastLeft - left) * 1_000_000_000L / (now - lastAt);
            }
            lastLeft = left;
            lastAt = now;
            op.progress((total - pending.size()) + "/" + total + " partitions moved, " + ByteSizes.human(left)
                    + " left" + (rate > 0 ? ", " + ByteSizes.rate(rate) + ", about " + (left / Math.max(1, rate))
                    + "s to go" : "") + " (Ctrl-C stops watching, not the moves)");
            sleep(poll);
        }
    }

    private long bytesLeft(ReplicaMoves moves, Set<PartitionSpec> pending,
                           Map<PartitionSpec, ReplicaMoves.InFlight> inFlight,
                           Map<PartitionSpec, EvacuationPlan.Move> plan, Set<Integer> adding) {
        Map<Integer, Map<PartitionSpec, Long>> sizes;
        try {
            sizes = moves.logDirs(adding).sizes();
        } catch (ClusterException e) {
            sizes = Map.of();
        }
        long left = 0;
        for (PartitionSpec p : pending) {
            EvacuationPlan.Move m = plan.get(p);
            long want = m == null ? 0 : Math.max(0, m.bytes());
            for (int a : inFlight.get(p).adding()) {
                long have = sizes.getOrDefault(a, Map.of()).getOrDefault(p, 0L);
                left += Math.max(0, want - have);
            }
        }
        return left;
    }

    static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Interrupted();
        }
    }

    /** Ctrl-C while the watch sleeps. */
    static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }
}
