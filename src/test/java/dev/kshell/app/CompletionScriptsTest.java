package dev.kshell.app;

import dev.kshell.testsupport.Required;
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

/**
 * completions/kshell.bash as bash runs it: the completion function with COMP_LINE / COMP_WORDS set as bash sets
 * them, against a stub kshell that prints what it was given (or fixed candidates). The zsh script, which needs a
 * real terminal, is {@link ZshCompletionScriptsTest}'s (the integration layer).
 */
@Timeout(120)
class CompletionScriptsTest {

    @TempDir
    Path dir;

    private List<String> complete(String stubBody, String line, String bashWords, int cword) throws Exception {
        Required.tool("bash", Files.isExecutable(Path.of("/bin/bash")), "the bash completion script test");
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

    @Test
    void should_keep_the_scripts_in_the_repository() throws IOException {
        assertThat(Files.readString(Path.of("completions/_kshell"))).startsWith("#compdef kshell").contains("__complete --");
    }
}
