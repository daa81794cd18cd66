package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.Required;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.Tmux;
import dev.kshell.testsupport.Screens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The partition whose every copy is lost, at a real terminal (tmux's pty, kshell's real main in a child JVM): broker
 * 6 of the shared 4.4 cluster is killed (-9) and its data dir deleted; {@code reassign evacuate 6} asks y/N for the
 * ordinary move, then asks for the typed phrase (the lost partition's name); typed, the partition gets a new, empty
 * replica on a live broker that leads, and the audit log says the unclean part was approved by the typed
 * confirmation. Broker 6 gets an empty, formatted data dir back and the cluster settles for the other classes.
 */
@Integration
@Timeout(900)
class EvacuateTerminalIntegrationTest {

    private static final String SOCKET = "evac-tty-" + ProcessHandle.current().pid();
    private static final String MOVED = "evac-tty-rf2";
    private static final String LOST = "evac-tty-rf1";
    private static final String BIG = "evac-tty-big";
    private static final Path META_COPY = Path.of(System.getProperty("java.io.tmpdir"),
            "kshell-evacuate-tty-meta-" + ProcessHandle.current().pid() + ".properties");

    @TempDir
    static Path home;

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    /** Each test restores what it moved: its topics gone, broker 6 back on an empty, formatted disk, all running. */
    @AfterEach
    void restore() throws Exception {
        try {
            tmux("kill-server"); // this class's own server, never anyone else's
        } catch (Exception ignored) {
            // none started
        }
        SharedCluster.clearMovesAndThrottles(); // a failed test leaves them as a passed one would not
        List<String> mine = admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                .filter(t -> t.equals(MOVED) || t.equals(LOST) || t.equals(BIG)).toList();
        if (!mine.isEmpty()) {
            admin.deleteTopics(mine).all().get(30, TimeUnit.SECONDS);
        }
        Path data = cluster.node(6).dataDir().resolve("data");
        if (Files.exists(META_COPY) && !Files.exists(data.resolve("meta.properties"))) {
            if (cluster.node(6).state() == NodeInfo.State.RUNNING) {
                cluster.killNode(6);
            }
            Files.createDirectories(data);
            Files.copy(META_COPY, data.resolve("meta.properties"));
        }
        Files.deleteIfExists(META_COPY);
        SharedCluster.ensureAllRunning();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    void should_ask_for_the_typed_phrase_at_a_terminal_and_give_the_lost_partition_an_empty_live_replica()
            throws Exception {
        Required.tmux("the typed phrase of reassign evacuate in a real terminal");
        admin.createTopics(List.of(new NewTopic(MOVED, Map.of(0, List.of(6, 4))), new NewTopic(LOST, Map.of(0, List.of(6)))))
                .all().get(30, TimeUnit.SECONDS);
        Await.until("the test topics in sync", Duration.ofSeconds(60), () -> describe(List.of(MOVED, LOST)),
                d -> d.size() == 2 && d.values().stream().allMatch(t -> t.partitions().stream()
                        .allMatch(p -> p.leader() != null && p.isr().size() == p.replicas().size())));
        produce(MOVED, 50);
        produce(LOST, 50);

        Path data = cluster.node(6).dataDir().resolve("data");
        Files.copy(data.resolve("meta.properties"), META_COPY);
        cluster.killNode(6);
        deleteRecursively(data);
        Await.until("broker 6 fenced", Duration.ofSeconds(60), EvacuateTerminalIntegrationTest::fenced,
                f -> f.contains(6));

        Path audit = home.resolve("audit.jsonl");
        String session = "evacuate";
        tmux("new-session", "-d", "-s", session, "-x", "220", "-y", "60", Tmux.shellLine(kshell(audit)));
        awaitScreen(session, "the first prompt", s -> s.contains("kshell["), 180);
        type(session, "reassign evacuate 6");
        awaitScreen(session, "the y/N of the move", s -> s.contains("off broker 6") && s.contains("[y/N]"), 120);
        type(session, "y");
        awaitScreen(session, "the typed question", s -> s.contains("to proceed (anything else aborts)"), 120);
        Matcher asked = Pattern.compile("Type '([^']+)' to proceed").matcher(screen(session));
        assertThat(asked.find()).isTrue();
        assertThat(asked.group(1)).as("the phrase asked: the lost partition's own name").isEqualTo(LOST + "-0");
        type(session, LOST + "-0");
        awaitScreen(session, "the lost partition's new replica leading",
                s -> s.contains(LOST + "-0: the new, empty replica on broker") && s.contains("audit:"), 180);
        String screen = screen(session);
        System.out.println("[evacuate at a terminal] screen:\n" + screen);
        type(session, "exit");

        Map<String, TopicDescription> after = describe(List.of(MOVED, LOST));
        TopicPartitionInfo lost = after.get(LOST).partitions().get(0);
        assertThat(ids(lost.replicas())).hasSize(1).doesNotContain(6);
        assertThat(lost.leader()).isNotNull();
        assertThat(lost.leader().id()).isEqualTo(lost.replicas().get(0).id());
        TopicPartitionInfo moved = after.get(MOVED).partitions().get(0);
        assertThat(ids(moved.replicas())).hasSize(2).doesNotContain(6);

        List<JsonNode> lines = Files.readAllLines(audit).stream().map(l -> Json.mapper().readTree(l)).toList();
        List<JsonNode> unclean = lines.stream().filter(a -> a.get("action").asString()
                .equals("reassign-evacuate-unclean")).toList();
        assertThat(unclean.stream().map(a -> a.get("decision").asString()).toList())
                .containsExactly("confirmed", "succeeded");
        assertThat(unclean.get(0).get("approvedBy").asString()).isEqualTo("typed confirmation");
        assertThat(lines.stream().filter(a -> a.get("action").asString().equals("reassign-evacuate"))
                .map(a -> a.get("decision").asString()).toList()).containsExactly("confirmed", "succeeded");
    }

    /**
     * Ctrl-C typed while the progress line runs: a 21 MB partition moving off live broker 5 at 10 kB/s; the keystroke
     * stops the watching, not the move; then {@code reassign cancel --all}, answered y, puts it back and clears the
     * throttle.
     */
    @Test
    void should_stop_watching_on_a_typed_ctrl_c_and_cancel_the_move_it_left_going() throws Exception {
        Required.tmux("Ctrl-C typed while reassign evacuate watches, in a real terminal");
        admin.createTopics(List.of(new NewTopic(BIG, Map.of(0, List.of(4, 5))))).all().get(30, TimeUnit.SECONDS);
        Await.until(BIG + " in sync", Duration.ofSeconds(60), () -> describe(List.of(BIG)),
                d -> d.get(BIG).partitions().get(0).isr().size() == 2);
        produceBig(BIG, 20_000);

        // every partition on broker 5 that another live broker can take moves: ours, and any RF < 3 another class
        // left there (the shared cluster is one for every class): counted now, not assumed to be one
        int moves = movableOffFive();
        String inFlight = moves + " of the " + moves + " reassignment" + (moves == 1 ? "" : "s") + " still in flight";
        Path audit = home.resolve("ctrl-c-audit.jsonl");
        String session = "ctrl-c";
        tmux("new-session", "-d", "-s", session, "-x", "220", "-y", "60", Tmux.shellLine(kshell(audit)));
        awaitScreen(session, "the first prompt", s -> s.contains("kshell["), 180);
        type(session, "reassign evacuate 5 --throttle 10kB/s");
        awaitScreen(session, "the y/N of the move", s -> s.contains("off broker 5") && s.contains("[y/N]"), 120);
        type(session, "y");
        awaitScreen(session, "the progress line", s -> s.contains("moving: 0/1 partitions moved"), 120);
        tmux("send-keys", "-t", session, "C-c");
        awaitScreen(session, "the watch stopped", s -> s.contains("stopped watching: " + inFlight
                + ", going on in the cluster, throttled at 10") && s.contains("reassign cancel --all"), 60);
        assertThat(moving()).as("the move goes on after Ctrl-C").contains(BIG + "-0");
        type(session, "reassign cancel --all");
        awaitScreen(session, "the y/N of the cancel", s -> s.contains("Cancel") && s.lastIndexOf("[y/N]")
                > s.indexOf("stopped watching"), 60);
        type(session, "y");
        awaitScreen(session, "the cancel done", s -> s.contains("throttle removed from broker(s)"), 60);
        System.out.println("[Ctrl-C at a terminal] screen:\n" + screen(session));
        type(session, "exit");

        assertThat(moving()).isEmpty();
        assertThat(ids(describe(List.of(BIG)).get(BIG).partitions().get(0).replicas())).containsExactly(4, 5);
        List<JsonNode> lines = Files.readAllLines(audit).stream().map(l -> Json.mapper().readTree(l)).toList();
        assertThat(lines.stream().filter(a -> a.get("action").asString().equals("reassign-evacuate"))
                .map(a -> a.get("decision").asString()).toList()).containsExactly("confirmed", "interrupted");
        assertThat(lines.stream().filter(a -> a.get("action").asString().equals("reassign-cancel"))
                .map(a -> a.get("decision").asString()).toList()).containsExactly("confirmed", "succeeded");
    }

    /** Partitions with a replica on broker 5 and fewer replicas than the 3 live brokers: what evacuating 5 moves. */
    private static int movableOffFive() throws Exception {
        int n = 0;
        for (TopicDescription t : describe(new java.util.ArrayList<>(admin.listTopics().names()
                .get(20, TimeUnit.SECONDS))).values()) {
            n += (int) t.partitions().stream().filter(p -> p.replicas().size() < 3
                    && p.replicas().stream().anyMatch(r -> r.id() == 5)).count();
        }
        return n;
    }

    private static List<String> kshell(Path audit) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of("env", "NO_COLOR=1", java, "-Dkshell.home=" + home, "-Dkshell.audit.file=" + audit,
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "dev.kshell.app.KshellApplication", "--bootstrap-server", cluster.bootstrapServers());
    }

    private static List<String> moving() throws Exception {
        return admin.listPartitionReassignments().reassignments().get(20, TimeUnit.SECONDS).keySet().stream()
                .map(tp -> tp.topic() + "-" + tp.partition()).toList();
    }

    private static void produceBig(String topic, int records) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.LINGER_MS_CONFIG, "20", ProducerConfig.BATCH_SIZE_CONFIG, "262144",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            java.util.Random random = new java.util.Random(34);
            for (int i = 0; i < records; i++) {
                byte[] value = new byte[1024];
                random.nextBytes(value);
                producer.send(new ProducerRecord<>(topic, 0, null, value));
            }
            producer.flush();
        }
    }

    private static Map<String, TopicDescription> describe(List<String> topics) {
        try {
            return admin.describeTopics(topics).allTopicNames().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("describeTopics: " + e, e);
        }
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }

    private static List<Integer> fenced() {
        try {
            return admin.describeCluster(new DescribeClusterOptions().includeFencedBrokers(true)).nodes()
                    .get(10, TimeUnit.SECONDS).stream().filter(Node::isFenced).map(Node::id).toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void produce(String topic, int count) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, 0, null, ("record-" + i).getBytes(StandardCharsets.UTF_8)));
            }
            producer.flush();
        }
    }

    private static String tmux(String... args) throws IOException, InterruptedException {
        return Tmux.run(SOCKET, args);
    }

    private static String screen(String session) throws Exception {
        return tmux("capture-pane", "-p", "-S", "-300", "-t", session);
    }

    private static void type(String session, String line) throws Exception {
        tmux("send-keys", "-t", session, "-l", line);
        tmux("send-keys", "-t", session, "Enter");
    }

    private static void awaitScreen(String session, String what, Predicate<String> condition, int seconds) {
        Screens.await(what, Duration.ofSeconds(seconds), () -> screen(session), condition);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
