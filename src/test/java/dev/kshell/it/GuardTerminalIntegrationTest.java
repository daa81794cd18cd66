package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.testsupport.Tmux;

import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Required;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.Screens;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.LinkedHashMap;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;

/**
 * The guard in a real pseudo-terminal, and secrets in the files kshell writes, with kshell's real main in child JVMs
 * on every Java the launcher accepts (this 17 and the machine's Temurin 25). The pty is tmux's (own server socket,
 * {@code guard-<pid>}); the pipe and the redirected stdin are the process's own.
 */
@Integration
@Timeout(value = 900, unit = TimeUnit.SECONDS)
class GuardTerminalIntegrationTest {

    static final String SOCKET = "guard-" + ProcessHandle.current().pid();

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() {
        cluster = SharedCluster.get();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterEach
    void restoreNodes() throws Exception {
        // this class's topics go whether the test passed or not, first: a leaderless one left behind would hold the
        // settling below (and other classes) forever
        List<String> mine = admin.listTopics().names().get(30, TimeUnit.SECONDS).stream()
                .filter(t -> t.startsWith("guard-")).toList();
        if (!mine.isEmpty()) {
            admin.deleteTopics(mine).all().get(60, TimeUnit.SECONDS);
        }
        SharedCluster.ensureAllRunning();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            tmux("kill-server"); // this class's own server (-L guard-<pid>), never anyone else's
        } catch (Exception ignored) {
            // none started
        }
        if (admin != null) {
            admin.close();
        }
        SharedCluster.ensureAllRunning();
    }

    // ---- (1) only a person at a terminal confirms ---------------------------------------------------------------

    @Test
    void should_ask_in_a_real_pty_and_refuse_a_pipe_and_a_redirected_stdin_on_every_java() throws Exception {
        List<String> javas = javas();
        // One partition per Java led by its non-preferred replica: replicas reordered [4,5] -> [5,4] while 4 leads.
        String topic = "guard-tty";
        Map<Integer, List<Integer>> assignment = new LinkedHashMap<>();
        for (int i = 0; i < javas.size(); i++) {
            assignment.put(i, List.of(4, 5));
        }
        admin.createTopics(List.of(new NewTopic(topic, assignment))).all().get(60, TimeUnit.SECONDS);
        for (int i = 0; i < javas.size(); i++) {
            int partition = i;
            awaitPartition(topic, partition, p -> leader(p) == 4 && p.isr().size() == 2);
            admin.alterPartitionReassignments(Map.of(new TopicPartition(topic, partition),
                    Optional.of(new NewPartitionReassignment(List.of(5, 4))))).all().get(60, TimeUnit.SECONDS);
            awaitPartition(topic, partition, p -> ids(p.replicas()).equals(List.of(5, 4)) && leader(p) == 4);
        }
        Path audit = home.resolve("tty-audit.jsonl");
        // a pipe and a redirected stdin holding "y" never confirm: exit 3, refused, the leader stays 4 (no tmux needed)
        for (int i = 0; i < javas.size(); i++) {
            String java = javas.get(i);
            String p = topic + "-" + i;
            String[] piped = kshell(java, audit, ("elect preferred " + p + "\ny\nexit\n").getBytes(), null,
                    "--bootstrap-server", cluster.bootstrapServers());
            assertThat(piped[0]).as(piped[1]).isEqualTo("3");
            assertThat(piped[1]).contains("there is no terminal");
            Path answer = Files.writeString(home.resolve("y.txt"), "y\n");
            String[] redirected = kshell(java, audit, null, answer, "--bootstrap-server", cluster.bootstrapServers(),
                    "elect", "preferred", p);
            assertThat(redirected[0]).as(redirected[1]).isEqualTo("3");
            assertThat(redirected[1]).contains("there is no terminal");
            assertThat(leader(describe(topic).partitions().get(i))).isEqualTo(4);
            assertThat(decisions(audit, p)).containsExactly("refused", "refused");
        }

        Required.tmux("the pty half of the guard test (a typed answer in a real terminal)");
        for (int i = 0; i < javas.size(); i++) {
            String java = javas.get(i);
            String p = topic + "-" + i;
            // the same command in a real terminal asks, and the typed answer elects
            String session = "shell-" + i;
            tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "50", "env NO_COLOR=1 "
                    + shellCommand(java, audit, "--bootstrap-server", cluster.bootstrapServers()));
            awaitScreen(session, "the first prompt", s -> s.contains("kshell["), 180);
            type(session, "elect preferred " + p);
            awaitScreen(session, "the y/N question", s -> s.contains("Elect the preferred leader of 1 partition? [y/N]"), 120);
            type(session, "y");
            awaitScreen(session, "the election's result", s -> s.contains("1 succeeded, 0 not needed, 0 failed"), 120);
            assertThat(decisions(audit, p)).containsExactly("refused", "refused", "confirmed", "succeeded");
            assertThat(approvedBy(audit, p)).isEqualTo("answered y");
            awaitPartition(topic, i, x -> leader(x) == 5);
        }

