package dev.kshell.testsupport;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * kshell one-shot in a new JVM (the test's class path, C1 and serial GC for a quick start) with its own home: a
 * fresh process that knows only what that home's state directory remembers, as a cron job or a second terminal would.
 */
public final class KshellProcess {

    private KshellProcess() {
    }

    /** What the process printed and its exit code; {@code seconds} from launch to exit. */
    public record Result(int code, String out, String err, double seconds) {
        @Override
        public String toString() {
            return "(exit " + code + ", " + String.format("%.1f", seconds) + " s)\n" + out + err;
        }
    }

    /**
     * Runs {@code kshell <connection...> <words...>} with {@code -Dkshell.home=home} and stdin from /dev/null.
     *
     * @throws AssertionError when it does not exit within 180 s
     */
    public static Result run(Path home, List<String> connection, String... words) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkshell.home=" + home, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication"));
        cmd.addAll(connection);
        cmd.addAll(List.of(words));
        try {
            Files.createDirectories(home);
            Path out = Files.createTempFile(home, "out", ".txt");
            Path err = Files.createTempFile(home, "err", ".txt");
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("kshell " + String.join(" ", words) + " did not finish within 180 s");
            }
            Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), (System.nanoTime() - t0) / 1e9);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while kshell " + String.join(" ", words) + " ran", e);
        }
    }
}
