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
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern SANDBOX_DIR = Pattern.compile("(/[^\\s]*/kshell-sandbox-[^/\\s]+)");

    @TempDir
    Path home;

    @Test
    void should_stop_every_node_and_remove_the_temp_dir_on_sigterm() throws Exception {
        Path out = home.resolve("out.txt");
        Process shell = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkshell.home=" + home, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication", "--sandbox"))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start(); // stdin: an open, idle pipe
        try {
            Await.until("the sandbox ready", Duration.ofSeconds(180), () -> read(out),
                    text -> text.contains("sandbox: ready in") || !shell.isAlive());
            assertThat(shell.isAlive()).as(read(out)).isTrue();
            List<ProcessHandle> nodes = shell.descendants().filter(ProcessHandle::isAlive).toList();
            assertThat(nodes).as("the sandbox's node JVMs").hasSizeGreaterThanOrEqualTo(6);
            Path dir = nodes.stream().map(SandboxSigtermIntegrationTest::sandboxDir).flatMap(Optional::stream)
                    .findFirst().orElseThrow(() -> new AssertionError("no node names its sandbox dir"));
            assertThat(dir).exists();

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

    private static Optional<Path> sandboxDir(ProcessHandle node) {
        String args = node.info().arguments().map(a -> String.join(" ", Arrays.asList(a))).orElse("");
        Matcher m = SANDBOX_DIR.matcher(args);
        return m.find() ? Optional.of(Path.of(m.group(1))) : Optional.empty();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
