package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.ClientHistory;
import dev.kshell.memory.LogDirHistory;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.Severity;
import dev.kshell.rules.BrokerHealth;
import dev.kshell.rules.CoordinatorReport;
import dev.kshell.rules.QuorumStability;
import dev.kshell.rules.SideFinding;
import dev.kshell.rules.Triage;
import dev.kshell.rules.TriageInput;
import dev.kshell.rules.TriageReport;
import dev.kshell.rules.configs.TemporaryReminders;
import dev.kshell.rules.quorum.QuorumMembership;
import dev.kshell.util.DaemonThreads;
import dev.kshell.util.SideReads;
import dev.kshell.workflow.clients.ClientSideRead;
import dev.kshell.workflow.logdirs.ReplicationReads;
import dev.kshell.workflow.radar.RadarSideRead;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The triage workflow for one connection: read the snapshot, ask every node on its own endpoint, read who is stuck
 * behind a sick coordinator partition, record the quorum read in kshell's history, then run the pure checklist
 * ({@link Triage}). Usable for any gateway (the session's, or one per profile for a fleet), so it takes everything
 * session-like as {@link TriageOptions}.
 *
 * <p>Its side reads run on this service's own executor (daemon threads, never the common pool), each within a
 * deadline; an interrupt of the calling thread (Ctrl-C in the shell) cancels them and ends the call with a
 * {@link CancellationException}.
 */
public final class TriageService implements AutoCloseable {

    /** How long the probes, coordinator listing and config reads may take together beyond the probe deadline. */
    static final Duration SIDE_DEADLINE = Duration.ofSeconds(3);

    /**
     * How long the radar's parts may take together (node handshakes, then ApiVersions, beside the newest record
     * times): within the bound triage waits for its side reads ({@code NodeProbe.DEFAULT_DEADLINE} plus twice the
     * side deadline), so that a part that misses it is a note, not a lost read.
     */
    static final Duration RADAR_BUDGET = NodeProbe.DEFAULT_DEADLINE.plus(SIDE_DEADLINE);

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final Prober prober;
    private final Duration watch;
    private final ExecutorService executor;
    private final boolean radarReads;

    /** Asks nodes on their own endpoints; null when the connection cannot be probed. */
    @FunctionalInterface
    public interface Prober {
        List<ProbeResult> probe(ClusterTarget connection, List<NodeProbe.Target> targets);

        /** The real one: {@link NodeProbe} with the default deadline. */
        Prober REAL = (connection, targets) -> {
            NodeProbe probe = NodeProbe.of(connection);
            return probe.supported() ? probe.probe(targets) : null;
        };
    }

    /** What one triage gave: the report, the snapshot it judged, and warnings to show (history not written...). */
    public record TriageRun(TriageReport report, ClusterSnapshot snapshot, List<String> warnings) {
        public TriageRun {
            warnings = List.copyOf(warnings);
        }
    }

    public TriageService() {
        this(Prober.REAL);
    }

    /** With another prober (tests on snapshot fixtures, whose brokers have no endpoint to ask). */
    public TriageService(Prober prober) {
        this(prober, QuorumStability.MIN_WATCH);
    }

    /**
     * @param prober asks nodes on their own endpoints
     * @param watch  how long to watch a quorum kshell remembers nothing of before judging its stability (zero: do not
     *               watch; the judgement then says "unknown")
     */
    public TriageService(Prober prober, Duration watch) {
        this(prober, watch, true);
    }

    /**
     * @param radarReads whether triage reads the radar (certificates, versions, time) beside its own steps; off for
     *                   tests on snapshot fixtures that are not about it
     */
    public TriageService(Prober prober, Duration watch, boolean radarReads) {
        this.prober = prober;
        this.watch = watch;
        this.radarReads = radarReads;
        this.executor = Executors.newCachedThreadPool(DaemonThreads.named(() -> "kshell-triage-" + THREADS.incrementAndGet()));
    }

    /** Triage of the session's connected cluster (the command's way in: it never handles a gateway). */
    public TriageRun triage(ShellSession session, TriageOptions options) {
        return triage(session.requireGateway(), options);
    }

    /**
     * Triage of the cluster behind {@code gateway}: one full snapshot (configs included), the side reads, the quorum
     * history, the checklist.
     */
    public TriageRun triage(ClusterGateway gateway, TriageOptions options) {
        // two reads answered at different metadata versions can contradict each other: read again first
        ClusterSnapshot now = ConsistentReads.settle(gateway.snapshot(null, true), () -> gateway.snapshot(null, true));
        long until = System.nanoTime() + NodeProbe.DEFAULT_DEADLINE.toNanos() + SIDE_DEADLINE.toNanos() * 2;
        // the clients' side (groups hurt by the incident) alongside gather's own side reads, within the same bound
        ClientHistory history = options.clientHistory() == null ? new ClientHistory() : options.clientHistory();
        Future<List<SideFinding>> clients = executor.submit(() -> ClientSideRead.findings(
                gateway.withTimeout(SIDE_DEADLINE), now, history));
        // certificates, versions, feature traps and time (the radar), within the same bound
        Future<List<SideFinding>> radar = radarReads ? executor.submit(() -> RadarSideRead.findings(
                gateway.withTimeout(SIDE_DEADLINE), now, options.radarThresholds(), RADAR_BUDGET)) : null;
        TriageInput gathered = gather(gateway, now, options.previous(), options.knownVoterEndpoints(),
                options.logDirHistory(), options.sandboxSession());
        List<SideFinding> clientFindings = await(clients, until, radar == null ? List.of(clients)
                : List.of(clients, radar));
        List<SideFinding> radarFindings = radar == null ? null : await(radar, until, List.of(clients, radar));
        TriageInput input = gathered.withSideFindings(clientFindings)
                .withSideFindings(radarFindings)
                .withSideFindings(temporaryReminders(options, now))
                .withStrict(options.strict())
                .withSandboxSession(options.sandboxSession());
        // a side read of kshell's own memory: partitions it shrank that still run below their factor
        input = input.withSideFindings(ConfigRiskService.belowFactor(now).map(f -> List.of(
                new SideFinding(5, "recovery", f))).orElse(List.of()));
        List<String> warnings = new ArrayList<>();
        QuorumMemory memory = options.quorumMemory();
        if (memory != null) {
            // explicit: this read joins the quorum history, and step 1 judges stability from it (earlier runs too),
            // with what the nodes answered as the evidence of why a leader changed
            QuorumWatch.Answers answers = QuorumWatch.answers(now, input);
            QuorumMemory.Recorded recorded = memory.recordSnapshots(now, options.previous(), answers.answering(),
                    answers.silent());
            warnings.addAll(recorded.warnings());
            QuorumStability stability = recorded.stability();
            if (QuorumWatch.needed(stability, now, watch)) {
                stability = new QuorumWatch(gateway, memory, prober, watch).watch(now, stability, warnings);
            }
            input = input.withQuorumStability(stability);
        }
        return new TriageRun(Triage.run(input), now, warnings);
    }

    /**
     * Temporary config changes whose time has passed (kshell's own memory on this host, no cluster call): step-6
     * reminders naming {@code configs revert}. A record that cannot be read is a reminder too: it says so.
     */
    private static List<SideFinding> temporaryReminders(TriageOptions options, ClusterSnapshot now) {
        if (options.temporaryChanges() == null || now.clusterId() == null) {
            return List.of();
        }
        TemporaryChanges.Read read = options.temporaryChanges().read(now.clusterId());
        List<SideFinding> out = new ArrayList<>(TemporaryReminders.findings(read.changes(), Instant.now()).stream()
                .map(f -> new SideFinding(6, "configs", f)).toList());
        if (read.warning() != null) {
            out.add(new SideFinding(6, "configs", new Finding(Severity.WARNING, TemporaryReminders.RULE,
                    "kshell's state", read.warning(), null)));
        }
        return out;
    }

    /**
     * The side reads of one snapshot, at the same time, each within its own short deadline: probes of the brokers
     * and of the known controllers, and the coordinator impact; then broker.session.timeout.ms when a broker is
     * silent.
     *
     * @param knownVoters controller endpoints by id as last seen (used when the snapshot has no quorum endpoints)
     */
    public TriageInput gather(ClusterGateway gateway, ClusterSnapshot now, ClusterSnapshot previous,
                              Map<Integer, String> knownVoters) {
        return gather(gateway, now, previous, knownVoters, null, false);
    }

    /**
     * As {@link #gather(ClusterGateway, ClusterSnapshot, ClusterSnapshot, Map)}, and the causes of under-replication
     * and the log directories (recorded in {@code history} when given).
     */
    public TriageInput gather(ClusterGateway gateway, ClusterSnapshot now, ClusterSnapshot previous,
                              Map<Integer, String> knownVoters, LogDirHistory history, boolean sandboxSession) {
        ClusterTarget target = gateway.target();
        long until = System.nanoTime() + NodeProbe.DEFAULT_DEADLINE.toNanos() + SIDE_DEADLINE.toNanos() * 2;
        Future<List<ProbeResult>> brokers = executor.submit(
                () -> prober.probe(target, TriageReads.brokerTargets(now)));
        Future<List<ProbeResult>> voters = executor.submit(
                () -> prober.probe(target, TriageReads.voterTargets(gateway, now, target, knownVoters)));
        Future<CoordinatorReport> coordinators = executor.submit(() -> TriageReads.coordinatorImpact(gateway, now));
        Future<List<QuorumMembership.NewDisk>> newDisks = executor.submit(
                () -> TriageReads.newDisks(gateway, now));
        // The log directories are asked of the brokers that answered the probe: a broker killed a second ago is
        // still "live" in the snapshot, and asking it would hold the verdict until the side read's deadline.
        Future<ReplicationReads.Judged> replication = executor.submit(() -> replication(gateway, now, history,
                sandboxSession, silent(now, brokers, until)));
        List<Future<?>> all = List.of(brokers, voters, coordinators, newDisks, replication);
        List<ProbeResult> brokerProbes = await(brokers, until, all);
        boolean zooKeeper = now.quorum() != null && now.quorum().zooKeeperMode();
        Long sessionTimeout = brokerProbes == null || BrokerHealth.silent(now, brokerProbes).isEmpty() ? null
                : TriageReads.settingMs(gateway, brokerProbes, zooKeeper ? TriageReads.ZOOKEEPER_SESSION_TIMEOUT
                : TriageReads.SESSION_TIMEOUT);
        ReplicationReads.Judged judged = await(replication, until, all);
        return TriageInput.of(now, previous)
                .withBrokerProbes(brokerProbes, zooKeeper ? null : sessionTimeout)
                .withZooKeeperSessionTimeout(zooKeeper ? sessionTimeout : null)
                .withVoterProbes(await(voters, until, all))
                .withCoordinators(await(coordinators, until, all))
                .withNewDisks(await(newDisks, until, all))
                .withReplication(judged == null ? null : judged.causes(), judged == null ? null : judged.logDirs())
                .withProbeGap(brokerProbes == null ? NodeProbe.of(target).unsupportedReason() : null);
    }

    /** Why replicas are out of sync, and the log directories: none read when no broker is live. */
    private static ReplicationReads.Judged replication(ClusterGateway gateway, ClusterSnapshot now,
                                                      LogDirHistory history, boolean sandboxSession,
                                                      Set<Integer> silent) {
        if (now.liveBrokerIds().isEmpty() || gateway.target().viaControllers()) {
            return null;
        }
        List<PartitionState> all = new ArrayList<>();
        now.topics().forEach(t -> all.addAll(t.partitions()));
        return ReplicationReads.judge(gateway, now, all, ReplicationReads.outOfSync(now, all), history,
                sandboxSession, silent);
    }

    /** The live brokers whose probe went unanswered (none when the probe could not run or missed its deadline). */
    private static Set<Integer> silent(ClusterSnapshot now, Future<List<ProbeResult>> brokers, long until) {
        try {
            return BrokerHealth.silent(now, brokers.get(Math.max(1, until - System.nanoTime()), TimeUnit.NANOSECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Set.of();
        } catch (ExecutionException | TimeoutException e) {
            return Set.of();
        }
    }

    /**
     * One side read's answer, or null (not known) when it failed or missed the deadline; an interrupt cancels every
     * side read of this triage and ends it.
     */
    private static <T> T await(Future<T> future, long until, List<Future<?>> all) {
        return SideReads.await(future, until, all, "triage", "a side read", null);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
