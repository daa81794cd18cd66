package dev.kshell.app;

import dev.kshell.cluster.ClusterTarget;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import java.nio.file.Files;

/**
 * A sandbox session keeps its history, audit log and state in the sandbox's own directory while connected to it,
 * so practice never lands in the records of real clusters; {@code KSHELL_SANDBOX_STATE=home} keeps the home.
 */
@Timeout(20)
class SandboxRecordsTest {

    private static final String SANDBOX = "127.0.0.1:1111,127.0.0.1:2222";

    @TempDir
    Path tmp;

    private String savedHome;

    @AfterEach
    void restore() {
        KshellHome.keepRecordsIn(null);
        System.clearProperty(KshellHome.SANDBOX_STATE_PROPERTY);
        if (savedHome == null) {
            System.clearProperty("kshell.home");
        } else {
            System.setProperty("kshell.home", savedHome);
        }
    }

    private ShellSession sandboxSession() {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", tmp.resolve("home").toString());
        ShellSession session = new ShellSession(t -> new FakeGateway(FakeGateway.snapshot(null, List.of(), List.of()), t));
        session.connect(new ClusterTarget(SANDBOX, null, Map.of(), Duration.ofSeconds(1)), "sandbox", null);
        session.markSandbox(SANDBOX, null, Map.of());
        return session;
    }

    @Test
    void should_keep_the_sandbox_records_in_its_directory_while_connected_to_it() throws Exception {
        ShellSession session = sandboxSession();
        Path root = Files.createDirectories(tmp.resolve("sandbox"));
        StringWriter said = new StringWriter();
        new SandboxLauncher(null, session).keepRecordsWithTheSandbox(root, false, new PrintWriter(said, true));

        Path records = root.resolve("kshell");
        assertThat(KshellHome.records()).isEqualTo(records);
        assertThat(KshellHome.history()).isEqualTo(records.resolve("history"));
        assertThat(KshellHome.audit()).isEqualTo(records.resolve("audit.jsonl"));
        assertThat(OffsetMemory.defaultDir()).isEqualTo(records.resolve("state"));
        assertThat(said.toString()).contains("history, audit log and state in " + records)
                .contains("KSHELL_SANDBOX_STATE=home");

        // connected to a real cluster from the same session: its audit lines go home again
        session.connect(new ClusterTarget("prod:9092", null, Map.of(), Duration.ofSeconds(1)), "prod", null);
        assertThat(KshellHome.records()).isEqualTo(tmp.resolve("home"));
        assertThat(KshellHome.audit()).isEqualTo(tmp.resolve("home").resolve("audit.jsonl"));
    }

    @Test
    void should_keep_the_records_at_home_when_asked() throws Exception {
        ShellSession session = sandboxSession();
        System.setProperty(KshellHome.SANDBOX_STATE_PROPERTY, "home");
        Path root = Files.createDirectories(tmp.resolve("sandbox"));
        new SandboxLauncher(null, session).keepRecordsWithTheSandbox(root, true, new PrintWriter(new StringWriter()));
        assertThat(KshellHome.records()).isEqualTo(tmp.resolve("home"));
    }

    @Test
    void should_send_the_records_home_once_a_temp_sandbox_directory_is_gone() throws Exception {
        ShellSession session = sandboxSession();
        Path root = Files.createDirectories(tmp.resolve("sandbox"));
        new SandboxLauncher(null, session).keepRecordsWithTheSandbox(root, false, new PrintWriter(new StringWriter()));
        Files.delete(root.resolve("kshell"));
        assertThat(KshellHome.records()).isEqualTo(tmp.resolve("home"));
    }
}
