package dev.kshell.app;

import dev.kshell.util.PrivateFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.testsupport.Required;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Every file and directory kshell creates is private to the user (0600 / 0700) regardless of the umask: a child JVM
 * under {@code umask 000} creates a session's files (PrivateFilesMain); then nothing under the home has a group or
 * others bit, which is what {@code find ~/.kshell -perm /077} checks on a real home.
 */
@Timeout(120)
class PrivateFilesTest {

    @TempDir
    Path dir;

    @Test
    void should_create_every_file_and_directory_of_a_session_private_under_a_permissive_umask() throws Exception {
        Required.tool("sh", Files.isExecutable(Path.of("/bin/sh")), "setting the child's umask");
        Path home = dir.resolve("home");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder("/bin/sh", "-c", "umask 000 && exec \"$@\"", "sh", java, "-cp",
                System.getProperty("java.class.path"), PrivateFilesMain.class.getName(), home.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor()).as(output).isZero();

        List<String> shared;
        try (Stream<Path> all = Files.walk(home)) {
            shared = all.filter(p -> {
                try {
                    return !Files.getPosixFilePermissions(p).stream().allMatch(m -> m.name().startsWith("OWNER"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).map(p -> home.relativize(p) + " " + mode(p)).toList();
        }
        try (Stream<Path> all = Files.walk(home)) {
            System.out.println("[private-files] " + all.map(p -> mode(p) + " " + home.relativize(p)).toList());
        }
        assertThat(shared).as("group/others bits under the home (find -perm /077)").isEmpty();
        assertThat(List.of("", "kshell.log", "history", "locks/x.lock", "state", "transcripts", "audit.jsonl",
                "sandbox/kshell")).allSatisfy(p -> assertThat(home.resolve(p)).exists());
        assertThat(mode(home)).isEqualTo("rwx------");
        assertThat(mode(home.resolve("kshell.log"))).isEqualTo("rw-------");
        // the history holds the line, masked
        assertThat(Files.readString(home.resolve("history"))).contains("--param token=**** --yes")
                .doesNotContain("TOKEN-IN-CLEAR");
    }

    @Test
    void should_leave_an_existing_directory_as_it_is_and_create_only_what_is_missing() throws Exception {
        Path mine = Files.createDirectory(dir.resolve("mine"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
        PrivateFiles.createFile(mine.resolve("a/b/file"));

        assertThat(mode(mine)).isEqualTo("rwxr-x---");
        assertThat(mode(mine.resolve("a"))).isEqualTo("rwx------");
        assertThat(mode(mine.resolve("a/b"))).isEqualTo("rwx------");
        assertThat(mode(mine.resolve("a/b/file"))).isEqualTo("rw-------");
    }

    private static String mode(Path p) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
