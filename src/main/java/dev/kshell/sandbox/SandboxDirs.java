package dev.kshell.sandbox;

import dev.kshell.util.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a {@link LocalCluster} lives on this machine: its temp directory (with an owner file naming the launching
 * JVM, so that a later start can sweep what a {@code kill -9}ed launcher left behind) and its free ports.
 */
final class SandboxDirs {

    private static final String TEMP_PREFIX = "kshell-sandbox-";
    private static final String OWNER_FILE = "owner";

    private SandboxDirs() {
    }

    /** A new temp cluster directory, marked as this JVM's; stale ones of dead owners are deleted first. */
    static Path createTempRoot() throws IOException {
        sweepStaleTempDirs(Environment.tmpDir());
        Path root = Files.createTempDirectory(TEMP_PREFIX);
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(root.resolve(OWNER_FILE), self.pid() + " "
                + self.info().startInstant().map(Object::toString).orElse("-") + "\n", StandardCharsets.UTF_8);
        return root;
    }

    /**
     * Deletes temp cluster dirs left behind by a launching JVM that was killed with {@code kill -9} (its nodes
     * halted themselves, but nobody deleted the dir): those whose {@value #OWNER_FILE} file names a process that
     * is gone.
     */
    static void sweepStaleTempDirs(Path tmp) {
        try (Stream<Path> dirs = Files.list(tmp)) {
            dirs.filter(d -> d.getFileName().toString().startsWith(TEMP_PREFIX) && Files.isDirectory(d))
                    .filter(SandboxDirs::ownerGone)
                    .forEach(SandboxDirs::deleteTree);
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

    static void deleteTree(Path dir) {
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

    /** {@code count} ports free on {@link NodeConfig#HOST} a moment ago (bound, then released together). */
    static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket();
                sockets.add(s);
                s.bind(new InetSocketAddress(NodeConfig.HOST, 0));
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }
}
