package dev.kshell.sandbox;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;

/**
 * A real Apache Kafka KRaft cluster on 127.0.0.1 with every node in its own child JVM ({@link NodeMain} running
 * {@code kafka.Kafka}), for the {@code --sandbox} shell and for integration tests.
 *
 * <p>Controllers (ids {@code 1..N}) and brokers (ids {@code N+1..N+M}) are separate processes with a static quorum
 * ({@code controller.quorum.voters}); each node listens on its own free ephemeral port. Storage is formatted
 * in-process with Kafka's {@link Formatter}. {@link #killNode} is a real crash ({@code SIGKILL});
 * {@link #stopNode} a controlled shutdown ({@code SIGTERM}). Children die with this JVM: a shutdown hook destroys
 * them, and each child halts itself when its parent pid disappears (even after {@code kill -9}).
 *
 * <p>Thread-safe: the node operations are serialised.
 */
public final class LocalCluster implements AutoCloseable {

    /** System property overriding the readiness bound, in seconds. */
    public static final String READY_TIMEOUT_PROPERTY = "kshell.sandbox.readyTimeoutSeconds";
    /**
     * Bound on every wait for a node (port open, broker started): 180 s, or the system property
     * {@value #READY_TIMEOUT_PROPERTY} in seconds. A 3+3 cluster is ready in ~10 s on an idle 2-core machine, but
     * took 45-90 s on one shared with other busy JVMs (load average 12-27).
     */
    static final long READY_TIMEOUT_MS = Long.getLong(READY_TIMEOUT_PROPERTY, 180) * 1000;
    /** System property with extra JVM options for every node, separated by spaces (e.g. {@code -Xmx512m}). */
    public static final String JVM_OPTIONS_PROPERTY = "kshell.sandbox.jvmOptions";
    /** How long a graceful stop may take before the node is killed. */
    static final long STOP_TIMEOUT_MS = 20_000;
    /** Broker log line once the broker is registered, caught up and unfenced (BrokerServer startup end). */
    static final String BROKER_STARTED = "Transition from STARTING to STARTED";

    /** {@code setsid} when util-linux provides it (Linux), else nothing: nodes then share the shell's group. */
    static final List<String> SETSID = Stream.of("/usr/bin/setsid", "/bin/setsid")
            .filter(p -> Files.isExecutable(Path.of(p))).findFirst().map(List::of).orElse(List.of());

    private static final String TEMP_PREFIX = "kshell-sandbox-";
    private static final String OWNER_FILE = "owner";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final String BROKER_LISTENER = "PLAINTEXT";
    private static final String HOST = "127.0.0.1";
    /** ZooKeeper mode: the brokers' znodes live under this chroot, as in most production ensembles. */
    private static final String ZK_CHROOT = "/kafka";

    private final LocalClusterSpec spec;
    private final Path root;
    private final boolean tempRoot;
    private String clusterId;
    private final Consumer<String> progress;
    private final Map<Integer, Node> nodes = new TreeMap<>();
    private final Thread shutdownHook;
    private boolean closed;
    /** Nodes frozen by {@link #pauseNode} and not resumed yet. */
    private final java.util.Set<Integer> paused = new java.util.TreeSet<>();

