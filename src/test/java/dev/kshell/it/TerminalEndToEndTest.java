package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.testsupport.Tmux;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Required;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Screens;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real shell in a real terminal: kshell runs in tmux (its own server socket, 200x50), keys are sent with
 * send-keys and the screen is read with capture-pane. Skipped when tmux is missing. One REPL for the whole class
 * (a JVM start costs seconds here); the tests run in order on it.
 */
@Integration
@Timeout(value = 600, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TerminalEndToEndTest {

    static final String TOPIC = "ux-e2e-completion-orders";
    static final String SOCKET = "kshell-ux-" + ProcessHandle.current().pid();
    static final String SESSION = "kshell-e2e-" + ProcessHandle.current().pid(); // unique: parallel builds share one tmux server
    /**
     * A prompt whose health mark came from a snapshot: {@code kshell[...] ok>} or {@code !2 leaderless>} (capture-pane
     * drops the trailing space).
     */
    static final Pattern PROMPT_WITH_MARK = Pattern.compile("kshell\\[[^\\]]+\\] (ok|!\\d+ leaderless|!no quorum)\\??>");

    private static LocalCluster cluster;
    private static Path home;

    @BeforeAll
    static void startShell() throws Exception {
        Required.tmux("the terminal end-to-end tests");
        cluster = SharedCluster.get();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            try {
                admin.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 3))).all().get(60, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            // every broker holds a replica in the ISR, so every broker's metadata has the topic: the shell's first
            // snapshot lists it whichever broker answers (seen once without this, after a thawed shared cluster:
            // Tab offered nothing)
            Await.until("topic " + TOPIC + " with its full ISR on every partition", Duration.ofSeconds(60), () -> {
                try {
                    return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(10, TimeUnit.SECONDS).get(TOPIC);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, d -> d.partitions().size() == 2 && d.partitions().stream().allMatch(p -> p.isr().size() == 3));
        }
        home = Files.createTempDirectory("kshell-ux-e2e");
        tmux("new-session", "-d", "-s", SESSION, "-x", "200", "-y", "50",
                javaCommand("--bootstrap-server", cluster.bootstrapServers()));
        awaitScreen("the first prompt", s -> s.contains("kshell["), 180);
    }

    @AfterAll
    static void stopShell() {
        if (home != null) {
            try {
                tmux("kill-server");
            } catch (Exception ignored) {
                // already gone
            }
        }
    }

    @Test
    @Order(1)
    void should_complete_a_topic_name_from_the_live_cluster_with_tab() throws Exception {
        // The background refresh loads the snapshot and redraws the prompt with its health mark, no key pressed
        // (however long a busy machine takes: a key press here would prove nothing about the redraw).
        awaitScreen("a prompt with a health mark, redrawn with no key pressed",
                s -> PROMPT_WITH_MARK.matcher(s).find(), 180);
        tmux("send-keys", "-t", SESSION, "-l", "describe ux-e2e-compl");
        tmux("send-keys", "-t", SESSION, "Tab");
        awaitScreen("the completed topic name", s -> s.contains("describe " + TOPIC), 20);
        tmux("send-keys", "-t", SESSION, "Enter");
        awaitScreen("describe's table", s -> s.contains("PARTITION") && s.contains("LEADER"), 60);
    }

    @Test
    @Order(2)
    void should_keep_the_shell_on_ctrl_c_at_the_prompt() throws Exception {
        tmux("send-keys", "-t", SESSION, "-l", "this line is abandoned");
        // the line on the screen first: a Ctrl-C sent while the keys are still on their way makes the terminal
        // driver flush the rest of them (seen: "this l", then a fresh prompt)
        awaitScreen("the typed line", s -> lastLine(s).endsWith("this line is abandoned"), 30);
        tmux("send-keys", "-t", SESSION, "C-c");
        // the abandoned line, then a bare prompt (nothing typed after '>'): only then is the next line typed, or its
        // first keys could reach the reader before it has started over
        awaitScreen("a fresh, empty prompt after Ctrl-C", s -> s.contains("this line is")
                && lastLine(s).matches("kshell\\[.*>"), 30);
        tmux("send-keys", "-t", SESSION, "-l", "describe no-such-topic-after-ctrl-c");
        tmux("send-keys", "-t", SESSION, "Enter");
        awaitScreen("the next command's answer", s -> s.contains("no topic 'no-such-topic-after-ctrl-c'"), 60);
        assertThat(screen()).doesNotContain("unknown command 'this'"); // the abandoned line never ran
    }

    @Test
    @Order(3)
    void should_return_to_the_prompt_on_ctrl_c_during_watch() throws Exception {
        tmux("send-keys", "-t", SESSION, "-l", "watch --interval 1s --count 1000 brokers");
        tmux("send-keys", "-t", SESSION, "Enter");
        // the second run drawn: the Ctrl-C below comes after at least one sleep between runs
        awaitScreen("watch's second run", s -> s.contains("run 2/1000"), 60);
        tmux("send-keys", "-t", SESSION, "C-c");
        awaitScreen("'watch stopped' and a prompt", s -> s.contains("watch stopped (Ctrl-C)") && lastLine(s).startsWith("kshell["), 30);
        assertThat(screen()).doesNotContain("error: cancelled");
        tmux("send-keys", "-t", SESSION, "-l", "describe no-such-topic-after-watch");
        tmux("send-keys", "-t", SESSION, "Enter");
        awaitScreen("the next command's answer", s -> s.contains("no topic 'no-such-topic-after-watch'"), 60);
    }

    @Test
    @Order(4)
    void should_colour_a_terminal_but_not_a_pipe_nor_with_no_color() throws Exception {
        // On the terminal: the prompt's health mark and table headers carry ANSI attributes.
        assertThat(tmux("capture-pane", "-p", "-e", "-t", SESSION)).contains("\u001b[");

        // Piped: a one-shot command whose stdout is a pipe prints no escape at all.
        List<String> command = new ArrayList<>(javaArgs());
        command.addAll(List.of("--bootstrap-server", cluster.bootstrapServers(), "brokers"));
        Process piped = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(piped.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(piped.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(output).contains("ENDPOINT").doesNotContain("\u001b");

        // On a terminal with NO_COLOR set: none either.
        tmux("new-window", "-d", "-n", "nocolor", "env NO_COLOR=1 " + javaCommand("--bootstrap-server",
                cluster.bootstrapServers(), "brokers") + "; echo ONE-SHOT-DONE; sleep 120");
        awaitScreen(SESSION + ":nocolor", "the one-shot output", s -> s.contains("ONE-SHOT-DONE"), 120);
        String noColor = tmux("capture-pane", "-p", "-e", "-t", SESSION + ":nocolor");
        assertThat(noColor).contains("ENDPOINT").doesNotContain("\u001b[");
    }

    // --- tmux plumbing ---

    static boolean tmuxAvailable() {
        return Tmux.available();
    }

    static List<String> javaArgs() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-Dkshell.home=" + home, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication");
    }

    /** The shell command line tmux runs (quoted for sh). */
    static String javaCommand(String... args) {
        List<String> all = new ArrayList<>(javaArgs());
        all.addAll(List.of(args));
        return Tmux.shellLine(all);
    }

    static String tmux(String... args) throws IOException, InterruptedException {
        return Tmux.run(SOCKET, args);
    }

    static String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", SESSION);
    }

    static String lastLine(String screen) {
        List<String> lines = screen.strip().lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    static void awaitScreen(String what, Predicate<String> condition, int seconds) throws Exception {
        awaitScreen(SESSION, what, condition, seconds);
    }

    static void awaitScreen(String target, String what, Predicate<String> condition, int seconds) {
        Screens.await(what, Duration.ofSeconds(seconds), () -> tmux("capture-pane", "-p", "-t", target), condition);
    }
}
