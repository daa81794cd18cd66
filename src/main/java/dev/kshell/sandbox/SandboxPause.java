package dev.kshell.sandbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.QuorumState;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.SandboxRecords.PauseRun;

/**
 * {@code sandbox pause}: freezes a node ({@code SIGSTOP}) for a while, watching the quorum (a controller) or the
 * broker's registration meanwhile, then lets it go on ({@code SIGCONT}) and watches it come back. Runs under the
 * {@link Sandbox}'s monitor.
 */
final class SandboxPause {

    private final Sandbox sandbox;
    private final LocalCluster c;
    private final SandboxTopicAdmin admin;

    SandboxPause(Sandbox sandbox, LocalCluster cluster) {
        this.sandbox = sandbox;
        this.c = cluster;
        this.admin = sandbox.admin();
    }

    PauseRun pause(int id, Duration duration, Consumer<String> progress) {
        NodeInfo node = NodeFaults.find(c, id);
        if (node.state() != State.RUNNING) {
            throw new SandboxRefusal(NodeFaults.name(node) + " is " + NodeFaults.lower(node.state())
                    + ": only a running node can be paused");
        }
        if (duration.compareTo(Sandbox.MAX_PAUSE) > 0) {
            throw new SandboxRefusal("pause at most " + Sandbox.MAX_PAUSE.toMinutes() + " min at a time");
        }
        boolean broker = node.role() == Role.BROKER;
        List<QuorumObservation> reads = new ArrayList<>();
        Optional<QuorumState> before = sandbox.quickQuorum(reads);
        Integer leaderSeen = before.filter(QuorumState::hasLeader).map(QuorumState::leaderId).orElse(null);
        Long fencedAfterMs = null;
        long t0 = System.nanoTime();
        c.pauseNode(id);
        try {
            long until = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() - until < 0) {
                if (sandbox.closing()) {
                    throw new CancellationException("the sandbox is closing");
                }
                Settle.sleep(Math.min(1000, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
                long remainingMs = (until - System.nanoTime()) / 1_000_000;
                if (broker) {
                    // short reads, up to the end of the pause: the admin client may send one to the frozen broker
                    // itself (it then times out and the next goes elsewhere), and the controller fences only
                    // after broker.session.timeout.ms, late in a short pause
                    if (fencedAfterMs == null && remainingMs > 1_200
                            && !serving(id, Duration.ofMillis(Math.min(1_500, remainingMs - 200))).orElse(true)) {
                        fencedAfterMs = Settle.millis(t0);
                        progress.accept(String.format(Locale.ROOT, "%.1f s: broker %d %s", fencedAfterMs / 1000.0, id,
                                zooKeeperMode() ? "left the cluster (its ZooKeeper session expired)"
                                        : "fenced by the controller (no heartbeat within broker.session.timeout.ms)"));
                    }
                } else if (remainingMs > 3_500) { // a read may take its whole 3 s deadline: never hold SIGCONT up
                    Optional<QuorumState> q = sandbox.quickQuorum(reads).filter(QuorumState::hasLeader);
                    if (q.isPresent() && !Integer.valueOf(q.get().leaderId()).equals(leaderSeen)) {
                        leaderSeen = q.get().leaderId();
                        progress.accept(String.format(Locale.ROOT, "%.1f s: controller %d leads the quorum (epoch %d)",
                                Settle.millis(t0) / 1000.0, leaderSeen, q.get().leaderEpoch()));
                    }
                }
            }
        } finally {
            c.resumeNode(id);
        }
        long pausedMs = Settle.millis(t0);
        Long unfencedAfterMs = null;
        if (fencedAfterMs != null) {
            long resumed = System.nanoTime();
            long deadline = resumed + Sandbox.SETTLE_TIMEOUT.toNanos();
            while (System.nanoTime() - deadline < 0 && !sandbox.closing()) {
                if (serving(id, Duration.ofSeconds(3)).orElse(false)) {
                    unfencedAfterMs = Settle.millis(resumed);
                    progress.accept(String.format(Locale.ROOT, "broker %d serving again %.1f s after SIGCONT", id,
                            unfencedAfterMs / 1000.0));
                    break;
                }
                Settle.sleep(250);
            }
        }
        Optional<QuorumState> after = sandbox.quickQuorum(reads);
        return new PauseRun(id, NodeFaults.lower(node.role()), pausedMs, before.map(QuorumState::leaderId).orElse(null),
                before.map(QuorumState::leaderEpoch).orElse(null), after.map(QuorumState::leaderId).orElse(null),
                after.map(QuorumState::leaderEpoch).orElse(null), reads, fencedAfterMs, unfencedAfterMs);
    }

    /**
     * Whether the cluster lists this broker registered and unfenced (one describeCluster); empty when the read failed
     * (it may have gone to the paused broker itself).
     */
    private Optional<Boolean> serving(int brokerId, Duration deadline) {
        try {
            return Optional.of(admin.withTimeout(deadline).brokers().stream()
                    .anyMatch(b -> b.id() == brokerId && b.live()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private boolean zooKeeperMode() {
        return c.nodes().stream().anyMatch(n -> n.role() == Role.ZOOKEEPER);
    }
}
