package dev.kshell.sandbox;

import dev.kshell.util.Environment;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;

/**
 * The JVMs of a {@link LocalCluster}'s nodes: the command line each is launched with, launching, stopping and
 * killing them, and the signals Java has no API for ({@code SIGSTOP} / {@code SIGCONT}).
 */
final class NodeProcesses {

    /** {@code setsid} when util-linux provides it (Linux), else nothing: nodes then share the shell's group. */
    static final List<String> SETSID = Stream.of("/usr/bin/setsid", "/bin/setsid")
            .filter(p -> Files.isExecutable(Path.of(p))).findFirst().map(List::of).orElse(List.of());

    private final LocalClusterSpec spec;
    private final Path root;

    NodeProcesses(LocalClusterSpec spec, Path root) {
        this.spec = spec;
        this.root = root;
    }

    void launch(ClusterNode node) throws IOException {
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
    List<String> javaCommand(ClusterNode node, String mainClass) throws IOException {
        String javaBin = Environment.javaBinary().toString();
        List<String> cmd = new ArrayList<>(List.of(javaBin,
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true",
                "-D" + NodeMain.PARENT_PID + "=" + ProcessHandle.current().pid(),
                "-Dkshell.node.id=" + node.id));
        String extra = Environment.sandboxJvmOptions();
        if (!extra.isEmpty()) {
            cmd.addAll(List.of(extra.split("\\s+")));
        }
        if (node.role == Role.ZOOKEEPER) {
            cmd.add("-D" + NodeMain.MAIN_CLASS + "=org.apache.zookeeper.server.ZooKeeperServerMain");
            cmd.add("-Dzookeeper.admin.enableServer=false");
        }
        String classPath;
        KafkaRuntime runtime = spec.runtimeOf(node.id);
        if (runtime.isBundled()) {
            classPath = Environment.classPath();
        } else {
            classPath = launcherDir() + File.pathSeparator + runtime.classPath().stream()
                    .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
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

    /** Java has no API for SIGSTOP / SIGCONT: {@code kill -STOP pid}, bounded. */
    static void signal(ClusterNode node, String signal) {
        long pid = node.process.pid();
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
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

    /** SIGTERM to every running node of the group at once, then waits out the grace period; stragglers are killed. */
    static void stopGroup(Collection<ClusterNode> nodes, Role role, long graceMs) {
        List<ClusterNode> group = nodes.stream().filter(n -> n.role == role && n.alive()).toList();
        group.forEach(n -> n.process.destroy());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMs);
        for (ClusterNode node : group) {
            long left = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            awaitExit(node, left);
            node.state = State.STOPPED;
        }
    }

    /** Waits up to {@code ms} for the node's JVM to end, then kills it (and waits for that). */
    static void awaitExit(ClusterNode node, long ms) {
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

    /**
     * Shutdown hook's part: no time for controlled shutdowns, the parent is going away. False when interrupted
     * before every node was seen to end.
     */
    static boolean destroyAllNow(Collection<ClusterNode> nodes) {
        List<ClusterNode> all = new ArrayList<>(nodes);
        for (ClusterNode node : all) {
            Process p = node.process;
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
        }
        for (ClusterNode node : all) {
            Process p = node.process;
            if (p != null) {
                try {
                    p.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    return false;
                }
            }
        }
        return true;
    }

    static File nullFile() {
        return new File(Environment.windows() ? "NUL"
                : "/dev/null");
    }
}
