package dev.kshell.sandbox;

import dev.kshell.util.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.apache.kafka.common.Uuid;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.util.PrivateFiles;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real Apache Kafka KRaft cluster on 127.0.0.1 with every node in its own child JVM ({@link NodeMain} running
 * {@code kafka.Kafka}), for the {@code --sandbox} shell and for integration tests.
 *
 * <p>Controllers (ids {@code 1..N}) and brokers (ids {@code N+1..N+M}) are separate processes with a static quorum
 * ({@code controller.quorum.voters}) or, on request, a dynamic one (KIP-853); each node listens on its own free ephemeral port. Storage is formatted
 * in-process with Kafka's {@link Formatter}. {@link #killNode} is a real crash ({@code SIGKILL});
 * {@link #stopNode} a controlled shutdown ({@code SIGTERM}). Children die with this JVM: a shutdown hook destroys
 * them, and each child halts itself when its parent pid disappears (even after {@code kill -9}).
 *
 * <p>Thread-safe: the node operations are serialised. The parts live beside it: {@link NodeConfig} (each node's
 * files), {@link StorageFormat}, {@link NodeProcesses} (launch, stop, signals), {@link Readiness} (when a node is up)
 * and {@link SandboxDirs} (temp dirs, ports).
 */
public final class LocalCluster implements AutoCloseable {

    /** System property overriding the readiness bound, in seconds. */
    public static final String READY_TIMEOUT_PROPERTY = Environment.SANDBOX_READY_TIMEOUT_PROPERTY;
    /**
     * Bound on every wait for a node (port open, broker started): 180 s, or the system property
     * {@value #READY_TIMEOUT_PROPERTY} in seconds. A 3+3 cluster is ready in ~10 s on an idle 2-core machine, but
     * took 45-90 s on one shared with other busy JVMs (load average 12-27).
     */
    static final long READY_TIMEOUT_MS = Environment.sandboxReadyTimeoutSeconds() * 1000;
    /** System property with extra JVM options for every node, separated by spaces (e.g. {@code -Xmx512m}). */
    public static final String JVM_OPTIONS_PROPERTY = Environment.SANDBOX_JVM_OPTIONS_PROPERTY;
    /** How long a graceful stop may take before the node is killed. */
    static final long STOP_TIMEOUT_MS = 20_000;

    private final LocalClusterSpec spec;
    private final Path root;
    private final boolean tempRoot;
    private String clusterId;
    private final Consumer<String> progress;
    private final Map<Integer, ClusterNode> nodes = new TreeMap<>();
    private final NodeProcesses processes;
    private final Thread shutdownHook;
    private boolean closed;
    /** Each node's meta.properties as formatted, to format a replaced (emptied) data dir again. */
    private final Map<Integer, byte[]> formats = new TreeMap<>();
    /** The brokers' second log directories' meta.properties, as formatted at start (two log dirs per broker). */
    private final Map<Integer, byte[]> secondFormats = new TreeMap<>();
    /** Nodes frozen by {@link #pauseNode} and not resumed yet. */
    private final Set<Integer> paused = new TreeSet<>();

    private LocalCluster(LocalClusterSpec spec, Path root, boolean tempRoot, Consumer<String> progress) {
        this.spec = spec;
        this.root = root;
        this.tempRoot = tempRoot;
        this.progress = progress == null ? s -> { } : progress;
        // a kept --sandbox-dir holds a formatted cluster: start it again instead of formatting a new one
        this.clusterId = tempRoot ? Uuid.randomUuid().toString() : StorageFormat.existingClusterId(root);
        this.processes = new NodeProcesses(spec, root);
        this.shutdownHook = new Thread(this::destroyAllNow, "kshell-local-cluster-shutdown");
    }

    /**
     * Formats and starts a cluster and returns once every node's port accepts connections and every broker has
     * started (registered and unfenced). On failure every node already started is destroyed.
     *
     * @param spec     the cluster's shape
     * @param progress receives one short line per step ("formatting 6 nodes", "broker 4 up (7.9 s)", ...);
     *                 called from the calling thread; may be {@code null}
     * @throws IOException if a node exits while starting or is not ready within the bound (180 s by default,
     *                     see {@value #READY_TIMEOUT_PROPERTY}); the message names the node and ends with the tail
     *                     of its log
     */
    public static LocalCluster start(LocalClusterSpec spec, Consumer<String> progress)
            throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        boolean temp = spec.dataDir() == null;
        Path root = temp ? SandboxDirs.createTempRoot() : PrivateFiles.createDirectories(spec.dataDir());
        LocalCluster cluster = new LocalCluster(spec, root.toAbsolutePath(), temp, progress);
        try {
            cluster.layOut();
            new StorageFormat(spec, cluster.processes, cluster.progress, READY_TIMEOUT_MS)
                    .format(cluster.nodes.values(), cluster.clusterId);
            cluster.keepFormats();
            Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
            cluster.startAll(t0);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            cluster.closeQuietly();
            throw e;
        }
    }

    /** Broker endpoints for {@code bootstrap.servers}: {@code 127.0.0.1:p4,127.0.0.1:p5,...}. */
    public String bootstrapServers() {
        return endpoints(Role.BROKER);
    }

    /** Controller endpoints for {@code bootstrap.controllers} ({@code --bootstrap-controller}). */
    public String bootstrapControllers() {
        return endpoints(Role.CONTROLLER);
    }

    /** The cluster id written into every node's {@code meta.properties}. */
    public String clusterId() {
        return clusterId;
    }

    /** The directory holding one {@code node-<id>} directory per node. */
    public Path root() {
        return root;
    }

    /** A snapshot of every node, ordered by id. */
    public synchronized List<NodeInfo> nodes() {
        return nodes.values().stream().map(ClusterNode::info).toList();
    }

    /**
     * A snapshot of one node.
     *
     * @throws IllegalArgumentException naming {@code id} if no such node exists
     */
    public synchronized NodeInfo node(int id) {
        return require(id).info();
    }

    /**
     * Stops a node gracefully ({@code SIGTERM}: Kafka's controlled shutdown) and waits for its JVM to exit; after
     * 20 s the node is killed. Does nothing if the node is not running.
     */
    public synchronized void stopNode(int id) {
        ClusterNode node = require(id);
        resumeNode(id); // a frozen JVM cannot run its controlled shutdown
        if (node.alive()) {
            node.process.destroy();
            NodeProcesses.awaitExit(node, STOP_TIMEOUT_MS);
            node.state = State.STOPPED;
        }
    }

    /** Kills a node abruptly ({@code SIGKILL}): no controlled shutdown, a real crash. */
    public synchronized void killNode(int id) {
        ClusterNode node = require(id);
        if (node.alive()) {
            node.process.destroyForcibly();
            NodeProcesses.awaitExit(node, 10_000);
            node.state = State.KILLED;
        }
    }

    private void keepFormats() throws IOException {
        for (ClusterNode node : nodes.values()) {
            Path meta = node.dataDir().resolve("meta.properties");
            if (Files.exists(meta)) {
                formats.put(node.id, Files.readAllBytes(meta));
            }
            Path second = node.secondDataDir().resolve("meta.properties");
            if (Files.exists(second)) {
                secondFormats.put(node.id, Files.readAllBytes(second));
            }
        }
    }

    /** A data dir without its meta.properties (a lost disk) is formatted again from the copy kept at start. */
    private void formatAgainIfLost(ClusterNode node) throws IOException {
        Path meta = node.dataDir().resolve("meta.properties");
        byte[] format = formats.get(node.id);
        if (format != null && !Files.exists(meta)) {
            Files.createDirectories(node.dataDir());
            Files.write(meta, format);
        }
        byte[] second = secondFormats.get(node.id);
        Path secondMeta = node.secondDataDir().resolve("meta.properties");
        if (second != null && Files.isRegularFile(node.secondDataDir())) {
            Files.delete(node.secondDataDir()); // a failed log directory gets a new, empty disk on restart
        }
        if (second != null && !Files.exists(secondMeta)) {
            Files.createDirectories(node.secondDataDir());
            Files.write(secondMeta, second);
        }
    }

    /**
     * One log directory of a running broker fails, as a dead disk of a JBOD broker does: its second log directory
     * is deleted and a plain file put in its place (Kafka's own LogDirFailureTest does the same), so the broker's
     * next write there (the high watermark checkpoint, every 5 s by default) fails and it takes the directory
     * offline while it runs on with its other one. {@link #startNode} after a stop gives it a new, empty directory.
     *
     * @return the failed directory's path
     * @throws IllegalStateException when the broker is not running or the cluster has one log directory per broker
     */
    public synchronized Path failLogDir(int id) {
        ClusterNode node = require(id);
        if (!spec.twoLogDirs() || node.role != NodeInfo.Role.BROKER) {
            throw new IllegalStateException(node.name() + " has one log directory: failing it would stop the broker");
        }
        if (!node.alive()) {
            throw new IllegalStateException(node.name() + " is not running");
        }
        Path dir = node.secondDataDir();
        try {
            if (!Files.isRegularFile(dir)) {
                SandboxDirs.deleteTree(dir);
                Files.writeString(dir, "this log directory failed (sandbox fail-disk)\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** The brokers one of whose log directories {@link #failLogDir} failed and that still run on without it. */
    public synchronized List<Integer> brokersWithFailedLogDir() {
        return nodes.values().stream().filter(n -> n.role == NodeInfo.Role.BROKER && spec.twoLogDirs())
                .filter(n -> Files.isRegularFile(n.secondDataDir())).map(n -> n.id).sorted().toList();
    }

    /** True when this cluster's brokers have two log directories each. */
    public boolean twoLogDirs() {
        return spec.twoLogDirs();
    }

    /**
     * Starts a stopped, killed or exited node again with the same directory and port, and waits until its port
     * accepts connections and (brokers) it has started again. A broker restarted within
     * {@code broker.session.timeout.ms} of its last run is refused by the controller (DUPLICATE_BROKER_REGISTRATION)
     * until its old session expires; the broker retries by itself, so this call just takes longer then.
     *
     * @throws IllegalStateException if the node is already running
     * @throws UncheckedIOException  if it exits or does not come up within the bound (the message names the node
     *                               and ends with the tail of its log)
     */
    public synchronized void startNode(int id) {
        ClusterNode node = require(id);
        if (node.alive()) {
            throw new IllegalStateException(node.name() + " is already running");
        }
        try {
            formatAgainIfLost(node);
            processes.launch(node);
            awaitReady(node, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS));
            // No progress line here: the caller (sandbox start-broker, reset, a scenario) reports the start itself, and
            // the progress sink set at start() would print a second line for the same event ("broker 5 up" beside
            // "broker 5 running"). Only start() reports nodes coming up, as the cluster's own startup steps.
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting " + node.name(), e);
        }
    }

    /**
     * A node whose disk is gone and that was set up again, as an operator would: {@link #replaceDisk}, then started.
     * Returns the node's new metadata directory id (null when it cannot be read).
     *
     * @throws IllegalArgumentException for a ZooKeeper-mode cluster (its brokers need no format) or an unknown node
     * @throws UncheckedIOException     if the format or the start fails
     */
    public synchronized String loseDisk(int id) {
        if (spec.zooKeeperMode()) {
            throw new IllegalArgumentException("lose-disk is for KRaft nodes: a ZooKeeper-mode cluster is not formatted");
        }
        String directoryId = replaceDisk(id);
        startNode(id);
        return directoryId;
    }

    /**
     * A node's disk dies and a new, empty one is set up, not started: killed ({@code SIGKILL}), its data
     * directories deleted and (KRaft) formatted again as {@code kafka-storage format} would (same cluster id, a new
     * directory id; a dynamic quorum's controller with {@code --no-initial-controllers}, so it comes back as an
     * observer). A ZooKeeper-mode broker needs no format: it writes its meta.properties at start. Returns the new
     * metadata directory id, or null (ZooKeeper mode, unreadable).
     */
    public synchronized String replaceDisk(int id) {
        ClusterNode node = require(id);
        resumeNode(id);
        killNode(id);
        try {
            SandboxDirs.deleteTree(node.dataDir());
            PrivateFiles.createDirectories(node.dataDir());
            if (spec.twoLogDirs() && node.role == NodeInfo.Role.BROKER) {
                SandboxDirs.deleteTree(node.secondDataDir());
                PrivateFiles.createDirectories(node.secondDataDir());
            }
            formats.remove(id); // the new disk's format is its own: never the old one copied back at start
            secondFormats.remove(id);
            if (spec.zooKeeperMode()) {
                return null;
            }
            node.directoryId = new StorageFormat(spec, processes, s -> { }, READY_TIMEOUT_MS).formatAgain(node,
                    clusterId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting " + node.name(), e);
        }
        return node.directoryId;
    }

    /** True when the controllers form a dynamic quorum (KIP-853), false for a static one. */
    public boolean dynamicQuorum() {
        return spec.dynamicQuorum();
    }

    /**
     * The metadata directory id of a dynamic quorum's node (changes when its disk is lost), or null.
     */
    public synchronized String directoryId(int id) {
        ClusterNode node = require(id);
        return node.directoryId != null ? node.directoryId : StorageFormat.directoryId(node.dataDir());
    }

    /**
     * Freezes a running node ({@code SIGSTOP}): the JVM stops dead, as in a long stop-the-world GC pause; its sockets
     * stay open but nothing answers. {@link #resumeNode} ({@code SIGCONT}) lets it go on where it stopped. The
     * node's state stays RUNNING: the process is alive. A paused node is resumed before {@link #close}.
     *
     * @throws IllegalStateException if the node is not running, or the signal could not be sent
     */
    public synchronized void pauseNode(int id) {
        ClusterNode node = require(id);
        if (!node.alive()) {
            throw new IllegalStateException(node.name() + " is not running");
        }
        NodeProcesses.signal(node, "STOP");
        paused.add(id);
    }

    /** Lets a paused node run again ({@code SIGCONT}); does nothing if it is not paused or not running. */
    public synchronized void resumeNode(int id) {
        ClusterNode node = require(id);
        if (paused.remove(id) && node.alive()) {
            NodeProcesses.signal(node, "CONT");
        }
    }

    /** True while the node is paused by {@link #pauseNode}. */
    public synchronized boolean paused(int id) {
        return paused.contains(id);
    }

    /** Resumes every paused node (tests restore the cluster with it). */
    public synchronized void resumeAll() {
        for (Integer id : List.copyOf(paused)) {
            resumeNode(id);
        }
    }

    /**
     * Stops every node (brokers first, controlled shutdown bounded to a few seconds, then controllers; stragglers
     * are killed) and deletes the data directory if it was a temp dir. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        resumeAll(); // a frozen JVM cannot run its controlled shutdown
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // JVM already shutting down, or the hook was never added
        }
        NodeProcesses.stopGroup(nodes.values(), Role.BROKER, 5_000);
        NodeProcesses.stopGroup(nodes.values(), Role.CONTROLLER, 5_000);
        NodeProcesses.stopGroup(nodes.values(), Role.ZOOKEEPER, 5_000);
        if (tempRoot) {
            SandboxDirs.deleteTree(root);
        }
    }

    /** {@code HOST:PORT/kafka} of the ZooKeeper server, in ZooKeeper mode; null in KRaft. */
    public String zooKeeperConnect() {
        return NodeConfig.zooKeeperConnect(nodes.values());
    }

    /** Which Kafka the nodes run. */
    public KafkaRuntime runtime() {
        return spec.runtime();
    }

    /** True for a ZooKeeper-mode cluster. */
    public boolean zooKeeperMode() {
        return spec.zooKeeperMode();
    }

    // ---------------------------------------------------------------------------------------------------------

    private void layOut() throws IOException {
        int total = spec.controllers() + spec.brokers();
        int[] ports = SandboxDirs.freePorts(total);
        for (int i = 0; i < total; i++) {
            int id = i + 1;
            Role role = id <= spec.controllers() ? Role.CONTROLLER : Role.BROKER;
            if (spec.zooKeeperMode() && role == Role.CONTROLLER) {
                if (id > 1) {
                    continue; // one standalone ZooKeeper server stands for the controllers; broker ids stay
                }
                role = Role.ZOOKEEPER;
            }
            Path dir = root.resolve("node-" + id);
            PrivateFiles.createDirectories(dir.resolve("data"));
            ClusterNode node = new ClusterNode(id, role, ports[i], dir);
            if (spec.dynamicQuorum() && role == Role.CONTROLLER) {
                node.directoryId = Uuid.randomUuid().toString(); // as kafka-storage random-uuid would give
            }
            nodes.put(id, node);
        }
        new NodeConfig(spec).writeAll(nodes.values());
    }

    private void startAll(long t0) throws IOException, InterruptedException {
        progress.accept(spec.zooKeeperMode()
                ? "starting ZooKeeper and " + spec.brokers() + " Kafka " + spec.runtime().version() + " brokers"
                : "starting " + spec.controllers() + " controllers and " + spec.brokers() + " brokers"
                        + (spec.runtime().isBundled() ? "" : " (Kafka " + spec.runtime().version() + ")"));
        for (ClusterNode node : nodes.values()) {
            processes.launch(node);
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        // controllers first: brokers cannot start before the quorum has a leader
        for (ClusterNode node : nodes.values()) {
            awaitReady(node, deadline);
            progress.accept(node.name() + " up (" + StorageFormat.seconds(t0) + ")");
        }
        if (spec.zooKeeperMode()) {
            clusterId = StorageFormat.existingClusterId(root); // made by the first broker that registered in ZooKeeper
        }
        progress.accept("cluster ready in " + StorageFormat.seconds(t0) + ": bootstrap servers " + bootstrapServers());
    }

    private void awaitReady(ClusterNode node, long deadlineNanos) throws IOException, InterruptedException {
        Readiness.awaitReady(node, Readiness.startedMarker(node, spec.zooKeeperMode()), deadlineNanos,
                READY_TIMEOUT_MS);
    }

    /** Shutdown hook: no time for controlled shutdowns, the parent is going away. */
    private void destroyAllNow() {
        // no lock: a node operation may hold the monitor; the map is never modified after start
        if (NodeProcesses.destroyAllNow(nodes.values()) && tempRoot) {
            SandboxDirs.deleteTree(root);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            // best effort after a failed start
        }
    }

    private ClusterNode require(int id) {
        ClusterNode node = nodes.get(id);
        if (node == null) {
            throw new IllegalArgumentException("no node " + id + " in this cluster (nodes are "
                    + nodes.keySet().stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
        }
        return node;
    }

    private synchronized String endpoints(Role role) {
        return nodes.values().stream().filter(n -> n.role == role)
                .map(n -> NodeConfig.HOST + ":" + n.port).collect(Collectors.joining(","));
    }
}
