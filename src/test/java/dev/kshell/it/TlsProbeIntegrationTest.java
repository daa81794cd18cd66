package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import dev.kshell.testsupport.TlsCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 28 on the TLS flavour: half a second after kill -9 of a broker behind SSL, triage is not HEALTHY and names it. */
@Integration
@Timeout(600)
@ExtendWith(SharedCluster.Frozen.class) // its own six JVMs: the shared cluster's are frozen meanwhile
class TlsProbeIntegrationTest {

    private static TlsCluster tls;

    @BeforeAll
    static void start() throws Exception {
        tls = TlsCluster.start();
    }

    @AfterAll
    static void stop() {
        if (tls != null) {
            tls.close();
        }
    }

    @Test
    void should_name_a_killed_broker_behind_tls_half_a_second_after_the_kill() throws Exception {
        try (ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s)))) {
            shell.session.connect(new ClusterTarget(tls.cluster().bootstrapServers(), null, tls.clientProperties(),
                    Duration.ofSeconds(10)), "tls", null);
            ShellHarness.Result healthy = Await.until("triage HEALTHY over TLS", Duration.ofSeconds(120),
                    () -> shell.run("triage"), r -> r.code() == ExitCode.OK);
            assertThat(healthy.out()).startsWith("HEALTHY").doesNotContain("not probed");
            tls.cluster().killNode(5);
            Thread.sleep(500);
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[tls-triage-after-kill]\n" + r.out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(r.out()).doesNotStartWith("HEALTHY").contains("5 not answering");
        }
    }

    @Test
    void should_say_that_the_listener_speaks_tls_when_the_connection_does_not() {
        try (ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s)))) {
            shell.session.connect(new ClusterTarget(tls.cluster().bootstrapServers(), null, Map.of(),
                    Duration.ofSeconds(20)), "no-tls", null);
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[tls-plaintext-client] " + r.err());
            assertThat(r.code()).isEqualTo(ExitCode.USAGE);
            assertThat(r.err()).contains(" speaks TLS, but this connection uses security.protocol=PLAINTEXT: set "
                    + "security.protocol=SSL").doesNotContain("no answer");
        }
    }

    @Test
    void should_say_a_certificate_it_cannot_trust_as_a_tls_failure_with_its_reason() {
        Map<String, String> noTrust = new HashMap<>(tls.clientProperties());
        noTrust.keySet().removeIf(k -> k.startsWith("ssl.truststore"));
        try (ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s)))) {
            shell.session.connect(new ClusterTarget(tls.cluster().bootstrapServers(), null, noTrust,
                    Duration.ofSeconds(20)), "untrusted", null);
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[tls-untrusted] " + r.err());
            assertThat(r.code()).isEqualTo(ExitCode.UNREACHABLE);
            assertThat(r.err()).contains("TLS handshake with ").contains("unable to find valid certification path")
                    .contains("ssl.truststore.location must trust its certificate");
        }
    }
}