    private LocalCluster(LocalClusterSpec spec, Path root, boolean tempRoot, Consumer<String> progress) {
        this.spec = spec;
        this.root = root;
        this.tempRoot = tempRoot;
        this.progress = progress == null ? s -> { } : progress;
        // a kept --sandbox-dir holds a formatted cluster: start it again instead of formatting a new one
        this.clusterId = tempRoot ? Uuid.randomUuid().toString() : existingClusterId(root);
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
        if (temp) {
            sweepStaleTempDirs(Path.of(System.getProperty("java.io.tmpdir")));
        }
        Path root = temp ? Files.createTempDirectory(TEMP_PREFIX) : Files.createDirectories(spec.dataDir());
        if (temp) {
            ProcessHandle self = ProcessHandle.current();
            Files.writeString(root.resolve(OWNER_FILE), self.pid() + " "
                    + self.info().startInstant().map(Object::toString).orElse("-") + "\n", StandardCharsets.UTF_8);
        }
        LocalCluster cluster = new LocalCluster(spec, root.toAbsolutePath(), temp, progress);
        try {
            cluster.layOut();
            cluster.format();
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
        return nodes.values().stream().map(Node::info).toList();
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
        Node node = require(id);
        resumeNode(id); // a frozen JVM cannot run its controlled shutdown
        if (node.alive()) {
            node.process.destroy();
            awaitExit(node, STOP_TIMEOUT_MS);
            node.state = State.STOPPED;
        }
    }

    /** Kills a node abruptly ({@code SIGKILL}): no controlled shutdown, a real crash. */
    public synchronized void killNode(int id) {
        Node node = require(id);
        if (node.alive()) {
            node.process.destroyForcibly();
            awaitExit(node, 10_000);
            node.state = State.KILLED;
        }
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
        Node node = require(id);
        if (node.alive()) {
            throw new IllegalStateException(node.name() + " is already running");
        }
        try {
            launch(node);
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
     * Freezes a running node ({@code SIGSTOP}): the JVM stops dead, as in a long stop-the-world GC pause; its sockets
     * stay open but nothing answers. {@link #resumeNode} ({@code SIGCONT}) lets it go on where it stopped. The
     * node's state stays RUNNING: the process is alive. A paused node is resumed before {@link #close}.
     *
     * @throws IllegalStateException if the node is not running, or the signal could not be sent
     */
    public synchronized void pauseNode(int id) {
        Node node = require(id);
        if (!node.alive()) {
            throw new IllegalStateException(node.name() + " is not running");
        }
        signal(node, "STOP");
        paused.add(id);
    }

    /** Lets a paused node run again ({@code SIGCONT}); does nothing if it is not paused or not running. */
    public synchronized void resumeNode(int id) {
        Node node = require(id);
        if (paused.remove(id) && node.alive()) {
            signal(node, "CONT");
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

    /** Java has no API for SIGSTOP / SIGCONT: {@code kill -STOP pid}, bounded. */
    private static void signal(Node node, String signal) {
        long pid = node.process.pid();
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            String out = new String(kill.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                kill.destroyForcibly();
                throw new IllegalStateException("could not send SIG" + signal + " to " + node.name() + " (pid " + pid
                        + ")" + (out.isEmpty() ? "" : ": " + out));
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not send SIG" + signal + " to " + node.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal + " to " + node.name(), e);
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
        stopGroup(Role.BROKER, 5_000);
        stopGroup(Role.CONTROLLER, 5_000);
        stopGroup(Role.ZOOKEEPER, 5_000);
        if (tempRoot) {
            deleteTree(root);
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private void layOut() throws IOException {
        int total = spec.controllers() + spec.brokers();
        int[] ports = freePorts(total);
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
            Files.createDirectories(dir.resolve("data"));
            nodes.put(id, new Node(id, role, ports[i], dir));
        }
        String voters = nodes.values().stream().filter(n -> n.role == Role.CONTROLLER)
                .map(n -> n.id + "@" + HOST + ":" + n.port).collect(Collectors.joining(","));
        for (Node node : nodes.values()) {
            if (node.role == Role.ZOOKEEPER) {
                writeProperties(node.propsFile(), zooKeeperProperties(node));
            } else {
                writeProperties(node.propsFile(), serverProperties(node, voters));
            }
            Files.writeString(node.dir.resolve("logback.xml"), logbackXml(node.logFile()), StandardCharsets.UTF_8);
            Files.writeString(node.dir.resolve("log4j.properties"), log4jProperties(node.logFile()),
                    StandardCharsets.UTF_8);
        }
    }

    /** {@code HOST:PORT/kafka} of the ZooKeeper server, in ZooKeeper mode; null in KRaft. */
    public String zooKeeperConnect() {
        return nodes.values().stream().filter(n -> n.role == Role.ZOOKEEPER).findFirst()
                .map(n -> HOST + ":" + n.port + ZK_CHROOT).orElse(null);
    }

    /** Which Kafka the nodes run. */
    public KafkaRuntime runtime() {
        return spec.runtime();
    }

    /** True for a ZooKeeper-mode cluster. */
    public boolean zooKeeperMode() {
        return spec.zooKeeperMode();
    }

    /** A standalone ZooKeeper 3.8 server (zoo.cfg): short ticks so that a killed broker's session ends in seconds. */
    private static Map<String, String> zooKeeperProperties(Node node) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("dataDir", node.dataDir().toString());
        p.put("clientPort", Integer.toString(node.port));
        p.put("clientPortAddress", HOST);
        p.put("tickTime", "500"); // sessions may be as short as 2 ticks: brokers ask for 4 s below
        p.put("maxClientCnxns", "0");
        p.put("admin.enableServer", "false");
        p.put("4lw.commands.whitelist", "srvr,mntr,ruok");
        return p;
    }

    private Map<String, String> serverProperties(Node node, String voters) {
        Map<String, String> p = new LinkedHashMap<>();
        if (spec.zooKeeperMode()) {
            p.put("broker.id", Integer.toString(node.id));
            p.put("zookeeper.connect", zooKeeperConnect()); // Kafka creates the chroot on first start
            p.put("zookeeper.connection.timeout.ms", "60000");
            if (spec.fastFailureDetection()) {
                p.put("zookeeper.session.timeout.ms", "4000"); // a killed broker leaves /brokers/ids in ~4 s
            }
            p.put("listener.security.protocol.map", BROKER_LISTENER + ":PLAINTEXT");
        } else {
            p.put("node.id", Integer.toString(node.id));
            p.put("controller.quorum.voters", voters);
            p.put("controller.listener.names", CONTROLLER_LISTENER);
            p.put("listener.security.protocol.map", CONTROLLER_LISTENER + ":PLAINTEXT," + BROKER_LISTENER
                    + ":PLAINTEXT");
        }
        p.put("log.dirs", node.dataDir().toString());
        // small and fast: a laptop or CI runner holds six of these
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "2");
        p.put("background.threads", "2");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.cleaner.threads", "1");
        p.put("log.cleaner.dedupe.buffer.size", "8388608"); // the 128 MiB default sits on a 256 MiB heap
        p.put("num.partitions", "1"); // 4.4.0 warns when it is set on brokers only: the controller applies it
        if (spec.fastFailureDetection() && !spec.zooKeeperMode()) {
            p.put("broker.session.timeout.ms", "3000"); // read by controllers
            p.put("broker.heartbeat.interval.ms", "500"); // read by brokers
        }
        if (node.role == Role.CONTROLLER) {
            p.put("process.roles", "controller");
            p.put("listeners", CONTROLLER_LISTENER + "://" + HOST + ":" + node.port);
        } else {
            int brokers = spec.brokers();
            if (!spec.zooKeeperMode()) {
                p.put("process.roles", "broker");
            }
            p.put("listeners", BROKER_LISTENER + "://" + HOST + ":" + node.port);
            p.put("advertised.listeners", BROKER_LISTENER + "://" + HOST + ":" + node.port);
            p.put("inter.broker.listener.name", BROKER_LISTENER);
            p.put("num.replica.fetchers", "1");
            p.put("auto.create.topics.enable", "false");
            p.put("group.initial.rebalance.delay.ms", "0");
            p.put("offsets.topic.replication.factor", Integer.toString(Math.min(3, brokers)));
            p.put("offsets.topic.num.partitions", "10");
            p.put("transaction.state.log.replication.factor", Integer.toString(Math.min(3, brokers)));
            p.put("transaction.state.log.min.isr", Integer.toString(Math.min(2, brokers)));
            p.put("transaction.state.log.num.partitions", "10");
            if (spec.runtime().major() >= 4) {
                p.put("share.coordinator.state.topic.replication.factor", Integer.toString(Math.min(3, brokers)));
                p.put("share.coordinator.state.topic.min.isr", Integer.toString(Math.min(2, brokers)));
            }
            p.putAll(spec.extraBrokerProps());
        }
        return p;
    }

    private void format() throws IOException, InterruptedException {
        if (spec.zooKeeperMode()) {
            return; // ZooKeeper-mode brokers need no formatting: they register in ZooKeeper, which makes the id
        }
        if (!spec.runtime().isBundled()) {
            formatWithStorageTool();
            return;
        }
        long t0 = System.nanoTime();
        progress.accept("formatting " + nodes.size() + " nodes (cluster id " + clusterId + ")");
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        MetadataVersion version = MetadataVersion.latestProduction();
        for (Node node : nodes.values()) {
            String dir = node.dataDir().toString();
            if (Files.exists(node.dataDir().resolve("meta.properties"))) {
                continue; // kept from an earlier run of this --sandbox-dir
            }
            try {
                new Formatter()
                        .setPrintStream(quiet)
                        .setNodeId(node.id)
                        .setClusterId(clusterId)
                        .setControllerListenerName(CONTROLLER_LISTENER)
                        .setMetadataLogDirectory(dir)
                        .addDirectory(dir)
                        .setReleaseVersion(version)
                        .run();
            } catch (Exception e) {
                throw new IOException("formatting " + node.name() + " in " + dir + " failed: " + e.getMessage(), e);
            }
        }
        progress.accept("formatted in " + seconds(t0) + " (metadata.version " + version + ")");
    }

    /**
     * Another release formats its own storage: that release's {@code kafka.tools.StorageTool format}, one child JVM
     * per node on its class path, all at once (the in-process Formatter is kshell's own 4.4).
     */
    private void formatWithStorageTool() throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        progress.accept("formatting " + nodes.size() + " nodes with Kafka " + spec.runtime().version()
                + "'s StorageTool (cluster id " + clusterId + ")");
        Map<Node, Process> running = new LinkedHashMap<>();
        for (Node node : nodes.values()) {
            if (Files.exists(node.dataDir().resolve("meta.properties"))) {
                continue; // kept from an earlier run of this --sandbox-dir
            }
            List<String> cmd = javaCommand(node, "kafka.tools.StorageTool");
            cmd.addAll(List.of("format", "-t", clusterId, "-c", node.propsFile().toString(), "--ignore-formatted"));
            running.put(node, new ProcessBuilder(cmd).directory(node.dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(node.dir.resolve("format.log").toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile())).start());
        }
        for (Map.Entry<Node, Process> e : running.entrySet()) {
            Process p = e.getValue();
            if (!p.waitFor(READY_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("formatting " + e.getKey().name() + " took longer than " + READY_TIMEOUT_MS / 1000
                        + " s; " + lastLines(e.getKey().dir.resolve("format.log"), 10));
            }
            if (p.exitValue() != 0) {
                throw new IOException("formatting " + e.getKey().name() + " failed (exit " + p.exitValue() + "):\n"
                        + lastLines(e.getKey().dir.resolve("format.log"), 10));
            }
        }
        progress.accept("formatted in " + seconds(t0));
    }

    private void startAll(long t0) throws IOException, InterruptedException {
        progress.accept(spec.zooKeeperMode()
                ? "starting ZooKeeper and " + spec.brokers() + " Kafka " + spec.runtime().version() + " brokers"
                : "starting " + spec.controllers() + " controllers and " + spec.brokers() + " brokers"
                        + (spec.runtime().isBundled() ? "" : " (Kafka " + spec.runtime().version() + ")"));
        for (Node node : nodes.values()) {
            launch(node);
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        // controllers first: brokers cannot start before the quorum has a leader
        for (Node node : nodes.values()) {
            awaitReady(node, deadline);
            progress.accept(node.name() + " up (" + seconds(t0) + ")");
        }
        if (spec.zooKeeperMode()) {
            clusterId = existingClusterId(root); // made by the first broker that registered in ZooKeeper
        }
        progress.accept("cluster ready in " + seconds(t0) + ": bootstrap servers " + bootstrapServers());
    }

    private void launch(Node node) throws IOException {
        List<String> cmd = new ArrayList<>();
        // Each node in a session of its own: Ctrl-C at the shell's terminal (SIGINT to the foreground process
        // group) must interrupt kshell's command, not the cluster. setsid(1) execs in place (our child is no group
        // leader), so the pid stays the JVM's and SIGTERM / SIGKILL still reach it. See docs/sandbox.md.
        cmd.addAll(SETSID);
        cmd.addAll(javaCommand(node, NodeMain.class.getName()));
        cmd.add(node.propsFile().toString());
        node.logOffset = Files.exists(node.logFile()) ? Files.size(node.logFile()) : 0;
        Path out = node.dir.resolve("stdout.log");
        node.process = new ProcessBuilder(cmd)
                .directory(node.dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                .start();
        node.state = State.RUNNING;
    }

    /**
     * {@code java <small-heap options> -cp <the release's class path> <main>}: kshell's own class path for its own
     * Kafka; for another release its jars plus a directory holding only {@link NodeMain} and
     * {@link ParentWatchdog} (kshell's jar would bring its own Kafka along through its manifest).
     */
    private List<String> javaCommand(Node node, String mainClass) throws IOException {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(javaBin,
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true",
                "-D" + NodeMain.PARENT_PID + "=" + ProcessHandle.current().pid(),
                "-Dkshell.node.id=" + node.id));
        String extra = System.getProperty(JVM_OPTIONS_PROPERTY, "").trim();
        if (!extra.isEmpty()) {
            cmd.addAll(List.of(extra.split("\\s+")));
        }
        if (node.role == Role.ZOOKEEPER) {
            cmd.add("-D" + NodeMain.MAIN_CLASS + "=org.apache.zookeeper.server.ZooKeeperServerMain");
            cmd.add("-Dzookeeper.admin.enableServer=false");
        }
        String classPath;
        if (spec.runtime().isBundled()) {
            classPath = System.getProperty("java.class.path");
        } else {
            classPath = launcherDir() + java.io.File.pathSeparator + spec.runtime().classPath().stream()
                    .map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
            // Kafka 3.x and ZooKeeper 3.8 log through slf4j 1.7 + log4j 1 (reload4j)
            cmd.add("-Dlog4j.configuration=" + node.dir.resolve("log4j.properties").toUri());
        }
        cmd.addAll(List.of("-Dlogback.configurationFile=" + node.dir.resolve("logback.xml"), "-cp", classPath,
                mainClass));
        return cmd;
    }

    /** A directory with NodeMain and ParentWatchdog only, copied from kshell's own classes once per cluster. */
    private synchronized Path launcherDir() throws IOException {
        Path dir = root.resolve("launcher");
        Path pkg = dir.resolve(NodeMain.class.getPackageName().replace('.', '/'));
        if (Files.isDirectory(pkg)) {
            return dir;
        }
        Files.createDirectories(pkg);
        for (Class<?> c : List.of(NodeMain.class, ParentWatchdog.class)) {
            String file = c.getSimpleName() + ".class";
            try (var in = c.getResourceAsStream(file)) {
                if (in == null) {
                    throw new IOException("cannot find " + file + " to launch Kafka " + spec.runtime().version());
                }
                Files.copy(in, pkg.resolve(file));
            }
        }
        return dir;
    }

    /** Log line that says a broker of this cluster's release and mode has started, or null (port open suffices). */
    private String startedMarker(Node node) {
        if (node.role != Role.BROKER) {
            return null;
        }
        // ZooKeeper mode: KafkaServer logs "[KafkaServer id=4] started"; KRaft brokers log the transition.
        return spec.zooKeeperMode() ? "[KafkaServer id=" + node.id + "] started" : BROKER_STARTED;
    }

    private void awaitReady(Node node, long deadlineNanos) throws IOException, InterruptedException {
        boolean portOpen = false;
        String marker = startedMarker(node);
        LogScanner scanner = new LogScanner(node.logFile(), node.logOffset);
        while (true) {
            if (!node.process.isAlive()) {
                node.state = State.EXITED;
                throw new IOException(node.name() + " exited with code " + node.process.exitValue()
                        + " while starting; " + tail(node));
            }
            if (!portOpen) {
                portOpen = accepts(node.port);
            }
            if (portOpen && (marker == null || scanner.contains(marker))) {
                return;
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new IOException(node.name() + " not ready after " + READY_TIMEOUT_MS / 1000 + " s ("
                        + (portOpen ? "port " + node.port + " open, broker not started" : "port " + node.port
                        + " not accepting") + "); " + tail(node));
            }
            Thread.sleep(100);
        }
    }

    private void stopGroup(Role role, long graceMs) {
        List<Node> group = nodes.values().stream().filter(n -> n.role == role && n.alive()).toList();
        group.forEach(n -> n.process.destroy());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMs);
        for (Node node : group) {
            long left = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            awaitExit(node, left);
            node.state = State.STOPPED;
        }
    }

    /** Waits up to {@code ms} for the node's JVM to end, then kills it (and waits for that). */
    private static void awaitExit(Node node, long ms) {
        boolean interrupted = false;
        try {
            try {
                if (node.process.waitFor(ms, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
            node.process.destroyForcibly();
            try {
                node.process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Shutdown hook: no time for controlled shutdowns, the parent is going away. */
    private void destroyAllNow() {
        // no lock: a node operation may hold the monitor; the map is never modified after start
        List<Node> all = new ArrayList<>(nodes.values());
        for (Node node : all) {
            Process p = node.process;
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
        }
        for (Node node : all) {
            Process p = node.process;
            if (p != null) {
                try {
                    p.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
        if (tempRoot) {
            deleteTree(root);
        }
    }

    /** The cluster id of an earlier run kept in {@code root}, or a new one. */
    private static String existingClusterId(Path root) {
        try (Stream<Path> metas = Files.exists(root) ? Files.walk(root, 3) : Stream.empty()) {
            for (Path meta : metas.filter(p -> p.getFileName().toString().equals("meta.properties")).toList()) {
                java.util.Properties props = new java.util.Properties();
                try (var in = Files.newInputStream(meta)) {
                    props.load(in);
                }
                String id = props.getProperty("cluster.id");
                if (id != null && !id.isBlank()) {
                    return id.trim();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // unreadable: format a new cluster
        }
        return Uuid.randomUuid().toString();
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            // best effort after a failed start
        }
    }

    private Node require(int id) {
        Node node = nodes.get(id);
        if (node == null) {
            throw new IllegalArgumentException("no node " + id + " in this cluster (nodes are "
                    + nodes.keySet().stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
        }
        return node;
    }

    private synchronized String endpoints(Role role) {
        return nodes.values().stream().filter(n -> n.role == role)
                .map(n -> HOST + ":" + n.port).collect(Collectors.joining(","));
    }

    /**
     * Deletes temp cluster dirs left behind by a launching JVM that was killed with {@code kill -9} (its nodes
     * halted themselves, but nobody deleted the dir): those whose {@value #OWNER_FILE} file names a process that
     * is gone.
     */
    static void sweepStaleTempDirs(Path tmp) {
        try (Stream<Path> dirs = Files.list(tmp)) {
            dirs.filter(d -> d.getFileName().toString().startsWith(TEMP_PREFIX) && Files.isDirectory(d))
                    .filter(LocalCluster::ownerGone)
                    .forEach(LocalCluster::deleteTree);
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // best effort
        }
    }

    private static boolean ownerGone(Path dir) {
        try {
            String[] owner = Files.readString(dir.resolve(OWNER_FILE), StandardCharsets.UTF_8).trim().split(" ");
            Optional<Instant> started = owner.length > 1 && !owner[1].equals("-")
                    ? Optional.of(Instant.parse(owner[1])) : Optional.empty();
            return !ParentWatchdog.isAlive(Long.parseLong(owner[0]), started);
        } catch (IOException | RuntimeException e) {
            return false; // no owner file (yet) or unreadable: leave it alone
        }
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket();
                sockets.add(s);
                s.bind(new InetSocketAddress(HOST, 0));
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(HOST, port), 250);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void writeProperties(Path file, Map<String, String> props) throws IOException {
        StringBuilder sb = new StringBuilder("# written by kshell's LocalCluster\n");
        props.forEach((k, v) -> sb.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    }

    private static String logbackXml(Path logFile) {
        return """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <append>true</append>
                    <encoder><pattern>%%d{HH:mm:ss.SSS} %%-5level [%%thread] %%logger{36} - %%msg%%n</pattern></encoder>
                  </appender>
                  <logger name="kafka" level="INFO"/>
                  <logger name="org.apache.kafka" level="INFO"/>
                  <logger name="kafka.log" level="WARN"/>
                  <logger name="org.apache.kafka.storage" level="WARN"/>
                  <logger name="state.change.logger" level="WARN"/>
                  <logger name="kafka.server.KafkaConfig" level="WARN"/>
                  <logger name="org.apache.kafka.common.config.AbstractConfig" level="WARN"/>
                  <logger name="org.apache.kafka.clients" level="WARN"/>
                  <logger name="org.apache.kafka.common.utils.AppInfoParser" level="WARN"/>
                  <root level="WARN"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(xmlEscape(logFile.toString()));
    }

    /** The same levels as {@link #logbackXml} for releases that log through log4j 1 (Kafka 3.x, ZooKeeper 3.8). */
    private static String log4jProperties(Path logFile) {
        return String.join("\n",
                "log4j.rootLogger=WARN, FILE",
                "log4j.appender.FILE=org.apache.log4j.FileAppender",
                "log4j.appender.FILE.File=" + logFile.toString().replace("\\", "\\\\"),
                "log4j.appender.FILE.Append=true",
                "log4j.appender.FILE.layout=org.apache.log4j.PatternLayout",
                "log4j.appender.FILE.layout.ConversionPattern=%d{HH:mm:ss.SSS} %-5p [%t] %c{1} - %m%n",
                "log4j.logger.kafka=INFO",
                "log4j.logger.org.apache.kafka=INFO",
                "log4j.logger.kafka.log=WARN",
                "log4j.logger.org.apache.kafka.storage=WARN",
                "log4j.logger.state.change.logger=WARN",
                "log4j.logger.kafka.server.KafkaConfig=WARN",
                "log4j.logger.org.apache.kafka.common.config.AbstractConfig=WARN",
                "log4j.logger.org.apache.kafka.clients=WARN",
                "log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN",
                "log4j.logger.org.apache.zookeeper=WARN",
                "log4j.logger.kafka.zookeeper=WARN",
                "") ;
    }

    private static String xmlEscape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("win") ? "NUL"
                : "/dev/null");
    }

    private static String tail(Node node) {
        return "last lines of " + node.logFile() + ":\n" + lastLines(node.logFile(), 15)
                + "\nlast lines of " + node.dir.resolve("stdout.log") + ":\n"
                + lastLines(node.dir.resolve("stdout.log"), 10);
    }

    static String lastLines(Path file, int n) {
        if (!Files.exists(file)) {
            return "  (no file)";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long len = raf.length();
            int chunk = (int) Math.min(len, 16_384);
            byte[] buf = new byte[chunk];
            raf.seek(len - chunk);
            raf.readFully(buf);
            List<String> lines = List.of(new String(buf, StandardCharsets.UTF_8).split("\n"));
            return lines.subList(Math.max(0, lines.size() - n), lines.size()).stream()
                    .map(l -> "  " + l).collect(Collectors.joining("\n"));
        } catch (IOException e) {
            return "  (unreadable: " + e.getMessage() + ")";
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort
        }
    }

    private static String seconds(long t0) {
        return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
    }

    /** Reads a growing log file from an offset and remembers whether a marker has appeared. */
    private static final class LogScanner {
        private final Path file;
        private long offset;
        private String carry = "";
        private boolean found;

        LogScanner(Path file, long offset) {
            this.file = file;
            this.offset = offset;
        }

        boolean contains(String marker) throws IOException {
            if (found || !Files.exists(file)) {
                return found;
            }
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
                long len = raf.length();
                if (len < offset) {
                    offset = 0; // truncated
                }
                if (len == offset) {
                    return false;
                }
                byte[] buf = new byte[(int) Math.min(len - offset, 4 << 20)];
                raf.seek(offset);
                raf.readFully(buf);
                offset += buf.length;
                String text = carry + new String(buf, StandardCharsets.UTF_8);
                found = text.contains(marker);
                int nl = text.lastIndexOf('\n');
                carry = nl < 0 ? text : text.substring(nl + 1);
                if (carry.length() > marker.length() * 4) {
                    carry = carry.substring(carry.length() - marker.length() * 4);
                }
                return found;
            }
        }
    }

    /** Mutable launcher-side state of one node; guarded by the cluster's monitor. */
    private static final class Node {
        final int id;
        final Role role;
        final int port;
        final Path dir;
        volatile Process process;
        volatile State state = State.STOPPED;
        long logOffset;

        Node(int id, Role role, int port, Path dir) {
            this.id = id;
            this.role = role;
            this.port = port;
            this.dir = dir;
        }

        String name() {
            return role.name().toLowerCase(Locale.ROOT) + " " + id;
        }

        Path propsFile() {
            return dir.resolve("server.properties");
        }

        Path logFile() {
            return dir.resolve("kafka.log");
        }

        Path dataDir() {
            return dir.resolve("data");
        }

        boolean alive() {
            return process != null && process.isAlive();
        }

        NodeInfo info() {
            State s = state;
            if (s == State.RUNNING && !alive()) {
                s = State.EXITED;
            }
            long pid = alive() ? process.pid() : -1;
            return new NodeInfo(id, role, port, s, dir, pid, logFile());
        }
    }
}
