package dev.kshell.app;

import dev.kshell.cluster.ClusterTarget;
import dev.kshell.sandbox.KafkaRuntime;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.memory.KshellHome;
import dev.kshell.render.Prose;
import dev.kshell.connection.ShellSession;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.util.PrivateFiles;
import java.time.Clock;
import java.util.TreeMap;

/**
 * {@code --sandbox}: starts the session's {@link Sandbox} (progress on the error stream) and connects the session
 * to it as "sandbox". {@link Assembly} closes the sandbox at the end, and from kshell's shutdown hook on SIGTERM and
 * Ctrl-C; the cluster's own hook and each node's parent watchdog cover the rest.
 */
public record SandboxLauncher(Sandbox sandbox, ShellSession session) {

    /**
     * The start-up lines at the terminal's width, broken on word boundaries under the text after {@code sandbox: };
     * width 0 (a pipe, a log) keeps each line whole.
     */
    static PrintWriter wrapping(PrintWriter err, int width) {
        if (width <= 0) {
            return err;
        }
        return new PrintWriter(err, true) {
            @Override
            public void println(String line) {
                print(Prose.text(line, width, "sandbox: ".length()));
                flush();
            }
        };
    }

    public void startAndConnect(String dataDir, PrintWriter progress) {
        startAndConnect(dataDir, null, false, false, progress);
    }

    /**
     * @param kafkaLine     the release line ("3.9"), or null for kshell's own Kafka
     * @param zooKeeperMode a ZooKeeper-mode cluster (3.x only)
     * @param staticQuorum  a static quorum ({@code controller.quorum.voters}); otherwise a KRaft sandbox's quorum is
     *                      dynamic (KIP-853) where the release has them (3.9+)
     */
    public void startAndConnect(String dataDir, String kafkaLine, boolean zooKeeperMode, boolean staticQuorum,
                                PrintWriter progress) {
        long t0 = System.nanoTime();
        Path dir = dataDir == null ? null : Path.of(dataDir).toAbsolutePath();
        KafkaRuntime runtime = kafkaLine == null ? KafkaRuntime.bundled() : KafkaRuntime.forLine(kafkaLine);
        progress.println("sandbox: starting " + (zooKeeperMode ? "ZooKeeper (1)" : "3 controllers (1-3)")
                + " and 3 brokers (4-6), Kafka " + runtime.version() + (zooKeeperMode ? " in ZooKeeper mode"
                        : Sandbox.dynamicQuorum(runtime, zooKeeperMode, staticQuorum) ? ", dynamic quorum"
                        : ", static quorum")
                + ", in " + (dir == null ? "a temp dir (removed on exit)" : dir + " (kept)") + "; Ctrl-C aborts");
        try {
            sandbox.start(dir, runtime, zooKeeperMode, staticQuorum, line -> progress.println("sandbox: " + line));
        } catch (IOException e) {
            throw new IllegalStateException("the sandbox did not start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the sandbox start was interrupted", e);
        }
        String servers = sandbox.cluster().bootstrapServers();
        session.connect(new ClusterTarget(servers, null, Map.of(), session.defaultTimeout(),
                sandbox.cluster().zooKeeperConnect()), "sandbox", null);
        // triage probes these controllers when the quorum cannot be read, and may name sandbox commands
        Map<Integer, String> controllers = new TreeMap<>();
        sandbox.nodes().stream().filter(n -> n.role() == NodeInfo.Role.CONTROLLER)
                .forEach(n -> controllers.put(n.id(), "127.0.0.1:" + n.port()));
        session.markSandbox(servers, sandbox.cluster().bootstrapControllers(), controllers);
        keepRecordsWithTheSandbox(sandbox.cluster().root(), sandbox.dataKept(), progress);
        progress.println(String.format(Locale.ROOT, "sandbox: ready in %.1f s; connected to %s as 'sandbox'",
                (System.nanoTime() - t0) / 1e9, servers));
        progress.println("sandbox: try 'sandbox status', 'brokers', 'sandbox scenario --list'");
        progress.flush();
    }

    /** The sandbox's records (history, audit log, state/, transcripts/) go in its own directory. */
    static final String RECORDS_DIR = "kshell";

    /**
     * Practice kills, elections and their audit lines belong to the sandbox, not to the operator's real clusters:
     * they go to {@code <sandbox dir>/kshell/} (removed with a temp sandbox, kept with {@code --sandbox-dir}) unless
     * {@code KSHELL_SANDBOX_STATE=home}. The quorum history is re-wired here because it was opened at start-up.
     */
    void keepRecordsWithTheSandbox(Path sandboxRoot, boolean kept, PrintWriter progress) {
        if (!KshellHome.sandboxKeepsRecords()) {
            progress.println("sandbox: history, audit log and state in " + KshellHome.records() + " ("
                    + KshellHome.SANDBOX_STATE_ENV + "=home)");
            return;
        }
        Path records = sandboxRoot.resolve(RECORDS_DIR);
        try {
            PrivateFiles.createDirectories(records);
        } catch (IOException e) {
            progress.println("sandbox: cannot create " + records + " (" + e.getMessage() + "); records stay in "
                    + KshellHome.records());
            return;
        }
        KshellHome.keepRecordsIn(() -> session.connectedToSandbox() ? records : null);
        // per cluster id, so a later connect elsewhere in this session does not mix histories, only their directory
        session.useQuorumMemory(QuorumMemory.withFile(KshellHome.state(), Clock.systemUTC()));
        progress.println("sandbox: history, audit log and state in " + records + (kept ? "" : " (removed with the sandbox)")
                + "; " + KshellHome.SANDBOX_STATE_ENV + "=home keeps them in " + KshellHome.dir());
    }
}
