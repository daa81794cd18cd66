package dev.kshell.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code printf 'help watch\nexit\n' | kshell}: a REPL fed by a pipe writes only what its commands print to stdout,
 * no prompts, so that its output can be read by a script. A child JVM, because only a real process has a stdin that
 * is not a terminal the way a pipe is.
 */
@Timeout(120)
class PipedReplTest {

    @TempDir
    Path home;

    @Test
    void should_print_no_prompt_into_stdout_when_input_is_piped() throws Exception {
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(List.of(javaBin.toString(), "-cp", System.getProperty("java.class.path"),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", KshellApplication.class.getName()));
        pb.environment().put("KSHELL_HOME", home.toString());
        pb.environment().remove("KSHELL_AUDIT_FILE");
        pb.redirectError(home.resolve("stderr.txt").toFile());
        Process process = pb.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write("help watch\nfrobnicate\nexit\n".getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(out).startsWith("watch - Re-run a read command").doesNotContain("kshell>")
                .contains("\nerror: unknown command 'frobnicate'");
        assertThat(Files.readString(home.resolve("stderr.txt"))).doesNotContain("kshell>");
    }
}
