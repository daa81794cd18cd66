package dev.kshell.it;

import dev.kshell.cli.commands.FeaturesCommand;
import dev.kshell.cli.commands.RadarCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.KafkaRuntime;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.KafkaVersions;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import dev.kshell.testsupport.TlsCluster;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.errors.InvalidUpdateVersionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A rolling upgrade left half done, on TLS, with a certificate that does not name the address: controllers 1-3 and
 * brokers 4 and 5 on Kafka 3.9.1, broker 6 on 4.4.0 (each release on its own class path), at the 3.9-IV0
 * metadata.version both support (Kafka lets such a broker join); the brokers' certificate names kafka.example.com
 * only, and host name checks are off on the brokers and on kshell's connection (as where nobody noticed). Kafka's
 * own client with its default check is the oracle of the mismatch, and the 3.9 controllers' answer to a
 * validate-only downgrade the oracle of the metadata.version floor.
 */
@Integration
@Timeout(900)
@ExtendWith(SharedCluster.Frozen.class) // its own six JVMs: the shared cluster's are frozen meanwhile
class RadarMixedReleaseIntegrationTest {

    private static TlsCluster tls;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        KafkaRuntime kafka39 = KafkaVersions.kafka39();
        tls = TlsCluster.builder().san("DNS:kafka.example.com").verifyHostnames(false)
                .spec(s -> s.withRuntime(kafka39).withNodeRuntime(6, KafkaRuntime.bundled())).start();
        admin = Admin.create(tls.adminConfig());
        // the 4.4 broker's registration reaches the other brokers' metadata a moment after it logs that it started
        Await.until("brokers 4, 5, 6 registered", Duration.ofSeconds(120), () -> {
            try {
                return admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size();
            } catch (Exception e) {
                return 0;
            }
        }, n -> n == 3);
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        if (tls != null) {
            tls.close();
        }
    }

    private static ShellHarness shell() {
        ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s), new RadarCommand(s),
                new FeaturesCommand(s)));
        shell.session.connect(new ClusterTarget(tls.cluster().bootstrapServers(), null, tls.clientProperties(),
                Duration.ofSeconds(15)), "mixed", null);
        return shell;
    }

    @Test
    void should_name_the_nodes_on_each_release() {
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("radar --output json");
            System.out.println("[radar-mixed] radar\n" + shell.run("radar").out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            Map<String, String> releases = new TreeMap<>();
            for (JsonNode n : r.json().get("nodes")) {
                releases.put(n.get("role").asString() + " " + n.get("nodeId").asInt(), n.get("release").asString());
            }
            assertThat(releases).containsExactlyInAnyOrderEntriesOf(Map.of("broker 4", "3.9", "broker 5", "3.9",
                    "broker 6", "4.4", "controller 1", "3.9", "controller 2", "3.9", "controller 3", "3.9"));
            assertThat(r.json().get("findings").toString()).contains("nodes run different releases: brokers 4, 5 and "
                    + "controllers 1, 2, 3 run Kafka 3.9; broker 6 runs Kafka 4.4");
        }
    }

    @Test
    void should_call_a_certificate_that_does_not_name_the_address_critical_as_kafkas_own_client_refuses_it() {
        Map<String, Object> checking = new HashMap<>(tls.clientProperties());
        checking.remove("ssl.endpoint.identification.algorithm"); // Kafka's default: https
        checking.put("bootstrap.servers", tls.cluster().bootstrapServers());
        checking.put("default.api.timeout.ms", "15000");
        checking.put("request.timeout.ms", "15000");
        try (Admin strict = Admin.create(checking)) {
            ExecutionException refused = assertThrows(ExecutionException.class,
                    () -> strict.describeCluster().clusterId().get(30, TimeUnit.SECONDS));
            assertThat(rootMessage(refused)).contains("No subject alternative names matching IP address 127.0.0.1");
        }
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("radar --output json");
            for (JsonNode c : r.json().get("certificates")) {
                if (c.get("role").asString().equals("broker")) {
                    assertThat(c.get("hostMatches").asBoolean()).isFalse();
                    assertThat(c.get("subjectAltNames").toString()).isEqualTo("[\"DNS:kafka.example.com\"]");
                }
            }
            JsonNode mismatch = null;
            for (JsonNode f : r.json().get("findings")) {
                mismatch = f.get("rule").asString().equals("certificate-host-mismatch") ? f : mismatch;
            }
            assertThat(mismatch).isNotNull();
            assertThat(mismatch.get("severity").asString()).isEqualTo("CRITICAL");
            assertThat(mismatch.get("where").asString()).isEqualTo("brokers 4, 5, 6, listener PLAINTEXT");
        }
    }

    @Test
    void should_make_triage_degraded_and_say_the_metadata_version_floor_while_the_upgrade_is_half_done() {
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[radar-mixed] triage\n" + r.out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(r.out()).startsWith("DEGRADED: 3 registered: 4, 5, 6 live; certificate of brokers 4, 5, 6 "
                    + "(listener PLAINTEXT) is not valid for 127.0.0.1; nodes on 2 releases\n");
            assertThat(r.out()).contains("1. Quorum: ").contains("; metadata.version 3.9-IV0 (downgrade to 3.7-IV2 at "
                    + "most)");
        }
    }

    @Test
    void should_give_the_downgrade_floor_the_3_9_controllers_accept_and_no_lower() throws Exception {
        try (ShellHarness shell = shell()) {
            JsonNode mv = null;
            for (JsonNode f : shell.run("radar --output json").json().get("features")) {
                mv = f.get("feature").asString().equals("metadata.version") ? f : mv;
            }
            assertThat(mv.get("name").asString()).isEqualTo("3.9-IV0");
            short floor = (short) mv.get("lowest").asInt();
            assertThat(mv.get("lowestName").asString()).isEqualTo("3.7-IV2");
            admin.updateFeatures(Map.of("metadata.version", new FeatureUpdate(floor,
                    FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions().validateOnly(true))
                    .all().get(60, TimeUnit.SECONDS);
            ExecutionException below = assertThrows(ExecutionException.class, () -> admin.updateFeatures(
                    Map.of("metadata.version", new FeatureUpdate((short) (floor - 1),
                            FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions().validateOnly(true))
                    .all().get(60, TimeUnit.SECONDS));
            assertThat(below.getCause()).isInstanceOf(InvalidUpdateVersionException.class)
                    .hasMessageContaining("might delete metadata information");
            System.out.println("[radar-mixed] features\n" + shell.run("features").out());
        }
    }

    private static String rootMessage(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append(" | ");
        }
        return all.toString();
    }
}
