package dev.kshell.audit;

import dev.kshell.rules.election.ElectionResults;
import dev.kshell.rules.election.ElectionSelection;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.PartitionSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import dev.kshell.util.FileLockWithDeadline;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

@Timeout(30)
class AuditLogTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-01T03:12:45.123456Z"), ZoneOffset.UTC);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private static AuditEntry entry(AuditDecision decision) {
        return AuditEntry.of(CLOCK, "att-1", "q1Sh-9_ZRdu2kp0xG8bQvw", "h1:9092,h2:9092",
                "elect preferred --topic orders --yes", "elect-preferred", decision, null,
                ElectionSelection.partitions(List.of(new PartitionSpec("orders", 1))),
                ElectionResults.of(List.of(new PartitionSpec("orders", 1)),
                        Map.of(new PartitionSpec("orders", 1), ElectionAnswer.ELECTED)));
    }

    @Test
    void should_write_one_json_line_with_every_field() throws IOException {
        Path file = dir.resolve("sub").resolve("audit.jsonl");
        AuditLog log = new AuditLog(file);
        log.append(entry(AuditDecision.SUCCEEDED));

        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1);
        JsonNode node = JSON.readTree(lines.get(0));
        assertThat(node.propertyNames()).containsExactlyInAnyOrder("time", "attemptId", "user", "host", "clusterId",
                "bootstrap", "commandLine", "action", "decision", "reason", "plan", "results", "origin", "approvedBy");
        assertThat(node.get("time").asString()).isEqualTo("2026-05-01T03:12:45.123Z");
        assertThat(node.get("user").asString()).isEqualTo(System.getProperty("user.name"));
        assertThat(node.get("host").asString()).isNotBlank();
        assertThat(node.get("decision").asString()).isEqualTo("succeeded");
        assertThat(node.get("plan").get("partitions").get(0).get("topic").asString()).isEqualTo("orders");
        assertThat(node.get("results").get("results").get(0).get("outcome").asString()).isEqualTo("SUCCEEDED");
        assertThat(node.get("reason").isNull()).isTrue();
        assertThat(lines.get(0)).doesNotContain("\n");
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
    }

    @Test
    void should_append_and_never_rewrite() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditLog log = new AuditLog(file);
        AuditEntry confirmed = entry(AuditDecision.CONFIRMED);
        log.append(confirmed);
        log.append(confirmed.outcome(AuditDecision.FAILED, "1 of 1 partitions failed", null));
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2);
        assertThat(JSON.readTree(lines.get(0)).get("decision").asString()).isEqualTo("confirmed");
        JsonNode second = JSON.readTree(lines.get(1));
        assertThat(second.get("decision").asString()).isEqualTo("failed");
        assertThat(second.get("attemptId").asString()).isEqualTo("att-1");
        assertThat(second.get("reason").asString()).isEqualTo("1 of 1 partitions failed");
    }

    @Test
    void should_fsync_after_the_whole_line_is_written_and_before_returning() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        List<Long> sizesAtSync = new ArrayList<>();
        AuditLog log = new AuditLog(file, JsonMapper.builder().build(), channel -> {
            sizesAtSync.add(channel.size());
            channel.force(true);
        });
        log.append(entry(AuditDecision.DRY_RUN));
        assertThat(sizesAtSync).containsExactly(Files.size(file));
    }

    @Test
    void should_fail_with_the_path_when_the_fsync_fails() {
        Path file = dir.resolve("audit.jsonl");
        AuditLog log = new AuditLog(file, JsonMapper.builder().build(), channel -> {
            throw new IOException("Input/output error");
        });
        assertThatThrownBy(() -> log.append(entry(AuditDecision.CONFIRMED)))
                .isInstanceOf(AuditWriteException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("Input/output error");
    }

    @Test
    void should_fail_clearly_when_the_directory_is_a_file() throws IOException {
        Path notADir = Files.writeString(dir.resolve("kshell"), "I am a file");
        Path file = notADir.resolve("audit.jsonl");
        AuditLog log = new AuditLog(file);
        assertThatThrownBy(() -> log.append(entry(AuditDecision.CONFIRMED)))
                .isInstanceOf(AuditWriteException.class)
                .hasMessageStartingWith("cannot write the audit log " + file)
                .hasMessageContaining("nothing was changed on the cluster")
                .satisfies(e -> assertThat(((AuditWriteException) e).path()).isEqualTo(file));
        assertThat(Files.readString(notADir)).isEqualTo("I am a file");
    }

    @Test
    void should_keep_lines_whole_when_many_writers_append_at_once() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                AuditLog log = new AuditLog(file);   // one instance per "shell"
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        log.append(entry(AuditDecision.DRY_RUN));
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(40);
        for (String line : lines) {
            assertThat(JSON.readTree(line).get("decision").asString()).isEqualTo("dry-run");
        }
    }

    @Test
    void should_keep_lines_whole_when_another_process_appends_at_once() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process other = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                AuditAppendMain.class.getName(), file.toString(), "20", "other")
                .redirectErrorStream(true).start();
        AuditLog log = new AuditLog(file);
        for (int i = 0; i < 20; i++) {
            log.append(AuditEntry.of("cluster", "b:9092", "x", "elect-preferred", AuditDecision.DRY_RUN,
                    "this-" + i + "-" + "y".repeat(2000), null, null));
        }
        String output = new String(other.getInputStream().readAllBytes());
        assertThat(other.waitFor()).as(output).isZero();
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(40);
        for (String line : lines) {
            assertThat(JSON.readTree(line).get("reason").asString()).matches("(this-\\d+-y{2000})|(other-\\d+-x{2000})");
        }
    }

    @Test
    void should_default_to_dot_kshell_in_home() {
        assertThat(AuditLog.defaultPath(Path.of("/home/op"))).isEqualTo(Path.of("/home/op/.kshell/audit.jsonl"));
    }

    @Test
    void should_never_let_a_half_written_line_swallow_the_next() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        // what a full disk leaves behind: a line cut short, no newline
        Files.writeString(file, "{\"time\":\"2026-05-01T03:12:45.123Z\",\"attemptId\":\"att-0\",\"deci");
        new AuditLog(file).append(entry(AuditDecision.CONFIRMED));
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2);
        assertThat(JSON.readTree(lines.get(1)).get("decision").asString()).isEqualTo("confirmed");
    }

    @Test
    void should_take_back_a_line_whose_write_failed() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        new AuditLog(file).append(entry(AuditDecision.CONFIRMED));
        long before = Files.size(file);
        AuditLog failing = new AuditLog(file, JsonMapper.builder().build(), channel -> {
            throw new IOException("No space left on device");
        });
        assertThatThrownBy(() -> failing.append(entry(AuditDecision.SUCCEEDED)))
                .isInstanceOf(AuditWriteException.class).hasMessageContaining("No space left on device");
        assertThat(Files.size(file)).isEqualTo(before);
    }

    @Test
    void should_write_the_closing_line_on_an_interrupted_thread() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        AuditLog log = new AuditLog(file);
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            Thread.currentThread().interrupt();   // as Ctrl-C leaves a running election
            try {
                log.append(entry(AuditDecision.INTERRUPTED));
                seen.set(Thread.currentThread().isInterrupted());
            } catch (RuntimeException e) {
                seen.set(e);
            }
        });
        t.start();
        t.join();
        assertThat(seen.get()).isEqualTo(Boolean.TRUE);
        assertThat(JSON.readTree(Files.readAllLines(file).get(0)).get("decision").asString()).isEqualTo("interrupted");
    }

    @Test
    void should_give_up_on_a_held_lock_at_the_deadline_naming_the_holder() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        AuditLog log = new AuditLog(file, Duration.ofMillis(200));
        try (var held = FileLockWithDeadline.acquire(log.lockFile(), Duration.ofSeconds(1))) {
            Thread other = new Thread(() -> assertThatThrownBy(() -> log.append(entry(AuditDecision.DRY_RUN)))
                    .isInstanceOf(AuditWriteException.class)
                    .hasMessageContaining("could not lock " + log.lockFile())
                    .hasMessageContaining("held by pid " + ProcessHandle.current().pid()));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            other.setUncaughtExceptionHandler((th, e) -> failure.set(e));
            other.start();
            other.join();
            assertThat(failure.get()).isNull();
        }
        assertThat(Files.exists(file)).isFalse();
    }
}
