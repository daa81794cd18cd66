package dev.kshell.it;

import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM reaches a shell that runs a sandbox (docs/sandbox.md; issue 47: ShutdownTest never sent one): the shell
 * ends with 143, every node of its sandbox ends with it, and its temp dir is gone. The shell runs at its prompt on an
 * idle stdin (a pipe nobody writes to), as a shell left open in a terminal does.
 */
@Integration
@Timeout(300)
@ExtendWith(SharedCluster.Frozen.class)
class SandboxSigtermIntegrationTest {

    @TempDir
    Path home;

    @Test
    void should_stop_every_node_and_remove_the_temp_dir_on_sigterm() throws Exception {
        Path out = home.resolve("out.txt");
        Path tmp = Files.createDirectories(home.resolve("tmp")); // the sandbox's temp dir lands here, and only its
        Process shell = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkshell.home=" + home, "-Djava.io.tmpdir=" + tmp, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication", "--sandbox"))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start(); // stdin: an open, idle pipe
        try {
            Await.until("the sandbox ready", Duration.ofSeconds(180), () -> read(out),
                    text -> text.contains("sandbox: ready in") || !shell.isAlive());
            assertThat(shell.isAlive()).as(read(out)).isTrue();
            List<ProcessHandle> nodes = shell.descendants().filter(ProcessHandle::isAlive).toList();
            assertThat(nodes).as("the sandbox's node JVMs").hasSizeGreaterThanOrEqualTo(6);
            List<Path> dirs;
            try (java.util.stream.Stream<Path> in = Files.list(tmp)) {
                dirs = in.filter(d -> d.getFileName().toString().startsWith("kshell-sandbox-")).toList();
            }
            assertThat(dirs).as("the sandbox's temp dir").hasSize(1);
            Path dir = dirs.get(0);

            shell.destroy(); // SIGTERM

            int code = Await.until("the shell's exit", Duration.ofSeconds(60), () -> shell.isAlive() ? null
                    : shell.exitValue(), c -> c != null);
            assertThat(code).as(read(out)).isEqualTo(143);
            Await.until("every sandbox node gone", Duration.ofSeconds(60),
                    () -> nodes.stream().filter(ProcessHandle::isAlive).toList(), List::isEmpty);
            Await.until(dir + " removed", Duration.ofSeconds(30), () -> Files.exists(dir), exists -> !exists);
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
