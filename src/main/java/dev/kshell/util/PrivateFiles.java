package dev.kshell.util;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Every file and directory kshell creates is private to the user: directories 0700, files 0600, whatever the umask.
 * The mode is given at creation (an {@code open(2)} / {@code mkdir(2)} mode, which a umask can only narrow), not set
 * afterwards, so there is no moment when another user could open the file. Where a library creates the file (the
 * log's appender, JLine's history) kshell creates it first, empty and private, and the library appends to it.
 *
 * <p>Only what kshell creates is touched: an existing directory (the user's {@code ~/.kshell} made by hand, a
 * {@code --sandbox-dir}) keeps its mode. On a file system without POSIX permissions the calls fall back to the plain
 * ones.
 */
public final class PrivateFiles {

    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** The attributes that make a new file private, or none where the file system has no POSIX permissions. */
    public static FileAttribute<?>[] fileAttributes(Path file) {
        return posix(file) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
                : new FileAttribute<?>[0];
    }

    /** {@link Files#createDirectories}, each directory it creates 0700; returns {@code dir}. */
    public static Path createDirectories(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            return dir;
        }
        Path parent = absolute.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            createDirectories(parent);
        }
        try {
            if (posix(absolute)) {
                Files.createDirectory(absolute, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } else {
                Files.createDirectory(absolute);
            }
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(absolute)) {
                throw e; // a file where the directory should be
            }
            // made at the same moment by another thread or process: fine
        }
        return dir;
    }

    /** Creates {@code file} empty and private (its missing directories 0700) unless it exists; returns it. */
    public static Path createFile(Path file) throws IOException {
        refuseLink(file);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            createDirectories(parent);
        }
        try {
            Files.createFile(file, fileAttributes(file));
        } catch (FileAlreadyExistsException e) {
            // kept as it is
        }
        return file;
    }

    /**
     * {@link FileChannel#open} that creates a missing file 0600 and never follows a symbolic link
     * ({@code O_NOFOLLOW}): a link planted where kshell keeps its own file (a link to a 0644 file keeps it readable, a
     * dangling one writes outside the home) is refused, with one sentence naming it.
     */
    public static FileChannel openChannel(Path file, Set<? extends OpenOption> options) throws IOException {
        refuseLink(file);
        Set<OpenOption> noFollow = new HashSet<>(options);
        noFollow.add(LinkOption.NOFOLLOW_LINKS);
        try {
            return FileChannel.open(file, noFollow, fileAttributes(file));
        } catch (FileSystemException e) {
            refuseLink(file); // made a link between the check and the open: say so rather than ELOOP
            throw e;
        }
    }

    /** Throws when {@code file} is a symbolic link: kshell's own files (log, audit, lock) are never written through one. */
    public static void refuseLink(Path file) throws IOException {
        if (Files.isSymbolicLink(file)) {
            throw new FileSystemException(file.toString(), null,
                    "is a symbolic link: kshell writes its own files only as regular files (remove the link)");
        }
    }

    /**
     * A UTF-8 writer; a missing file is created 0600, its missing directories 0700. The file is created first and
     * then opened as {@link Files#newBufferedWriter} opens it: a writer straight over a {@code FileChannel} would be
     * closed for good by a thread interrupt (Ctrl-C in a runbook step), and the transcript must still get its end.
     *
     * @param options {@code CREATE_NEW} (fails when the file exists), or {@code CREATE} with {@code APPEND} / ...
     */
    public static BufferedWriter newWriter(Path file, OpenOption... options) throws IOException {
        Set<OpenOption> rest = new LinkedHashSet<>(List.of(options));
        if (rest.remove(StandardOpenOption.CREATE_NEW)) {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                createDirectories(parent);
            }
            Files.createFile(file, fileAttributes(file));
        } else if (rest.remove(StandardOpenOption.CREATE)) {
            createFile(file);
        }
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8, rest.toArray(OpenOption[]::new));
    }
}
