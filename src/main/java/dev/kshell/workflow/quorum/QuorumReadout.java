package dev.kshell.workflow.quorum;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.rules.QuorumStability;
import dev.kshell.workflow.check.QuorumService;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.QuorumState;
import dev.kshell.rules.quorum.QuorumMembership;
import dev.kshell.connection.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What {@code quorum} reads: the quorum with its membership (directory ids, endpoints, {@code kraft.version}), the
 * voters' own answers to a probe, and the history it joins. A quorum read that fails fast (a broker that answers
 * that the quorum leader is unknown: seen on a healthy dynamic quorum) is asked again while the command's deadline
 * lasts; only the last failure is reported.
 */
public final class QuorumReadout {

    private static final Logger LOG = LoggerFactory.getLogger(QuorumReadout.class);
    /** Pause between two quorum reads after a fast failure. */
    static final Duration RETRY_PAUSE = Duration.ofMillis(400);
    /** A retry needs at least this much of the deadline left. */
    static final Duration MIN_ATTEMPT = Duration.ofMillis(1000);

    private final ShellSession session;
    private final QuorumService history;

    private final BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober;

    public QuorumReadout(ShellSession session) {
        this(session, QuorumReadout::probe);
    }

    /** With another way to ask the voters (tests: no real endpoints to ask). */
    public QuorumReadout(ShellSession session,
                         BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober) {
        this.session = session;
        this.history = new QuorumService(session);
        this.prober = prober;
    }

    /**
     * @param quorum      the quorum as the other commands see it (recorded in the history)
     * @param stability   the history's judgement, null when unknown
     * @param description the membership (null in ZooKeeper mode)
     * @param membership  the judgement of the membership and the probes (null in ZooKeeper mode)
     */
    public record Readout(QuorumState quorum, QuorumStability stability, QuorumDescription description,
                          QuorumMembership membership) {
    }

    /**
     * Reads the quorum (asking again after a fast failure while the deadline lasts) and records it; then, on KRaft,
     * its membership (best effort: a cluster that cannot describe it keeps the plain view) and the voters' probes.
     */
    public Readout read(Consumer<String> warnings) {
        ClusterGateway gateway = session.requireGateway();
        long deadline = System.nanoTime() + gateway.target().timeout().toNanos();
        QuorumState quorum = withRetry(gateway, deadline, ClusterGateway::quorum);
        if (quorum.zooKeeperMode()) {
            return new Readout(quorum, history.record(quorum, warnings).stability(), null, null);
        }
        // the membership and the voters' probes go out while the history is written (its file and its JSON are
        // this thread's work; the cluster's answers are the other's wait)
        CompletableFuture<Membership> membership = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                membership.complete(membership(gateway, deadline));
            } catch (Throwable t) {
                membership.completeExceptionally(t);
            }
        }, "kshell-quorum-membership");
        reader.setDaemon(true);
        reader.start();
        QuorumService.QuorumRead read = history.record(quorum, warnings);
        Membership m;
        try {
            m = membership.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reader.interrupt();
            throw new CancellationException("cancelled");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
        return new Readout(quorum, read.stability(), m.description(), m.judged());
    }

    /** The membership as read, and its judgement with the probes; both null when it could not be read. */
    private record Membership(QuorumDescription description, QuorumMembership judged) {
    }

    private Membership membership(ClusterGateway gateway, long deadline) {
        QuorumDescription d;
        try {
            long left = Math.max(MIN_ATTEMPT.toMillis(), (deadline - System.nanoTime()) / 1_000_000L);
            d = gateway.withTimeout(Duration.ofMillis(left)).quorumChanges().describe();
        } catch (ClusterException e) {
            LOG.info("quorum membership not read: {}", e.getMessage());
            return new Membership(null, null);
        }
        return new Membership(d, QuorumMembership.judge(d, prober.apply(gateway, d)));
    }

    /**
     * A quorum read, asked again after a failure that came well before the deadline: Kafka's Admin gives up at once
     * when a broker answers that it knows no quorum leader, which a moment later it does.
     */
    static <T> T withRetry(ClusterGateway gateway, long deadlineNanos, Function<ClusterGateway, T> read) {
        int attempt = 0;
        while (true) {
            long left = (deadlineNanos - System.nanoTime()) / 1_000_000L;
            attempt++;
            try {
                return read.apply(attempt == 1 ? gateway : gateway.withTimeout(Duration.ofMillis(left)));
            } catch (ClusterException e) {
                long leftAfter = (deadlineNanos - System.nanoTime()) / 1_000_000L;
                if (e.kind() != ClusterException.Kind.UNREACHABLE
                        || leftAfter < MIN_ATTEMPT.toMillis() + RETRY_PAUSE.toMillis()) {
                    throw e;
                }
                LOG.info("quorum read {} failed with {} ms of the deadline left, asking again: {}", attempt,
                        leftAfter, e.getMessage());
                try {
                    Thread.sleep(RETRY_PAUSE.toMillis());
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Each voter's own endpoint, asked directly: a dead voter is named even while the leader still vouches for it. */
    public static List<ProbeResult> probe(ClusterGateway gateway, QuorumDescription d) {
        NodeProbe probe = NodeProbe.of(gateway.target());
        if (!probe.supported()) {
            return List.of();
        }
        List<NodeProbe.Target> targets = new ArrayList<>();
        for (QuorumMember v : d.voters()) {
            String endpoint = hostPort(v.endpoints());
            if (endpoint != null) {
                targets.add(new NodeProbe.Target(v.id(), "controller", endpoint));
            }
        }
        if (targets.size() < d.voters().size()) {
            return List.of(); // a voter without an endpoint cannot be asked: judge none rather than half
        }
        try {
            return probe.probe(targets);
        } catch (RuntimeException e) {
            LOG.info("voter probe failed: {}", e.getMessage());
            return List.of();
        }
    }

    /** {@code host:port} of the first {@code LISTENER://host:port}, or null. */
    static String hostPort(List<String> endpoints) {
        if (endpoints.isEmpty()) {
            return null;
        }
        String e = endpoints.get(0);
        int sep = e.indexOf("://");
        return sep < 0 ? e : e.substring(sep + 3);
    }
}
