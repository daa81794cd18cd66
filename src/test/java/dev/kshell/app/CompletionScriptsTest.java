package dev.kshell.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * completions/kshell.bash as bash runs it: the completion function with COMP_LINE / COMP_WORDS set as bash sets
 * them, against a stub kshell that prints what it was given (or fixed candidates). completions/_kshell as zsh runs
 * it: an interactive zsh (compinit, the script on fpath) in a private tmux server, Tab typed for real.
 */
@Timeout(120)
class CompletionScriptsTest {

    @TempDir
    Path dir;

    private List<String> complete(String stubBody, String line, String bashWords, int cword) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is not installed");
        Path stub = dir.resolve("kshell");
        Files.writeString(stub, "#!/bin/sh\n" + stubBody + "\n");
        stub.toFile().setExecutable(true);
        String script = "source completions/kshell.bash\n"
                + "COMP_LINE='" + stub + " " + line + "'\nCOMP_POINT=${#COMP_LINE}\n"
                + "COMP_WORDS=(" + stub + " " + bashWords + ")\nCOMP_CWORD=" + cword + "\n"
                + "_kshell\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process p = new ProcessBuilder("/bin/bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return out.lines().filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void should_pass_the_connection_options_and_the_words_to_the_hidden_command() throws Exception {
        List<String> reply = complete("for a in \"$@\"; do echo \"ARG:$a\"; done",
                "--bootstrap-server h1:9092 --no-color describe or",
                "--bootstrap-server h1 : 9092 --no-color describe or", 7);
        assertThat(reply).containsExactly("ARG:--bootstrap-server", "ARG:h1:9092", "ARG:__complete", "ARG:--",
                "ARG:describe", "ARG:or");
    }

    @Test
    void should_offer_candidates_and_cut_what_bash_split_off() throws Exception {
        assertThat(complete("printf 'orders\\norders-eu\\n'", "describe or", "describe or", 2))
                .containsExactly("orders", "orders-eu");
        assertThat(complete("printf -- '--topic=orders\\n'", "elect preferred --topic=or",
                "elect preferred --topic = or", 5)).containsExactly("orders");
    }

    @Test
    void should_complete_launcher_options_without_asking_kshell() throws Exception {
        assertThat(complete("echo SHOULD-NOT-RUN", "--boot", "--boot", 1))
                .containsExactly("--bootstrap-server", "--bootstrap-controller");
        assertThat(complete("echo SHOULD-NOT-RUN", "--output ", "--output ''", 2)).containsExactly("table", "json");
    }

    @Test
    void should_ask_for_profile_names_after_profile() throws Exception {
        assertThat(complete("for a in \"$@\"; do echo \"ARG:$a\"; done", "--profile pr", "--profile pr", 2))
                .containsExactly("ARG:__complete", "ARG:--", "ARG:connect", "ARG:pr");
    }

    @Test
    void should_offer_commands_after_a_launcher_option_and_its_value() throws Exception {
        // the value of --zookeeper / --kafka / --sandbox-dir is not the command: kshell is asked for command names
        String recordArgs = "printf '%s\\n' \"$@\" > " + dir.resolve("args") + "; printf 'quorum\\ntriage\\n'";
        assertThat(complete(recordArgs, "--zookeeper zk:2181 ", "--zookeeper zk : 2181 ''", 5))
                .containsExactly("quorum", "triage");
        assertThat(Files.readAllLines(dir.resolve("args"))).containsExactly("__complete", "--", "");
        assertThat(complete(recordArgs, "--sandbox --kafka 3.9 --sandbox-dir /tmp/x tr", "--sandbox --kafka 3.9 --sandbox-dir /tmp/x tr", 6))
                .containsExactly("quorum", "triage");
        assertThat(Files.readAllLines(dir.resolve("args"))).containsExactly("__complete", "--", "tr");
    }

    @Test
    void should_register_the_function_for_kshell() throws Exception {
        Process p = new ProcessBuilder("/bin/bash", "-c", "source completions/kshell.bash; complete -p kshell bin/kshell")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(out.lines()).containsExactly("complete -F _kshell kshell", "complete -F _kshell bin/kshell");
    }

    // ---- zsh ------------------------------------------------------------------------------------------------

    private final String tmuxSocket = "kshell-grammar-zsh-" + ProcessHandle.current().pid();

    private String tmux(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("tmux", "-L", tmuxSocket));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    /**
     * Starts zsh with compinit and completions/ on its fpath, a stub {@code kshell} first on PATH that records its
     * arguments and prints {@code candidates}; types {@code line} and the keys; returns the screen once it shows
     * {@code expect} (or after 30 s).
     */
    private String zsh(String candidates, String line, String expect, String... keys) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/zsh")) || Files.isExecutable(Path.of("/bin/zsh")),
                "zsh is not installed (apt-get install zsh): the zsh completion script is not tested");
        assumeTrue(new ProcessBuilder("tmux", "-V").start().waitFor() == 0, "tmux is not installed");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path stub = bin.resolve("kshell");
        Files.writeString(stub, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + dir.resolve("args") + "\nprintf '" + candidates + "'\n");
        stub.toFile().setExecutable(true);
        Files.writeString(dir.resolve(".zshrc"), "PS1='zsh> '\nfpath=(" + Path.of("completions").toAbsolutePath()
                + " $fpath)\nautoload -Uz compinit && compinit -u -d " + dir.resolve(".zcompdump") + "\nPATH=" + bin + ":$PATH\n");
        String session = "zsh";
        tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "30",
                "env ZDOTDIR=" + dir + " HOME=" + dir + " zsh -i");
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!tmux("capture-pane", "-p", "-t", session).contains("zsh>") && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            tmux("send-keys", "-t", session, "-l", line);
            for (String key : keys) {
                tmux("send-keys", "-t", session, key);
                Thread.sleep(300);
            }
            String screen = tmux("capture-pane", "-p", "-t", session);
            while (!screen.contains(expect) && System.nanoTime() < until) {
                Thread.sleep(200);
                screen = tmux("capture-pane", "-p", "-t", session);
            }
            return screen;
        } finally {
            tmux("kill-session", "-t", session);
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

    @Test
    void should_keep_the_scripts_in_the_repository() throws IOException {
        assertThat(Files.readString(Path.of("completions/_kshell"))).startsWith("#compdef kshell").contains("__complete --");
    }
}
