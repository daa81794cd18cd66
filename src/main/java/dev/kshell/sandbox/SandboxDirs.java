package dev.kshell.sandbox;

import dev.kshell.util.Environment;
import dev.kshell.util.OsIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.io.InputStream;

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
     * is gone. The temp dir is shared: only real directories (not links) owned by this user are considered, and they
     * are deleted without following a link ({@link #deleteTree}), so another local user who plants a
     * {@code kshell-sandbox-*} dir, or swaps a directory in one for a link while the sweep runs, deletes nothing of
     * ours nor makes us delete anything of theirs.
     */
    static void sweepStaleTempDirs(Path tmp) {
        try (Stream<Path> dirs = Files.list(tmp)) {
            dirs.filter(d -> d.getFileName().toString().startsWith(TEMP_PREFIX)
                            && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS))
                    .filter(SandboxDirs::ownedByMe)
                    .filter(SandboxDirs::ownerGone)
                    .forEach(SandboxDirs::deleteTree);
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // best effort
        }
    }

    private static boolean ownedByMe(Path dir) {
        try {
            return Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(OsIdentity.user());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean ownerGone(Path dir) {
        try {
            String text;
            try (InputStream in = Files.newInputStream(dir.resolve(OWNER_FILE), LinkOption.NOFOLLOW_LINKS)) {
                text = new String(in.readNBytes(200), StandardCharsets.UTF_8);
            }
            String[] owner = text.trim().split(" ");
            Optional<Instant> started = owner.length > 1 && !owner[1].equals("-")
                    ? Optional.of(Instant.parse(owner[1])) : Optional.empty();
            return !ParentWatchdog.isAlive(Long.parseLong(owner[0]), started);
        } catch (IOException | RuntimeException e) {
            return false; // no owner file (yet) or unreadable: leave it alone
        }
    }

    /**
     * Deletes {@code dir} and everything in it, following no symbolic link: each directory is opened relative to its
     * parent's open descriptor with {@code O_NOFOLLOW} and its entries unlinked relative to it
     * ({@link SecureDirectoryStream}), so a directory swapped for a link mid-way is unlinked as a link, never entered.
     * A link given as {@code dir} is removed itself. Best effort: what cannot be deleted stays.
     *
     * <p>One deletion at a time, tried again while the tree is still there (three passes at most): on SIGTERM both
     * shutdown hooks (the application's close and the cluster's own kill) delete the same tree, and a pass that meets
     * the other's half-deleted directory gives up on it.
     */
    static synchronized void deleteTree(Path dir) {
        for (int pass = 0; pass < 3 && Files.exists(dir, LinkOption.NOFOLLOW_LINKS); pass++) {
            deleteTreeOnce(dir);
        }
    }

    private static void deleteTreeOnce(Path dir) {
        try {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(dir);
                return;
            }
            Path absolute = dir.toAbsolutePath();
            Path parent = absolute.getParent();
            if (parent != null) {
                try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
                    if (stream instanceof SecureDirectoryStream<Path> secure) {
                        Path name = absolute.getFileName();
                        deleteContents(secure, name);
                        secure.deleteDirectory(name);
                        return;
                    }
                }
            }
            // no openat() on this platform: walkFileTree does not follow links either (links are deleted as files)
            Files.walkFileTree(absolute, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException e) {
            // best effort
        }
    }

    private static void deleteContents(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        try (SecureDirectoryStream<Path> d = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            for (Path entry : d) {
                Path child = entry.getFileName();
                try {
                    BasicFileAttributes a = d.getFileAttributeView(child, BasicFileAttributeView.class,
                            LinkOption.NOFOLLOW_LINKS).readAttributes();
                    if (a.isDirectory()) {
                        deleteContents(d, child);
                        d.deleteDirectory(child);
                    } else {
                        d.deleteFile(child); // a file or a link: the link itself, never what it names
                    }
                } catch (IOException | RuntimeException e) {
                    try {
                        d.deleteFile(child); // swapped for a link after it was read: unlink the link
                    } catch (IOException | RuntimeException ignored) {
                        // best effort
                    }
                }
            }
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
