package dev.kshell.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.audit.AuditWriteException;
import dev.kshell.render.Json;
import dev.kshell.util.PrivateFiles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** kshell's own files under a hostile home: an unwritable home, symbolic links planted where its files go. */
@Timeout(120)
class KshellFilesTest {

    @TempDir
    Path dir;

    @Test
    void should_say_one_line_on_stderr_and_keep_stdout_json_when_the_home_cannot_be_written() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the home under a regular file: not writable, even by root
        Process child = new ProcessBuilder(java, "-Dkshell.home=" + file.resolve("kshell"), "-cp",
                System.getProperty("java.class.path"), KshellApplication.class.getName(), "explain",
                "NOT_ENOUGH_REPLICAS", "--output", "json").start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(child.waitFor()).as(err).isZero();
        // was ~50 lines of logback status with a stack trace on stdout
        assertThat(Json.mapper().readTree(out).isObject()).as(out).isTrue();
        assertThat(err).hasLineCount(1).startsWith("warning: cannot write the log file " + file.resolve("kshell"))
                .endsWith("nothing is logged in this run\n");
    }

    @Test
    void should_refuse_a_symbolic_link_where_the_audit_log_goes_and_leave_its_target_alone() throws Exception {
        Path shared = Files.writeString(dir.resolve("shared.jsonl"), "");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));
        Path audit = Files.createSymbolicLink(dir.resolve("audit.jsonl"), shared);
        Path dangling = Files.createSymbolicLink(dir.resolve("other.jsonl"), dir.resolve("outside/new.jsonl"));
        AuditEntry entry = AuditEntry.of("c1", "b:9092", "elect preferred --all", "preferred",
                AuditDecision.DRY_RUN, null, null, null);

        // was: the line written into the 0644 file the link names, or a new file outside the home
        assertThatThrownBy(() -> new AuditLog(audit).append(entry)).isInstanceOf(AuditWriteException.class)
                .hasMessageContaining("is a symbolic link");
        assertThatThrownBy(() -> new AuditLog(dangling).append(entry)).isInstanceOf(AuditWriteException.class)
                .hasMessageContaining("is a symbolic link");
        assertThat(Files.readString(shared)).isEmpty();
        assertThat(dir.resolve("outside")).doesNotExist();
    }

    @Test
    void should_refuse_a_symbolic_link_where_the_log_goes() throws Exception {
        Path target = Files.writeString(dir.resolve("elsewhere.log"), "");
        Path log = Files.createSymbolicLink(dir.resolve("kshell.log"), target);

        assertThatThrownBy(() -> PrivateFiles.createFile(log)).hasMessageContaining("is a symbolic link");
        assertThatThrownBy(() -> new KshellLogging.PrivateFileAppender().openFile(log.toString()))
                .hasMessageContaining("is a symbolic link");
    }
}
