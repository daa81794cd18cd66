package dev.kshell.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.Required;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * completions/_kshell as zsh runs it: an interactive zsh (compinit, the script on fpath) in a private tmux server,
 * Tab typed for real, against a stub kshell that records its arguments and prints fixed candidates.
 */
@Integration
@Timeout(120)
class ZshCompletionScriptsTest {

    @TempDir
    Path dir;

    private static final AtomicInteger SERVERS = new AtomicInteger();

    /** A tmux server per zsh run: a server still shutting down from the last run cannot take the next session. */
    private String tmuxSocket;

    private String tmux(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", tmuxSocket));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    /**
     * Starts zsh with compinit and completions/ on its fpath, a stub {@code kshell} first on PATH that records its
     * arguments and prints {@code candidates}; types {@code line} and the keys; returns the screen once it shows
     * {@code expect} (failing, with the last screen, when it does not within 30 s).
     */
    private String zsh(String candidates, String line, String expect, String... keys) throws Exception {
        Required.zsh("the zsh completion script test (apt-get install zsh)");
        Required.tmux("the zsh completion script test");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path stub = bin.resolve("kshell");
        Files.writeString(stub, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + dir.resolve("args") + "\nprintf '" + candidates + "'\n");
        stub.toFile().setExecutable(true);
        Files.writeString(dir.resolve(".zshrc"), "PS1='zsh> '\nfpath=(" + Path.of("completions").toAbsolutePath()
                + " $fpath)\nautoload -Uz compinit && compinit -u -d " + dir.resolve(".zcompdump") + "\nPATH=" + bin + ":$PATH\n");
        String session = "zsh";
        tmuxSocket = "kshell-grammar-zsh-" + ProcessHandle.current().pid() + "-" + SERVERS.incrementAndGet();
        tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "30",
                "env ZDOTDIR=" + dir + " HOME=" + dir + " zsh -i");
        try {
            Await.until("zsh's prompt", Duration.ofSeconds(30), () -> capture(session), s -> s.contains("zsh>"));
            tmux("send-keys", "-t", session, "-l", line);
            for (String key : keys) {
                tmux("send-keys", "-t", session, key); // zsh reads the keys in order: no pause between them
            }
            return Await.until("the screen shows '" + expect + "'", Duration.ofSeconds(30), () -> capture(session),
                    s -> s.contains(expect));
        } finally {
            tmux("kill-session", "-t", session);
        }
    }

    private String capture(String session) {
        try {
            return tmux("capture-pane", "-p", "-t", session);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> stubArgs() throws IOException {
        return Files.readAllLines(dir.resolve("args"));
    }

    @Test
    void should_complete_under_real_zsh_with_the_connection_options_passed_on() throws Exception {
        String screen = zsh("orders\\norders-eu\\n", "kshell --bootstrap-server=h1:9092 --no-color describe or",
                "describe orders", "Tab");
        assertThat(screen).contains("kshell --bootstrap-server=h1:9092 --no-color describe orders");
        assertThat(stubArgs()).containsExactly("--bootstrap-server=h1:9092", "__complete", "--", "describe", "or");
    }

    @Test
    void should_insert_a_single_zsh_candidate_and_list_ambiguous_ones() throws Exception {
        // X typed after Tab shows the space zsh put after the only candidate (the screen capture trims line ends)
        assertThat(zsh("unclean-only\\n", "kshell sandbox scenario unc", "unclean-only X", "Tab", "X"))
                .contains("kshell sandbox scenario unclean-only X");
        assertThat(stubArgs()).containsExactly("__complete", "--", "sandbox", "scenario", "unc");
        assertThat(zsh("preferred\\nunclean\\nrestore-order\\n", "kshell elect ", "restore-order", "Tab"))
                .contains("preferred", "unclean", "restore-order");
    }

    @Test
    void should_complete_launcher_options_under_zsh_without_asking_kshell() throws Exception {
        assertThat(zsh("SHOULD-NOT-APPEAR\\n", "kshell --bootstrap-c", "--bootstrap-controller", "Tab"))
                .contains("kshell --bootstrap-controller").doesNotContain("SHOULD-NOT-APPEAR");
        assertThat(Files.exists(dir.resolve("args"))).isFalse();
    }

    @Test
    void should_offer_commands_under_zsh_after_zookeeper_and_its_value() throws Exception {
        String screen = zsh("quorum\\ntriage\\n", "kshell --zookeeper zk:2181 ", "triage", "Tab");
        assertThat(screen).contains("quorum", "triage");
        assertThat(stubArgs()).containsExactly("__complete", "--", "");
        assertThat(zsh("quorum\\ntriage\\n", "kshell --zookeeper zk:2181 --kafka 3.9 tr", "kshell --zookeeper zk:2181 --kafka 3.9 triage", "Tab"))
                .contains("kshell --zookeeper zk:2181 --kafka 3.9 triage");
        assertThat(stubArgs()).containsExactly("__complete", "--", "tr");
    }

}
