package dev.kshell.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The tmux plumbing of the terminal tests: each test class keeps its own server socket so that runs never collide. */
public final class Tmux {

    private Tmux() {
    }

    /** True when a tmux binary answers {@code -V}; the terminal tests are skipped without it. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs {@code tmux -L socket args...} and returns its output; a failure or a 20 s wait throws. */
    public static String run(String socket, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("tmux " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    /** The words as one sh command line, each single-quoted (the command a tmux session runs). */
    public static String shellLine(List<String> words) {
        return String.join(" ", words.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
    }
}
