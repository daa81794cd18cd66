package dev.kshell.it;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.GroupCommand;
import dev.kshell.cli.commands.GroupsCommand;
import dev.kshell.cli.commands.TransactionsCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.tools.consumer.group.ConsumerGroupCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * groups, group, transactions and triage's clients side on the shared real 4.4 cluster: lag per partition equal to
 * Kafka's kafka-consumer-groups.sh --describe at the same moment, a KIP-848 group with its real type and state, out of
 * range after delete-records, an open transaction holding read_committed readers, a hostile group id.
 */
@Integration
@Timeout(600)
class GroupsIntegrationTest {

    static final String TOPIC = "grp-orders";
    static final String TX_TOPIC = "grp-tx";
    static final String HOSTILE = "h2\u001b[2J\u001b]0;pwned\u0007grp";
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;
    private final List<String> groups = new ArrayList<>();
    private final List<AutoCloseable> clients = new ArrayList<>();

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new GroupsCommand(s), new GroupCommand(s), new TransactionsCommand(s), new TriageCommand(s),
                new dev.kshell.cli.commands.GroupsResetOffsetsCommand(s),
                new dev.kshell.cli.commands.TransactionsAbortCommand(s));
    }

    @BeforeAll
    static void createTopics() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(TOPIC, 3, (short) 3), new NewTopic(TX_TOPIC, 1, (short) 3)))
                .all().get(30, TimeUnit.SECONDS);
        try (KafkaProducer<String, String> p = producer(null)) {
            for (int i = 0; i < 300; i++) {
                p.send(new ProducerRecord<>(TOPIC, i % 3, "k" + i, "v" + i));
            }
            for (int i = 0; i < 20; i++) {
                p.send(new ProducerRecord<>(TX_TOPIC, 0, "k" + i, "v" + i));
            }
            p.flush();
        }
    }

    @AfterAll
    static void deleteTopics() throws Exception {
        if (admin != null) {
            admin.deleteTopics(List.of(TOPIC, TX_TOPIC)).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path home;

    @BeforeAll
    static void auditHome() {
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
    }

    @AfterAll
    static void auditHomeBack() {
        System.clearProperty("kshell.audit.file");
    }

    @BeforeEach
    void openShell() {
        shell = new ShellHarness(GroupsIntegrationTest::commands).connectBrokers(cluster.bootstrapServers());
    }

    @AfterEach
    void cleanUp() throws Exception {
        shell.close();
        for (AutoCloseable c : clients) {
            c.close();
        }
        if (!groups.isEmpty()) {
            // a consumer just closed may still be leaving: retried until the coordinator lets the group go
            Await.until("groups " + groups + " deleted", SETTLE, () -> {
                try {
                    admin.deleteConsumerGroups(groups).all().get(30, TimeUnit.SECONDS);
                    return true;
                } catch (Exception e) {
                    return e.getMessage() != null && e.getMessage().contains("does not exist");
                }
            }, done -> done);
        }
    }

    @Test
    void should_give_the_same_lag_per_partition_as_kafka_consumer_groups_describe() throws Exception {
        String group = group("grp-classic");
        consumeAndCommit(group, "classic", 150);
        ShellHarness.Result r = shell.run("group " + group);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        Map<Integer, List<Long>> ours = new TreeMap<>();
        for (JsonNode p : r.json().get("partitions")) {
            int n = Integer.parseInt(p.get("partition").asString().substring(TOPIC.length() + 1));
            ours.put(n, List.of(p.get("committed").asLong(), p.get("logEnd").asLong(), p.get("lag").asLong()));
        }
        assertThat(ours).isEqualTo(kafkaDescribe(group));
        // 150 of 300 read; only partitions with a commit count, as in Kafka's tool
        assertThat(ours.values().stream().mapToLong(v -> v.get(0)).sum()).isEqualTo(150);
        long lag = ours.values().stream().mapToLong(v -> v.get(2)).sum();
        JsonNode listed = find(shell.run("groups").json().get("groups"), group);
        assertThat(listed.get("type").asString()).isEqualTo("classic");
        assertThat(listed.get("lag").asLong()).isEqualTo(lag);
    }

    @Test
    void should_show_a_kip848_group_with_its_real_type_and_state_and_its_members_epoch() {
        String group = group("grp-kip848");
        KafkaConsumer<String, String> member = consumer(group, "consumer");
        clients.add(member);
        member.subscribe(List.of(TOPIC));
        Await.until("the KIP-848 member assigned", SETTLE, () -> {
            member.poll(Duration.ofMillis(200));
            return member.assignment().size();
        }, n -> n == 3);
        member.commitSync();
        JsonNode listed = Await.until(group + " Stable in groups", SETTLE,
                () -> find(shell.run("groups").json().get("groups"), group),
                g -> g != null && "Stable".equals(g.get("state").asString()));
        assertThat(listed.get("type").asString()).isEqualTo("consumer");
        assertThat(listed.get("members").asInt()).isEqualTo(1);
        JsonNode detail = shell.run("group " + group).json();
        assertThat(detail.get("groupEpoch").asInt()).isPositive();
        JsonNode m = detail.get("members").get(0);
        assertThat(m.get("memberEpoch").asInt()).isEqualTo(detail.get("targetEpoch").asInt());
        assertThat(m.get("assigned")).hasSize(3);
        assertThat(m.get("clientId").asString()).isEqualTo("kshell-it-" + group);
    }

    @Test
    void should_call_offsets_below_the_log_start_out_of_range_after_delete_records_and_triage_names_the_group()
            throws Exception {
        String group = group("grp-deleted");
        TopicPartition p0 = new TopicPartition(TOPIC, 0);
        admin.alterConsumerGroupOffsets(group, Map.of(p0, new OffsetAndMetadata(10))).all().get(30, TimeUnit.SECONDS);
        admin.deleteRecords(Map.of(p0, RecordsToDelete.beforeOffset(50))).all().get(30, TimeUnit.SECONDS);
        ShellHarness.Result r = shell.run("group " + group);
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        JsonNode p = r.json().get("partitions").get(0);
        assertThat(p.get("outOfRange").asString()).isEqualTo("below-log-start");
        assertThat(p.get("logStart").asLong()).isEqualTo(50);
        assertThat(p.get("onEarliest").get("skipped").asLong()).isEqualTo(40);
        assertThat(p.get("onLatest").get("resumesAt").asLong()).isEqualTo(100);
        assertThat(r.out()).contains("BELOW LOG START").contains("earliest: resumes at 50");
        JsonNode triage = shell.run("triage").json();
        assertThat(triage.get("steps").get(4).toString()).contains("group-offsets-out-of-range")
                .contains("group " + group + " has 1 partition");
    }

    @Test
    void should_name_the_open_transaction_holding_read_committed_readers_in_group_and_transactions() throws Exception {
        String group = group("grp-tx-reader");
        TopicPartition tx = new TopicPartition(TX_TOPIC, 0);
        admin.alterConsumerGroupOffsets(group, Map.of(tx, new OffsetAndMetadata(20))).all().get(30, TimeUnit.SECONDS);
        KafkaProducer<String, String> open = producer("grp-open-tx");
        clients.add(open);
        open.initTransactions();
        open.beginTransaction();
        for (int i = 0; i < 5; i++) {
            open.send(new ProducerRecord<>(TX_TOPIC, 0, "t" + i, "t" + i));
        }
        open.flush();
        JsonNode detail = shell.run("group " + group).json();
        JsonNode holder = detail.get("holders").get(0);
        assertThat(holder.get("partition").asString()).isEqualTo(TX_TOPIC + "-0");
        assertThat(holder.get("transaction").get("transactionalId").asString()).isEqualTo("grp-open-tx");
        assertThat(holder.get("heldBack").asLong()).isEqualTo(5);
        ShellHarness.Result txns = shell.run("transactions");
        JsonNode row = null;
        for (JsonNode t : txns.json().get("transactions")) {
            if ("grp-open-tx".equals(t.get("transactionalId").asString())) {
                row = t;
            }
        }
        assertThat(row).isNotNull();
        assertThat(row.get("state").asString()).isEqualTo("Ongoing");
        assertThat(row.get("hanging").asBoolean()).isFalse();
        assertThat(row.get("held").get(0).get("records").asLong()).isEqualTo(5);
        open.abortTransaction();
    }

    @Test
    void should_print_a_hostile_group_id_escaped_and_keep_it_exact_in_json() throws Exception {
        String group = group(HOSTILE);
        admin.alterConsumerGroupOffsets(group, Map.of(new TopicPartition(TOPIC, 1), new OffsetAndMetadata(5)))
                .all().get(30, TimeUnit.SECONDS);
        ShellHarness.Result r = shell.run("groups");
        assertThat(find(r.json().get("groups"), HOSTILE)).isNotNull();
        assertThat(r.out()).contains("h2\\x1b[2J\\x1b]0;pwned\\x07grp").doesNotContain("\u001b").doesNotContain("\u0007");
    }

    @Test
    void should_refuse_a_reset_with_a_live_member_carry_it_out_when_empty_and_refuse_a_skip_with_yes_alone()
            throws Exception {
        String group = group("grp-reset");
        KafkaConsumer<String, String> member = consumer(group, "classic");
        member.subscribe(List.of(TOPIC));
        Await.until("the member assigned", SETTLE, () -> {
            member.poll(Duration.ofMillis(200));
            return member.assignment().size();
        }, n -> n == 3);
        member.commitSync(Map.of(new TopicPartition(TOPIC, 0), new OffsetAndMetadata(60),
                new TopicPartition(TOPIC, 1), new OffsetAndMetadata(60), new TopicPartition(TOPIC, 2),
                new OffsetAndMetadata(60)));
        ShellHarness.Result live = shell.run("groups reset-offsets " + group + " --to-earliest --all-topics --yes");
        assertThat(live.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(live.err()).contains("active member").contains("kshell-it-" + group);
        member.close();
        Await.until(group + " without members", SETTLE, () -> find(shell.run("groups").json().get("groups"), group),
                g -> g != null && g.get("members").asInt() == 0);
        ShellHarness.Result skip = shell.run("groups reset-offsets " + group + " --to-latest --all-topics --yes");
        assertThat(skip.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(kafkaDescribe(group).values()).allMatch(v -> v.get(0) == 60);
        ShellHarness.Result done = shell.run("groups reset-offsets " + group + " --to-earliest --all-topics --yes");
        System.out.println("[groups-it] reset\n" + done.out() + done.err());
        assertThat(done.code()).as(done.err()).isEqualTo(ExitCode.OK);
        // Kafka's tool agrees: every committed offset is its partition's log start (delete-records may have moved one)
        Map<Integer, List<Long>> after = kafkaDescribe(group);
        for (int p = 0; p < 3; p++) {
            TopicPartition tp = new TopicPartition(TOPIC, p);
            long earliest = admin.listOffsets(Map.of(tp, org.apache.kafka.clients.admin.OffsetSpec.earliest()))
                    .partitionResult(tp).get(30, TimeUnit.SECONDS).offset();
            assertThat(after.get(p).get(0)).as(tp + " committed").isEqualTo(earliest);
        }
        assertThat(java.nio.file.Files.readString(home.resolve("audit.jsonl")))
                .contains("\"action\":\"groups-reset-offsets\"").contains("\"decision\":\"succeeded\"");
    }

    @Test
    void should_abort_an_open_transaction_at_a_terminal_and_free_the_read_committed_readers() throws Exception {
        KafkaProducer<String, String> open = producer("grp-abort-tx");
        clients.add(open);
        open.initTransactions();
        open.beginTransaction();
        open.send(new ProducerRecord<>(TX_TOPIC, 0, "a", "a")).get(30, TimeUnit.SECONDS);
        long start = Await.until("the open transaction seen", SETTLE, () -> {
            for (JsonNode t : shell.run("transactions").json().get("transactions")) {
                if ("grp-abort-tx".equals(t.get("transactionalId").asString()) && !t.get("held").isEmpty()) {
                    return t.get("held").get(0).get("startOffset").asLong();
                }
            }
            return -1L;
        }, o -> o >= 0);
        ShellHarness.Result r = shell.run("transactions abort " + TX_TOPIC + "-0 --start-offset " + start,
                dev.kshell.cli.ReassignAnswers.typing("abort " + TX_TOPIC + "-0"),
                dev.kshell.cli.ExecutionMode.INTERACTIVE);
        System.out.println("[groups-it] abort\n" + r.out() + r.err());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        Await.until("the last stable offset free again", SETTLE, () -> {
            for (JsonNode t : shell.run("transactions").json().get("transactions")) {
                if ("grp-abort-tx".equals(t.get("transactionalId").asString()) && !t.get("held").isEmpty()) {
                    return false;
                }
            }
            return true;
        }, free -> free);
    }

    // ---- helpers

    private String group(String id) {
        groups.add(id);
        return id;
    }

    private static JsonNode find(JsonNode groups, String id) {
        for (JsonNode g : groups) {
            if (id.equals(g.get("groupId").asString())) {
                return g;
            }
        }
        return null;
    }

    private static KafkaProducer<String, String> producer(String transactionalId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        if (transactionalId != null) {
            p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        }
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(String group, String protocol) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "kshell-it-" + group);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10");
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }

    /** Reads {@code count} records with a classic consumer, commits what it read, and leaves the group. */
    private static void consumeAndCommit(String group, String protocol, int count) {
        try (KafkaConsumer<String, String> c = consumer(group, protocol)) {
            c.subscribe(List.of(TOPIC));
            int[] seen = {0};
            Await.until(group + " read " + count + " records", SETTLE, () -> {
                for (var rec : c.poll(Duration.ofMillis(200))) {
                    if (seen[0] < count) {
                        seen[0]++;
                        c.commitSync(Map.of(new TopicPartition(rec.topic(), rec.partition()),
                                new OffsetAndMetadata(rec.offset() + 1)));
                    }
                }
                return seen[0];
            }, n -> n >= count);
        }
    }

    private static final Pattern DESCRIBE_LINE = Pattern.compile(
            "(?m)^\\S+\\s+" + TOPIC + "\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s");

    /** Kafka's kafka-consumer-groups.sh --describe, run in this JVM: partition -> [current, log end, lag]. */
    private static synchronized Map<Integer, List<Long>> kafkaDescribe(String group) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        List<Integer> codes = new ArrayList<>();
        Exit.setExitProcedure((code, message) -> codes.add(code));
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            ConsumerGroupCommand.main(new String[] {"--bootstrap-server", cluster.bootstrapServers(), "--describe",
                    "--group", group});
        } finally {
            System.setOut(saved);
            Exit.resetExitProcedure();
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        assertThat(codes).as("ConsumerGroupCommand's exit codes; it printed:\n" + text).allMatch(c -> c == 0);
        Map<Integer, List<Long>> out = new TreeMap<>();
        Matcher m = DESCRIBE_LINE.matcher(text);
        while (m.find()) {
            out.put(Integer.parseInt(m.group(1)), List.of(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4))));
        }
        assertThat(out).as("partitions in Kafka's output:\n" + text).isNotEmpty();
        return out;
    }
}
