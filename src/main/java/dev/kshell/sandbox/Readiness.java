package dev.kshell.sandbox;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;

/**
 * When a node of a {@link LocalCluster} counts as up: its port accepts connections and, for a broker, its log says
 * it has started (registered and unfenced). Also the log tails that failures end with.
 */
final class Readiness {

    /** Broker log line once the broker is registered, caught up and unfenced (BrokerServer startup end). */
    static final String BROKER_STARTED = "Transition from STARTING to STARTED";

    private Readiness() {
    }

    /** Log line that says a broker of this release and mode has started, or null (port open suffices). */
    static String startedMarker(ClusterNode node, boolean zooKeeperMode) {
        if (node.role != Role.BROKER) {
            return null;
        }
        // ZooKeeper mode: KafkaServer logs "[KafkaServer id=4] started"; KRaft brokers log the transition.
        return zooKeeperMode ? "[KafkaServer id=" + node.id + "] started" : BROKER_STARTED;
    }

    /**
     * Waits until the node's port accepts connections and its started marker (if any) appears in its log after
     * {@link ClusterNode#logOffset}.
     *
     * @throws IOException if the node exits meanwhile or the deadline passes; the message ends with its log's tail
     */
    static void awaitReady(ClusterNode node, String marker, long deadlineNanos, long boundMs)
            throws IOException, InterruptedException {
        boolean portOpen = false;
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
                throw new IOException(node.name() + " not ready after " + boundMs / 1000 + " s ("
                        + (portOpen ? "port " + node.port + " open, broker not started" : "port " + node.port
                        + " not accepting") + "); " + tail(node));
            }
            Thread.sleep(100);
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(NodeConfig.HOST, port), 250);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static String tail(ClusterNode node) {
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

    /** Reads a growing log file from an offset and remembers whether a marker has appeared. */
    static final class LogScanner {
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
}