        // The typed phrase, on an unclean-only partition (docs/kafka-behaviour.md's recipe), in the same terminals:
        // the first Java types a wrong phrase, "!$" (aborted, nothing changes), the last one the right phrase.
        String unclean = uncleanOnly("guard-tty-u");
        // the first terminal types "!$" and the last one the phrase; with one Java both are typed in the same one,
        // so the "!$" leg runs on every machine
        int[] terminals = {0, javas.size() - 1};
        for (int attempt = 0; attempt < 2; attempt++) {
            String session = "shell-" + terminals[attempt];
            boolean last = attempt == 1;
            type(session, "elect unclean " + unclean);
            awaitScreen(session, "the typed question", s -> s.lastIndexOf("Type '" + unclean + "' to proceed")
                    > Math.max(s.lastIndexOf("aborted: the typed"), -1), 180);
            // "!$" is the last word of the previous line, the phrase itself: read as typed, it aborts (issue 38: on
            // the shell's own line reader it expanded to the phrase and the election ran)
            type(session, last ? unclean : "!$");
            if (last) {
                awaitScreen(session, "the unclean election's result", s -> s.contains(unclean + ": leader is now broker 5"), 120);
                awaitPartition("guard-tty-u", 0, x -> leader(x) == 5);
            } else {
                awaitScreen(session, "the abort", s -> s.contains("aborted: the typed confirmation did not match"), 60);
                assertThat(leader(describe("guard-tty-u").partitions().get(0))).isEqualTo(-1);
            }
        }
        for (int i = 0; i < javas.size(); i++) {
            String session = "shell-" + i;
            System.out.println("[guard-tty] " + javas.get(i) + " screen:\n" + tmux("capture-pane", "-p", "-S", "-200",
                    "-t", session));
            type(session, "exit");
        }
        List<String> u = decisions(audit, unclean);
        System.out.println("[guard-tty] audit decisions for " + unclean + ": " + u);
        assertThat(u).containsExactly("aborted", "confirmed", "succeeded");
        assertThat(approvedBy(audit, unclean)).isEqualTo("typed confirmation");
        Required.reportMissingJava25("the guard's pipe, redirect and pty test");
    }

    // ---- (3) secrets by type: the log file and the runbook transcript ------------------------------------------

    @Test
    void should_keep_password_typed_properties_out_of_the_log_file_and_the_transcript() throws Exception {
        Path secretHome = Files.createDirectories(home.resolve("secret-home"));
        List<String> secrets = List.of("KEYSTORE-KEY-SECRET", "PASSPHRASE-SECRET", "JAAS-SECRET", "PROFILE-SECRET",
                "BAD-JAAS-SECRET");
        // PLAINTEXT: the SSL/SASL keys are unused, but the Admin client is created with every one of them
        Path config = Files.writeString(secretHome.resolve("admin.properties"), String.join("\n",
                "ssl.keystore.key=-----BEGIN ENCRYPTED PRIVATE KEY----- KEYSTORE-KEY-SECRET",
                "sasl.oauthbearer.assertion.private.key.passphrase=PASSPHRASE-SECRET",
                "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"admin\" "
                        + "password=\"JAAS-SECRET\";", ""));
        // readable by others whatever the umask: kshell warns about it (and connects all the same)
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
        // a JAAS config Kafka cannot parse (no terminating ';'), on a protocol that uses it: the connect fails
        Path bad = Files.writeString(secretHome.resolve("bad.properties"), String.join("\n",
                "security.protocol=SASL_PLAINTEXT", "sasl.mechanism=PLAIN",
                "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"admin\" "
                        + "password=\"BAD-JAAS-SECRET\"", ""));
        Files.writeString(secretHome.resolve("profiles.yaml"), String.join("\n",
                "local:",
                "  bootstrap-servers: " + cluster.bootstrapServers(),
                "  properties: { ssl.truststore.password: PROFILE-SECRET }", ""));
        Path book = Files.writeString(secretHome.resolve("secrets.ksh"), String.join("\n",
                "connect --bootstrap-server " + cluster.bootstrapServers() + " --command-config " + config,
                "status",
                "profiles",
                "connect local",
                "status",
                "echo \"sasl.oauthbearer.assertion.private.key.passphrase=ECHOED-SECRET\"",
                "connect --bootstrap-server " + cluster.bootstrapServers() + " --command-config " + bad, ""));
        Path transcript = secretHome.resolve("transcript.jsonl");
        String java = javas().get(0);
        List<String> command = new ArrayList<>(List.of(java, "-Dkshell.home=" + secretHome,
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "dev.kshell.app.KshellApplication", "run", book.toString(), "--transcript", transcript.toString()));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
                Files.writeString(secretHome.resolve("empty"), "").toFile())).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.waitFor(240, TimeUnit.SECONDS)).as(out).isTrue();
        System.out.println("[guard-secrets] exit " + run.exitValue() + "\n" + out);
        // the last step, the connect with a JAAS line no login module answers to, is the operator's input: exit 2
        assertThat(run.exitValue()).as(out).isEqualTo(2);
        // another one-shot start-up failure goes to the log too
        Process startup = new ProcessBuilder(java, "-Dkshell.home=" + secretHome, "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication",
                "--bootstrap-server", cluster.bootstrapServers(), "--command-config", bad.toString(), "brokers")
                .redirectErrorStream(true).start();
        String startupOut = new String(startup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(startup.waitFor(240, TimeUnit.SECONDS)).as(startupOut).isTrue();
        System.out.println("[guard-secrets] start-up: exit " + startup.exitValue() + "\n" + startupOut);

        String log;
        try (Stream<Path> files = Files.list(secretHome)) {
            List<Path> logs = files.filter(f -> f.getFileName().toString().startsWith("kshell.log")).toList();
            assertThat(logs).isNotEmpty();
            StringBuilder all = new StringBuilder();
            for (Path f : logs) {
                all.append(Files.readString(f));
            }
            log = all.toString();
        }
        String written = Files.readString(transcript);
        System.out.println("[guard-secrets] log:\n" + log + "\n[guard-secrets] transcript:\n" + written);
        // the runbook's echo is masked on the terminal too, not only in the transcript
        assertThat(out + startupOut).doesNotContain(secrets).doesNotContain("ECHOED-SECRET");
        // admin.properties holds secrets and was written with the umask's mode: one warning line names it
        assertThat(out).contains("warning: " + config + " holds a secret and is readable by")
                .contains("chmod 600 " + config);
        // what kshell created here is private (the test made the directory and the input files itself)
        for (Path created : List.of(transcript, secretHome.resolve("kshell.log"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(created)))
                    .as(created.toString()).isEqualTo("rw-------");
        }
        assertThat(written).doesNotContain(secrets).doesNotContain("ECHOED-SECRET").contains("****")
                .contains("secrets.ksh:7"); // a file and line stays readable, even when the name says "secret"
        assertThat(log).doesNotContain(secrets).doesNotContain("ECHOED-SECRET");
        // the log does hold the failures (else the test would prove nothing about it)
        assertThat(log).contains("JAAS");
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    /** The Javas the launcher accepts that this machine has (see {@link Required#javas()}). */
    static List<String> javas() {
        return Required.javas();
    }

    static List<String> javaArgs(String java, Path audit) {
        return List.of(java, "-Dkshell.home=" + home, "-Dkshell.audit.file=" + audit, "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "dev.kshell.app.KshellApplication");
    }

    static String shellCommand(String java, Path audit, String... args) {
        List<String> all = new ArrayList<>(javaArgs(java, audit));
        all.addAll(List.of(args));
        return Tmux.shellLine(all);
    }

    /** kshell's real main, stdin a pipe holding {@code pipedStdin} or redirected from {@code stdinFile}. */
    static String[] kshell(String java, Path audit, byte[] pipedStdin, Path stdinFile, String... args) throws Exception {
        List<String> command = new ArrayList<>(javaArgs(java, audit));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (stdinFile != null) {
            pb.redirectInput(stdinFile.toFile());
        }
        Process p = pb.start();
        if (pipedStdin != null) {
            p.getOutputStream().write(pipedStdin);
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).as(out).isTrue();
        System.out.println("[guard-tty] " + java + " " + String.join(" ", args) + " -> exit " + p.exitValue() + "\n" + out);
        return new String[] {String.valueOf(p.exitValue()), out};
    }

    /** Replicas [4,5]: 100 records, 5 stopped, 100 more, 4 killed, 5 started: leaderless, 5 live, out of sync. */
    static String uncleanOnly(String topic) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, Map.of(0, List.of(4, 5))))).all().get(60, TimeUnit.SECONDS);
        awaitPartition(topic, 0, x -> x.isr().size() == 2);
        produce(topic, 100);
        cluster.stopNode(5);
        awaitPartition(topic, 0, x -> ids(x.isr()).equals(List.of(4)));
        produce(topic, 100);
        cluster.killNode(4);
        cluster.startNode(5);
        awaitPartition(topic, 0, x -> leader(x) == -1 && x.isr().isEmpty() && ids(x.elr()).equals(List.of(4)));
        Await.until("broker 5 unfenced", Duration.ofSeconds(90),
                () -> {
                    try {
                        return admin.describeCluster().nodes().get(15, TimeUnit.SECONDS).stream().map(Node::id).toList();
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                },
                nodes -> nodes.contains(5));
        return topic + "-0";
    }

    static void produce(String topic, int count) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, 0, null, ("record-" + i).getBytes())));
            }
            producer.flush();
            for (var f : sent) {
                f.get();
            }
        }
    }

    static List<String> decisions(Path audit, String partition) throws IOException {
        return auditLines(audit, partition).stream().map(a -> a.get("decision").asString()).toList();
    }

    static String approvedBy(Path audit, String partition) throws IOException {
        List<JsonNode> lines = auditLines(audit, partition);
        return lines.get(lines.size() - 1).get("approvedBy").asString();
    }

    static List<JsonNode> auditLines(Path audit, String partition) throws IOException {
        if (!Files.exists(audit)) {
            return List.of();
        }
        return Files.readAllLines(audit).stream().map(l -> Json.mapper().readTree(l))
                .filter(n -> List.of(n.get("commandLine").asString().split(" ")).contains(partition)).toList();
    }

    static TopicDescription describe(String topic) throws Exception {
        return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
    }

    static TopicPartitionInfo awaitPartition(String topic, int partition, Predicate<TopicPartitionInfo> done) {
        return Await.until(topic + "-" + partition, Duration.ofSeconds(120), () -> {
            try {
                return describe(topic).partitions().get(partition);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, done);
    }

    static int leader(TopicPartitionInfo p) {
        return p.leader() == null || p.leader().isEmpty() ? -1 : p.leader().id();
    }

    static List<Integer> ids(Collection<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }

    static String tmux(String... args) throws IOException, InterruptedException {
        return Tmux.run(SOCKET, args);
    }

    /** Types a line as a person would: the text, then Enter. */
    static void type(String session, String line) throws Exception {
        tmux("send-keys", "-t", session, "-l", line);
        tmux("send-keys", "-t", session, "Enter");
    }

    static void awaitScreen(String session, String what, Predicate<String> condition, int seconds) {
        Screens.await(what, Duration.ofSeconds(seconds), () -> tmux("capture-pane", "-p", "-S", "-200", "-t", session),
                condition);
    }
}
