package dev.kshell.sandbox;

import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.util.Labelled;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.time.Instant;

/**
 * The session's sandbox: owns the {@link LocalCluster} started by {@code --sandbox}, its demo topics, the fault
 * injection commands, the scenarios, {@code reset} and the background load. Empty until {@link #start}; every
 * other operation refuses with "no sandbox in this session" until then.
 *
 * <p>Topic work goes through a {@link SandboxTopicAdmin} of its own (the operator may disconnect or connect elsewhere
 * while the sandbox keeps running). Operations are serialised: one fault or scenario at a time.
 */
public final class Sandbox implements AutoCloseable, SandboxRecords {

    /** Demo topics created at start: name, replica lists per partition, topic configs. */
    public static final List<DemoTopic> DEMO_TOPICS = List.of(
            new DemoTopic("demo-rf1", List.of(List.of(4), List.of(5), List.of(6)), Map.of()),
            new DemoTopic("demo-rf3", List.of(List.of(4, 5, 6), List.of(5, 6, 4), List.of(6, 4, 5)),
                    Map.of("min.insync.replicas", "2")),
            new DemoTopic("demo-rf2", List.of(List.of(4, 5), List.of(5, 6), List.of(6, 4)), Map.of()));

    /** The consumer group of {@code offsets-rf2}. */
    public static final String BILLING_GROUP = "billing";
    static final String OFFSETS_TOPIC = "__consumer_offsets";
    static final List<Integer> BROKERS = List.of(4, 5, 6);
    /** Deadline of the sandbox's own cluster calls. */
    static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    /** Bound on waiting for the cluster to show a fault's effect (fast failure detection: ~3 s). */
    static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);

    /** The longest {@code sandbox pause} freezes a node. */
    public static final Duration MAX_PAUSE = Duration.ofMinutes(10);

    /**
     * Freezes a running node ({@code SIGSTOP}) for {@code duration}, then lets it go on ({@code SIGCONT}): a real
     * stop-the-world pause, as a long GC would be. A paused active controller loses its leadership after the
     * quorum's fetch timeout (about 2 s here); a broker paused beyond {@code broker.session.timeout.ms} is fenced.
     * The quorum is read before, every second during the pause, and after.
     *
     * @throws SandboxRefusal when the node does not exist or is not running, or the duration is out of range
     */
    public synchronized PauseRun pause(int id, Duration duration) {
        return pause(id, duration, line -> { });
    }

    /**
     * {@link #pause(int, Duration)}, saying what the cluster showed meanwhile, one line each: a controller's
     * successor, a broker's fencing and its return.
     */
    public synchronized PauseRun pause(int id, Duration duration, Consumer<String> progress) {
        return new SandboxPause(this, cluster()).pause(id, duration, progress);
    }

    /** One quorum read with a short deadline (a paused node must not hold the pause up), remembered in {@code reads}. */
    boolean closing() {
        return closing;
    }

    Optional<QuorumState> quickQuorum(List<QuorumObservation> reads) {
        try {
            QuorumState q = admin.withTimeout(Duration.ofSeconds(3)).quorum();
            if (q.hasLeader()) {
                reads.add(QuorumObservation.of(q, Instant.now()));
            }
            return Optional.of(q);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private final Function<ClusterTarget, ? extends SandboxTopicAdmin> gateways;
    private LocalCluster cluster;
    private SandboxTopicAdmin admin;
    private SandboxLoad load;
    private boolean offsetsAltered;
    private boolean starting;
    private volatile boolean closing;
    private boolean dataKept;

    public Sandbox(Function<ClusterTarget, ? extends SandboxTopicAdmin> gateways) {
        this.gateways = gateways;
    }

    /**
     * Starts the seed-shaped cluster (controllers 1-3, brokers 4-6, fast failure detection) and creates the demo
     * topics.
     *
     * @param dataDir  where to keep the data (kept on close), or null for a temp dir removed on close
     * @param progress one line per step
     */
    public void start(Path dataDir, Consumer<String> progress) throws IOException, InterruptedException {
        start(dataDir, KafkaRuntime.bundled(), false, progress);
    }

    /**
     * Starts the seed-shaped cluster on another Kafka release and, for 3.x, optionally in ZooKeeper mode (ZooKeeper
     * is node 1, brokers stay 4-6), then creates the demo topics.
     */
    public void start(Path dataDir, KafkaRuntime runtime, boolean zooKeeperMode, Consumer<String> progress)
            throws IOException, InterruptedException {
        start(dataDir, runtime, zooKeeperMode, false, progress);
    }

    /**
     * True when a sandbox of this release and mode gets a dynamic quorum: KRaft on 3.9+ unless a static one was asked
     * for (Kafka's advice for new clusters is a dynamic quorum).
     */
    public static boolean dynamicQuorum(KafkaRuntime runtime, boolean zooKeeperMode, boolean staticQuorum) {
        return !staticQuorum && !zooKeeperMode && runtime.supportsDynamicQuorum();
    }

    /**
     * Starts the seed-shaped cluster; its quorum is dynamic (KIP-853) unless {@code staticQuorum} or the release
     * predates 3.9.
     */
    public void start(Path dataDir, KafkaRuntime runtime, boolean zooKeeperMode, boolean staticQuorum,
                      Consumer<String> progress) throws IOException, InterruptedException {
        // A broker that cannot register within 60 s (Kafka's default) exits; on a machine busy enough to make
        // startup take minutes that happened, so the sandbox gives it five. (ZooKeeper-mode brokers register in
        // ZooKeeper and know no such setting.)
        Map<String, String> extra = zooKeeperMode ? Map.of()
                : Map.of("initial.broker.registration.timeout.ms", "300000");
        start(LocalClusterSpec.seed().withFastFailureDetection(true).withDataDir(dataDir).withExtraBrokerProps(extra)
                .withRuntime(runtime).withZooKeeperMode(zooKeeperMode)
                .withDynamicQuorum(dynamicQuorum(runtime, zooKeeperMode, staticQuorum))
                .withTwoLogDirs(!zooKeeperMode && runtime.supportsKraftJbod()), progress);
    }

    /** Starts a cluster of this shape (node ids must follow the seed: brokers 4-6) and creates the demo topics. */
    public void start(LocalClusterSpec spec, Consumer<String> progress) throws IOException, InterruptedException {
        synchronized (this) {
            if (cluster != null || starting) {
                throw new SandboxRefusal("the sandbox is already running");
            }
            starting = true;
        }
        // Not under the monitor: a shutdown (Ctrl-C, SIGTERM) during the start must be able to close().
        LocalCluster started;
        try {
            started = LocalCluster.start(spec, progress);
        } finally {
            synchronized (this) {
                starting = false;
            }
        }
        synchronized (this) {
            cluster = started;
            dataKept = spec.dataDir() != null;
            // in ZooKeeper mode with ZooKeeper itself: the sandbox's quorum reads (pause, scenarios) then carry
            // /controller_epoch like the session's, instead of epoch-less describeCluster reads in the same history
            admin = gateways.apply(new ClusterTarget(cluster.bootstrapServers(), null, Map.of(), ADMIN_TIMEOUT,
                    spec.zooKeeperMode() ? cluster.zooKeeperConnect() : null));
            try {
                new SandboxReset(this, cluster, admin).createDemoTopics(progress);
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }
    }

    public synchronized boolean running() {
        return cluster != null;
    }

    /** The running cluster, or a refusal. */
    public synchronized LocalCluster cluster() {
        if (cluster == null) {
            throw new SandboxRefusal("no sandbox in this session (start kshell with --sandbox)");
        }
        return cluster;
    }

    public List<NodeInfo> nodes() {
        return cluster().nodes();
    }

    /** True when the data stays after close (--sandbox-dir), false for a temp dir. */
    public synchronized boolean dataKept() {
        return dataKept;
    }

    /** The sandbox's own gateway (the session's may point elsewhere). */
    synchronized SandboxTopicAdmin admin() {
        cluster();
        return admin;
    }

    // ---- fault injection -----------------------------------------------------------------------------------

    /**
     * Applies a node command after checking that the node exists, has the command's role and is not already in
     * the requested state.
     *
     * @throws SandboxRefusal naming the reason otherwise
     */
    public synchronized NodeChange apply(NodeAction action, int id) {
        NodeInfo node = check(action, id);
        LocalCluster c = cluster;
        long t0 = System.nanoTime();
        switch (action) {
            case STOP_BROKER, STOP_CONTROLLER -> c.stopNode(id);
            case KILL_BROKER, KILL_CONTROLLER -> c.killNode(id);
            case START_BROKER, START_CONTROLLER -> {
                NodeFaults.awaitRegistrationGone(this, c, node);
                c.startNode(id);
            }
        }
        return new NodeChange(id, NodeFaults.lower(node.role()), action.label(), NodeFaults.lower(c.node(id).state()),
                Settle.millis(t0));
    }

    /**
     * Checks that a node command can run: the node exists, has the command's role and is not already in the
     * requested state. Returns the node.
     *
     * @throws SandboxRefusal naming the reason otherwise
     */
    public synchronized NodeInfo check(NodeAction action, int id) {
        if (action == NodeAction.KILL_CONTROLLER) {
            return NodeFaults.checkController(cluster(), id, quickQuorum(new ArrayList<>()).orElse(null));
        }
        return NodeFaults.check(cluster(), action, id);
    }

    /**
     * A node's disk is gone: the node is killed ({@code SIGKILL}), its data deleted, formatted again (a dynamic
     * quorum: {@code --no-initial-controllers}) and started. A dynamic quorum's controller then fetches as an
     * observer with a new directory id while the voter set still holds the old one.
     *
     * @throws SandboxRefusal when the node does not exist or the sandbox is in ZooKeeper mode
     */
    public synchronized DiskLoss loseDisk(int id) {
        LocalCluster c = cluster();
        if (c.zooKeeperMode()) {
            throw new SandboxRefusal("lose-disk is for KRaft nodes: a ZooKeeper-mode broker keeps no formatted "
                    + "metadata directory");
        }
        NodeInfo node = NodeFaults.find(c, id);
        long t0 = System.nanoTime();
        String before = c.directoryId(id);
        if (node.role() == Role.BROKER) {
            NodeFaults.awaitRegistrationGone(this, c, node);
        }
        String after;
        try {
            after = c.loseDisk(id);
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e);
        }
        return new DiskLoss(id, NodeFaults.lower(node.role()), before, after, c.dynamicQuorum(), Settle.millis(t0));
    }

    /**
     * One log directory of a running broker fails ({@link LocalCluster#failLogDir}); waits until the broker reports
     * it offline (describeLogDirs), which takes up to the high-watermark checkpoint interval (5 s).
     *
     * @throws SandboxRefusal when the node is not a running broker or the brokers have one log directory each
     */
    public synchronized DiskFailure failDisk(int id) {
        LocalCluster c = cluster();
        NodeInfo node = NodeFaults.find(c, id);
        if (node.role() != Role.BROKER) {
            throw new SandboxRefusal("fail-disk is for brokers: node " + id + " is a " + NodeFaults.lower(node.role()));
        }
        if (!c.twoLogDirs()) {
            throw new SandboxRefusal("this sandbox's brokers have one log directory each (ZooKeeper mode, or Kafka "
                    + "before 3.7 in KRaft): failing it would stop the broker; try `sandbox stop-broker " + id + "`");
        }
        if (node.state() != NodeInfo.State.RUNNING) {
            throw new SandboxRefusal("broker " + id + " is not running: `sandbox start-broker " + id + "` first");
        }
        long t0 = System.nanoTime();
        String path = c.failLogDir(id).toString();
        awaitCondition("broker " + id + " reporting " + path + " offline", () -> {
            try {
                return admin.logDirs().describe(List.of(id)).dirs().getOrDefault(id, List.of()).stream()
                        .anyMatch(d -> d.path().equals(path) && !d.online());
            } catch (RuntimeException e) {
                return false;
            }
        });
        return new DiskFailure(id, path, Settle.millis(t0));
    }

    // ---- scenarios -----------------------------------------------------------------------------------------

    /**
     * Stages a scenario: resets first if the cluster is not healthy or an earlier scenario's topics remain, then
     * sets up topics and data, applies the faults and waits until the cluster shows them.
     *
     * @param withLoad start the background producer on the scenario's topics afterwards
     */
    public synchronized ScenarioRun stage(Scenario scenario, boolean withLoad, Consumer<String> progress) {
        cluster();
        long t0 = System.nanoTime();
        if (needsReset()) {
            progress.accept("resetting the sandbox first");
            reset(progress);
        }
        stopLoad();
        List<QuorumObservation> quorumReads = new ArrayList<>();
        if (scenario == Scenario.CONTROLLER_FLAPPING) {
            // the point of the scenario: producers keep writing while the controller changes under them
            load = new SandboxLoad(cluster, ScenarioSteps.FLAPPING_TOPICS);
        }
        List<String> loadTopics = switch (scenario) {
            case BROKER_DOWN -> new ScenarioSteps(this, progress).brokerDown();
            case UNCLEAN_ONLY -> new ScenarioSteps(this, progress).uncleanOnly();
            case BROKER_LOST -> new ScenarioSteps(this, progress).brokerLost();
            case QUORUM_LOSS -> new ScenarioSteps(this, progress).quorumLoss();
            case OFFSETS_RF2 -> new ScenarioSteps(this, progress).offsetsRf2();
            case PREFERRED_IMBALANCE -> new ScenarioSteps(this, progress).preferredImbalance();
            case CONTROLLER_FLAPPING -> new ScenarioSteps(this, progress).controllerFlapping(quorumReads);
            case CONTROLLER_CRASH -> new ScenarioSteps(this, progress).controllerCrash(quorumReads);
            case CONTROLLER_DISK_LOST -> new ScenarioSteps(this, progress).controllerDiskLost();
            case DISK_FAILED -> new ScenarioSteps(this, progress).diskFailed();
            case SLOW_MOVE -> new ScenarioSteps(this, progress).slowMove();
            case CONSUMER_STUCK -> new ClientScenarios(this, progress).consumerStuck(l -> load = l);
            case OFFSETS_LOST -> new ClientScenarios(this, progress).offsetsLost();
        };
        boolean loading = withLoad || load != null;
        if (withLoad && load == null) {
            load = new SandboxLoad(cluster, loadTopics);
        }
        return new ScenarioRun(scenario.label(), Settle.millis(t0), scenario.brief(), loading,
                loading ? loadTopics : List.of(), quorumReads);
    }

    void markOffsetsAltered() {
        offsetsAltered = true;
    }

    private boolean needsReset() {
        return new SandboxReset(this, cluster, admin).needed(offsetsAltered || load != null);
    }

    /**
     * Returns to a healthy cluster: stops the load, starts every node that is not running (controllers first),
     * puts the consumer offsets topic back to RF 3, deletes the scenarios' topics, re-creates missing demo topics
     * and moves leadership back to the preferred leaders.
     */
    public synchronized ResetReport reset(Consumer<String> progress) {
        LocalCluster c = cluster();
        long t0 = System.nanoTime();
        boolean loadStopped = stopLoad();
        SandboxReset steps = new SandboxReset(this, c, admin);
        List<String> started = new ArrayList<>(steps.startStoppedNodes(progress));
        steps.removeThrottles(progress);
        started.addAll(steps.restoreVoters(progress).stream().map(v -> v + " (voter again)").toList());
        boolean offsetsRestored = false;
        if (offsetsAltered) {
            progress.accept("restoring " + OFFSETS_TOPIC + " to replication factor 3");
            ScenarioSteps.restoreOffsetsTopic(admin);
            offsetsAltered = false;
            offsetsRestored = true;
        }
        steps.deleteSandboxGroups(progress);
        List<String> doomed = steps.deleteScenarioTopics(progress);
        steps.createDemoTopics(s -> { });
        progress.accept("waiting for every replica to be in sync, then electing preferred leaders");
        int moved = steps.healLeaders();
        return new ResetReport(started, doomed, offsetsRestored, moved, loadStopped, Settle.millis(t0));
    }

    // ---- load ----------------------------------------------------------------------------------------------

    /** The background producer's counts, if one has run since the last reset. */
    public synchronized Optional<LoadStats> load() {
        cluster();
        return Optional.ofNullable(load).map(SandboxLoad::stats);
    }

    /** Starts the background producer on these topics (replacing a running one). */
    public synchronized LoadStats startLoad(List<String> topics) {
        cluster();
        stopLoad();
        load = new SandboxLoad(cluster, topics);
        return load.stats();
    }

    /** Stops the background producer; true if one was running. */
    public synchronized boolean stopLoad() {
        if (load == null) {
            return false;
        }
        load.close();
        load = null;
        return true;
    }

    // ---- lifecycle -----------------------------------------------------------------------------------------

    /** Stops the load and every node; removes the data unless it was kept with --sandbox-dir. Idempotent. */
    @Override
    public void close() {
        // Seen first by a wait in progress (which holds the monitor), so that a SIGTERM during a scenario or the
        // demo topics does not wait for that step's deadline.
        closing = true;
        synchronized (this) {
            closeNow();
        }
    }

    private void closeNow() {
        stopLoad();
        if (admin != null) {
            admin.close();
            admin = null;
        }
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    // ---- helpers shared with ScenarioSteps ------------------------------------------------------------------

    /** Polls until the condition holds (see {@link Settle#await}); ends early when the sandbox is closing. */
    void awaitCondition(String what, BooleanSupplier condition) {
        Settle.await(what, condition, SETTLE_TIMEOUT, () -> closing);
    }

    Optional<PartitionState> partition(String topic, int partition) {
        return admin.snapshot(List.of(topic), false).topic(topic).map(TopicState::partitions)
                .flatMap(ps -> ps.stream().filter(p -> p.partition() == partition).findFirst());
    }

    Optional<QuorumState> quorum() {
        try {
            return Optional.of(admin.quorum());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** For the scenario steps: start a node and wrap the checked failure. */
    void startNode(int id) {
        try {
            NodeFaults.awaitRegistrationGone(this, cluster, NodeFaults.find(cluster, id));
            cluster.startNode(id);
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e);
        }
    }
}
