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
import java.io.IOException;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Assumptions;

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

    @Test
    void should_sweep_without_following_a_link_nor_touching_another_users_dir(@TempDir Path tmp) throws Exception {
        Process dead = new ProcessBuilder("sleep", "60").start();
        String deadOwner = dead.pid() + " " + dead.info().startInstant().orElseThrow() + "\n";
        dead.destroyForcibly().waitFor();
        Path precious = Files.createDirectories(tmp.resolve("precious"));
        Files.writeString(precious.resolve("keep.txt"), "mine");
        // a stale dir of ours holding a link to a directory elsewhere (a node dir swapped for a link)
        Path stale = Files.createDirectories(tmp.resolve("kshell-sandbox-1"));
        Files.writeString(stale.resolve("owner"), deadOwner);
        Files.createSymbolicLink(stale.resolve("node-1"), precious);
        // a link named like a sandbox dir, to a directory whose owner file says "gone"
        Path planted = Files.createDirectories(tmp.resolve("planted"));
        Files.writeString(planted.resolve("owner"), deadOwner);
        Files.writeString(planted.resolve("victim.txt"), "theirs");
        Files.createSymbolicLink(tmp.resolve("kshell-sandbox-2"), planted);

        SandboxDirs.sweepStaleTempDirs(tmp);

        // was: Files.walk then delete, with the walk's view of what is a directory
        assertThat(stale).doesNotExist();
        assertThat(precious.resolve("keep.txt")).hasContent("mine");
        assertThat(planted.resolve("victim.txt")).hasContent("theirs");
        assertThat(tmp.resolve("kshell-sandbox-2")).isSymbolicLink();

        // another user's dir is never swept, whatever its owner file says
        Path theirs = Files.createDirectories(tmp.resolve("kshell-sandbox-3"));
        Files.writeString(theirs.resolve("owner"), deadOwner);
        UserPrincipal nobody = tmp.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName("nobody");
        // giving a directory away needs root: CI runs as root, so there this leg must run (Required fails it)
        dev.kshell.testsupport.Required.tool("root", changeOwner(theirs, nobody), "giving a directory to another user");
        SandboxDirs.sweepStaleTempDirs(tmp);
        assertThat(theirs.resolve("owner")).exists();
    }

    private static boolean changeOwner(Path p, UserPrincipal to) {
        try {
            Files.setOwner(p, to);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
