package dev.kshell.memory;

import dev.kshell.util.PrivateFiles;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * A file kshell writes because the person asked for it ({@code --export FILE}, {@code --transcript FILE}, a CSV of
 * offset resets): created new, never through a symbolic link (a dangling one included), never over an existing file,
 * never over one of kshell's own files (the audit log and its lock, the history, the log, profiles, state). The
 * target is {@link #check checked} before the plan is shown, so that nobody confirms a change whose file then fails,
 * and {@link #write written} after the gate's checks; the create itself refuses a file that appeared meanwhile.
 */
public final class RequestedFile {

    private final Path path;
    private final String option;

    private RequestedFile(Path path, String option) {
        this.path = path;
        this.option = option;
    }

    public Path path() {
        return path;
    }

    /**
     * The target as given by {@code option} ("--export"), or the sentence that refuses it.
     *
     * @return the file, or the refusal's one line (naming the option and the path)
     */
    public static Refusable check(Path target, String option) {
        Path file = target.toAbsolutePath().normalize();
        String why = refusal(file);
        return why == null ? new Refusable(new RequestedFile(file, option), null)
                : new Refusable(null, option + " " + target + ": " + why + "; nothing was written");
    }

    /** A checked file, or the sentence that refused it. */
    public record Refusable(RequestedFile file, String refused) {
    }

    private static String refusal(Path file) {
        if (Files.isSymbolicLink(file)) {
            return "it is a symbolic link (kshell never writes through one)";
        }
        Optional<String> own = ownFile(file);
        if (own.isPresent()) {
            return "that is kshell's own " + own.get();
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Files.isDirectory(file) ? "it is a directory: name a file in it"
                    : "the file exists (kshell never writes over a file): name a new one, or remove it first";
        }
        Path parent = file.getParent();
        if (parent == null || Files.exists(parent) && !Files.isDirectory(parent)) {
            return parent + " is not a directory";
        }
        return null;
    }

    /** Which of kshell's own files {@code file} is (through links in its directory too), if it is one. */
    static Optional<String> ownFile(Path file) {
        Path real = realParent(file);
        Path audit = KshellHome.auditLog();
        List<Object[]> own = List.of(
                new Object[]{audit, "audit log"},
                new Object[]{audit.resolveSibling(audit.getFileName() + ".lock"), "audit log's lock"},
                new Object[]{KshellHome.history(), "history"},
                new Object[]{KshellHome.log(), "log"},
                new Object[]{KshellHome.dir().resolve("profiles.yaml"), "profiles"}); // connection.ProfileStore's
        for (Object[] o : own) {
            if (realParent((Path) o[0]).equals(real)) {
                return Optional.of((String) o[1]);
            }
        }
        Path state = realParent(KshellHome.state().resolve("x")).getParent();
        return real.startsWith(state) ? Optional.of("state directory") : Optional.empty();
    }

    /** The path with its directory's links resolved (the file itself may not exist yet). */
    private static Path realParent(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        try {
            return parent == null ? abs : parent.toRealPath().resolve(abs.getFileName());
        } catch (IOException e) {
            return abs; // a directory that does not exist holds none of kshell's files
        }
    }

    /**
     * Writes {@code text} into a new file, readable by its owner only.
     *
     * @throws IOException when the file cannot be created new (it appeared since the check, a link was put there)
     *                     or written; the message names the option and the path
     */
    public void write(String text) throws IOException {
        try (Writer out = open()) {
            out.write(text);
        }
    }

    /** Opens the new file for writing (a transcript written as the run goes). */
    public BufferedWriter open() throws IOException {
        String why = refusal(path);
        if (why != null) {
            throw new IOException(option + " " + path + ": " + why);
        }
        try {
            // missing directories are made (0700); createFile fails on anything at the path, a dangling link included
            return PrivateFiles.newWriter(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(option + " " + path + ": the file appeared while kshell was asking; nothing was written");
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
