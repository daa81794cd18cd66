package dev.kshell.sandbox;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.raft.DynamicVoters;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * Formats the storage of a {@link LocalCluster}'s KRaft nodes ({@code meta.properties} with the cluster id): in
 * process with Kafka's {@link Formatter} for kshell's own Kafka, with the release's own {@code StorageTool} in child
 * JVMs for another release. A node already formatted (a kept {@code --sandbox-dir}) is left as it is.
 */
final class StorageFormat {

    private final LocalClusterSpec spec;
    private final NodeProcesses processes;
    private final Consumer<String> progress;
    private final long boundMs;

    StorageFormat(LocalClusterSpec spec, NodeProcesses processes, Consumer<String> progress, long boundMs) {
        this.spec = spec;
        this.processes = processes;
        this.progress = progress;
        this.boundMs = boundMs;
    }

    void format(Collection<ClusterNode> nodes, String clusterId) throws IOException, InterruptedException {
        if (spec.zooKeeperMode()) {
            return; // ZooKeeper-mode brokers need no formatting: they register in ZooKeeper, which makes the id
        }
        if (!spec.runtime().isBundled()) {
            formatWithStorageTool(nodes, clusterId);
            return;
        }
        long t0 = System.nanoTime();
        progress.accept("formatting " + nodes.size() + " nodes (cluster id " + clusterId + ")");
        MetadataVersion version = MetadataVersion.latestProduction();
        String initial = spec.dynamicQuorum() ? NodeConfig.initialControllers(nodes) : null;
        for (ClusterNode node : nodes) {
            if (Files.exists(node.dataDir().resolve("meta.properties"))) {
                continue; // kept from an earlier run of this --sandbox-dir
            }
            formatBundled(node, clusterId, initial, version);
        }
        progress.accept("formatted in " + seconds(t0) + " (metadata.version " + version
                + (spec.dynamicQuorum() ? ", dynamic quorum: kraft.version 1" : ", static quorum") + ")");
    }

    /**
     * Formats one node whose data is gone, as Kafka's own advice for a lost disk says: in a dynamic quorum with
     * {@code --no-initial-controllers} (a controller comes back as an observer with a new directory id, and stays
     * one until it is added to the voters), in a static quorum as at first. Returns the node's new directory id
     * (from its {@code meta.properties}), or null when it cannot be read.
     */
    String formatAgain(ClusterNode node, String clusterId) throws IOException, InterruptedException {
        if (spec.runtime().isBundled()) {
            formatBundled(node, clusterId, null, MetadataVersion.latestProduction());
        } else {
            formatWithStorageTool(List.of(node), clusterId, true);
        }
        return directoryId(node.dataDir());
    }

    private void formatBundled(ClusterNode node, String clusterId, String initialControllers, MetadataVersion version)
            throws IOException {
        String dir = node.dataDir().toString();
        try {
            Formatter formatter = new Formatter()
                    .setPrintStream(new PrintStream(PrintStream.nullOutputStream()))
                    .setNodeId(node.id)
                    .setClusterId(clusterId)
                    .setControllerListenerName(NodeConfig.CONTROLLER_LISTENER)
                    .setMetadataLogDirectory(dir)
                    .addDirectory(dir)
                    .setReleaseVersion(version)
                    .setHasDynamicQuorum(spec.dynamicQuorum());
            if (spec.twoLogDirs() && node.role == NodeInfo.Role.BROKER) {
                formatter.addDirectory(node.secondDataDir().toString());
            }
            if (initialControllers != null) {
                formatter.setInitialControllers(DynamicVoters.parse(initialControllers));
            }
            formatter.run();
        } catch (Exception e) {
            throw new IOException("formatting " + node.name() + " in " + dir + " failed: " + e.getMessage(), e);
        }
    }

    /** The {@code directory.id} in this directory's {@code meta.properties}, or null. */
    static String directoryId(Path dataDir) {
        Properties props = new Properties();
        try (var in = Files.newInputStream(dataDir.resolve("meta.properties"))) {
            props.load(in);
            return props.getProperty("directory.id");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Another release formats its own storage: that release's {@code kafka.tools.StorageTool format}, one child JVM
     * per node on its class path, all at once (the in-process Formatter is kshell's own 4.4).
     */
    private void formatWithStorageTool(Collection<ClusterNode> nodes, String clusterId)
            throws IOException, InterruptedException {
        formatWithStorageTool(nodes, clusterId, false);
    }

    private void formatWithStorageTool(Collection<ClusterNode> nodes, String clusterId, boolean again)
            throws IOException, InterruptedException {
        String initial = spec.dynamicQuorum() && !again ? NodeConfig.initialControllers(nodes) : null;
        long t0 = System.nanoTime();
        progress.accept("formatting " + nodes.size() + " nodes with Kafka " + spec.runtime().version()
                + "'s StorageTool (cluster id " + clusterId + ")");
        Map<ClusterNode, Process> running = new LinkedHashMap<>();
        for (ClusterNode node : nodes) {
            if (Files.exists(node.dataDir().resolve("meta.properties"))) {
                continue; // kept from an earlier run of this --sandbox-dir
            }
            List<String> cmd = processes.javaCommand(node, "kafka.tools.StorageTool");
            cmd.addAll(List.of("format", "-t", clusterId, "-c", node.propsFile().toString(), "--ignore-formatted"));
            if (initial != null) {
                cmd.addAll(List.of("--initial-controllers", initial));
            } else if (spec.dynamicQuorum()) {
                cmd.add("--no-initial-controllers");
            }
            running.put(node, new ProcessBuilder(cmd).directory(node.dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(node.dir.resolve("format.log").toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(NodeProcesses.nullFile())).start());
        }
        for (Map.Entry<ClusterNode, Process> e : running.entrySet()) {
            Process p = e.getValue();
            if (!p.waitFor(boundMs, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("formatting " + e.getKey().name() + " took longer than " + boundMs / 1000
                        + " s; " + Readiness.lastLines(e.getKey().dir.resolve("format.log"), 10));
            }
            if (p.exitValue() != 0) {
                throw new IOException("formatting " + e.getKey().name() + " failed (exit " + p.exitValue() + "):\n"
                        + Readiness.lastLines(e.getKey().dir.resolve("format.log"), 10));
            }
        }
        progress.accept("formatted in " + seconds(t0));
    }

    /** The cluster id of an earlier run kept in {@code root}, or a new one. */
    static String existingClusterId(Path root) {
        try (Stream<Path> metas = Files.exists(root) ? Files.walk(root, 3) : Stream.empty()) {
            for (Path meta : metas.filter(p -> p.getFileName().toString().equals("meta.properties")).toList()) {
                Properties props = new Properties();
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

    static String seconds(long t0) {
        return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
    }
}
