package dev.kshell.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;


import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ParentWatchdogTest {

    @Test
    void should_run_the_action_once_the_watched_process_is_gone() throws Exception {
        Process parent = new ProcessBuilder("sleep", "60").start();
        CountDownLatch gone = new CountDownLatch(1);
        Thread watchdog = ParentWatchdog.start(parent.pid(), Duration.ofMillis(50), gone::countDown);

        // what the watchdog loops on says "alive" while the parent lives (so it cannot have fired yet)
        assertThat(ParentWatchdog.isAlive(parent.pid(), parent.info().startInstant())).isTrue();
        assertThat(gone.getCount()).as("fired while the parent lives").isEqualTo(1);
        assertThat(watchdog.isAlive()).isTrue();
        parent.destroyForcibly().waitFor();

        assertThat(gone.await(5, TimeUnit.SECONDS)).as("fired after the parent died").isTrue();
    }

    @Test
    void should_treat_a_recycled_pid_as_gone() {
        long self = ProcessHandle.current().pid();
        Instant started = ProcessHandle.current().info().startInstant().orElseThrow();

        assertThat(ParentWatchdog.isAlive(self, Optional.of(started))).isTrue();
        assertThat(ParentWatchdog.isAlive(self, Optional.of(started.minusSeconds(3600)))).isFalse();
        assertThat(ParentWatchdog.isAlive(Long.MAX_VALUE, Optional.empty())).isFalse();
    }

    @Test
    void should_sweep_temp_dirs_whose_owner_is_gone_and_keep_the_others(@TempDir Path tmp) throws Exception {
        Process dead = new ProcessBuilder("sleep", "60").start();
        Instant deadStart = dead.info().startInstant().orElseThrow();
        dead.destroyForcibly().waitFor();
        Path stale = Files.createDirectories(tmp.resolve("kshell-sandbox-1/node-1/data"));
        Files.writeString(tmp.resolve("kshell-sandbox-1/owner"), dead.pid() + " " + deadStart + "\n");
        Path live = Files.createDirectories(tmp.resolve("kshell-sandbox-2"));
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(live.resolve("owner"), self.pid() + " " + self.info().startInstant().orElseThrow());
        Path noOwner = Files.createDirectories(tmp.resolve("kshell-sandbox-3"));
        Path other = Files.createDirectories(tmp.resolve("something-else"));

        SandboxDirs.sweepStaleTempDirs(tmp);

        assertThat(stale.getParent().getParent()).doesNotExist();
        assertThat(live).exists();
        assertThat(noOwner).exists();
        assertThat(other).exists();
    }
}
