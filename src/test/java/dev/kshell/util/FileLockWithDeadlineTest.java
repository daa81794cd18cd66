package dev.kshell.util;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class FileLockWithDeadlineTest {

    @TempDir
    Path dir;

    @Test
    void should_name_the_file_and_the_holder_when_the_deadline_passes() throws Exception {
        Path lockFile = dir.resolve("audit.jsonl.lock");
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(lockFile, Duration.ofSeconds(5))) {
                held.countDown();
                release.await(20, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        holder.start();
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> FileLockWithDeadline.acquire(lockFile, Duration.ofMillis(300)))
                .isInstanceOf(FileLockWithDeadline.Timeout.class)
                .hasMessageContaining("could not lock " + lockFile)
                .hasMessageContaining("within 300ms")
                .hasMessageContaining("held by pid " + ProcessHandle.current().pid());
        release.countDown();
        holder.join();
        // released: the next one gets it at once, and the lock file names nobody any more
        try (FileLockWithDeadline lock = FileLockWithDeadline.acquire(lockFile, Duration.ofMillis(300))) {
            assertThat(lock.file()).isEqualTo(lockFile.toAbsolutePath().normalize());
        }
        assertThat(Files.readString(lockFile)).isEmpty();
    }

    @Test
    void should_take_the_lock_on_an_interrupted_thread_and_keep_the_interrupt() throws Exception {
        Path lockFile = dir.resolve("state.lock");
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread t = new Thread(() -> {
            Thread.currentThread().interrupt();
            try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(lockFile, Duration.ofSeconds(2))) {
                outcome.set(Thread.currentThread().isInterrupted() ? "locked, still interrupted" : "interrupt lost");
            } catch (Exception e) {
                outcome.set(e);
            }
        });
        t.start();
        t.join();
        assertThat(outcome.get()).isEqualTo("locked, still interrupted");
    }

    @Test
    void should_lock_across_processes() throws Exception {
        Path lockFile = dir.resolve("x.lock");
        try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(lockFile, Duration.ofSeconds(2))) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process other = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    LockProbeMain.class.getName(), lockFile.toString()).redirectErrorStream(true).start();
            String out = new String(other.getInputStream().readAllBytes());
            assertThat(other.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(out).contains("could not lock").contains("held by pid " + ProcessHandle.current().pid());
        }
    }
}
