package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.cli.commands.ConfigRiskCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.workflow.check.ConfigRiskService;

/**
 * {@code audit} on the shared real cluster: unclean election on a topic and on one broker (dynamic config), min.isr
 * equal to RF on another topic, and several profiles where one cannot be reached. Every config changed here is
 * undone after each test so the other classes find a clean cluster.
 */
@Integration
@Timeout(300)
class AuditIntegrationTest {

    private static final String UNCLEAN_TOPIC = "audit-unclean";
    private static final String MIN_ISR_TOPIC = "audit-minisr";
    private static final ConfigResource BROKER_5 = new ConfigResource(ConfigResource.Type.BROKER, "5");

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;

    @TempDir
    Path home;

    @BeforeAll
    static void createTopics() throws Exception {
        cluster = SharedCluster.get();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(UNCLEAN_TOPIC, 1, (short) 3), new NewTopic(MIN_ISR_TOPIC, 1, (short) 3)))
                .all().get(60, TimeUnit.SECONDS);
    }

    @AfterAll
    static void deleteTopics() throws Exception {
        if (admin != null) {
            admin.deleteTopics(List.of(UNCLEAN_TOPIC, MIN_ISR_TOPIC)).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @AfterEach
    void undoConfigs() throws Exception {
        if (shell != null) {
            shell.close();
        }
        alter(BROKER_5, "unclean.leader.election.enable", null);
        alter(topic(UNCLEAN_TOPIC), "unclean.leader.election.enable", null);
        alter(topic(MIN_ISR_TOPIC), "min.insync.replicas", null);
        SharedCluster.ensureAllRunning();
    }

    private static ConfigResource topic(String name) {
        return new ConfigResource(ConfigResource.Type.TOPIC, name);
    }

    /** Sets a config, or deletes it when {@code value} is null. */
    private static void alter(ConfigResource resource, String key, String value) throws Exception {
        dev.kshell.testsupport.Configs.alter(admin, resource, key, value);
    }

    private ShellHarness shell() {
        shell = new ShellHarness(s -> List.of(new ConfigRiskCommand(new ConfigRiskService(s, () -> home, AdminClientGateway::new))));
        return shell;
    }

    private static List<String> findings(JsonNode cluster) {
        List<String> out = new ArrayList<>();
        cluster.get("findings").forEach(f -> out.add(f.get("severity").asString() + " " + f.get("rule").asString()
                + " " + f.get("where").asString() + " | " + f.get("message").asString()
                + " | " + f.get("fix").asString()));
        return out;
    }

    @Test
    void should_report_unclean_on_a_topic_and_a_broker_and_min_isr_equal_to_rf_each_with_its_source()
            throws Exception {
        alter(topic(UNCLEAN_TOPIC), "unclean.leader.election.enable", "true");
        alter(BROKER_5, "unclean.leader.election.enable", "true");
        alter(topic(MIN_ISR_TOPIC), "min.insync.replicas", "3");
        shell().connectBrokers(cluster.bootstrapServers());

        // Dynamic configs reach every broker through the metadata log: wait until broker 5 reports its own.
        ShellHarness.Result result = Await.until("broker 5's dynamic unclean setting", Duration.ofSeconds(30),
                () -> shell.run("audit --output json"),
                r -> r.model() != null && findings(r.json().get("clusters").get(0)).stream()
                        .anyMatch(f -> f.startsWith("WARNING unclean-enabled broker 5 ")));
        assertThat(result.code()).isEqualTo(ExitCode.FINDINGS);
        List<String> findings = findings(result.json().get("clusters").get(0));
        String bs = cluster.bootstrapServers();
        assertThat(findings).anySatisfy(f -> assertThat(f)
                .startsWith("WARNING unclean-enabled topic " + UNCLEAN_TOPIC + " | ")
                .endsWith("| kafka-configs.sh --bootstrap-server " + bs + " --alter --entity-type topics "
                        + "--entity-name " + UNCLEAN_TOPIC + " --add-config unclean.leader.election.enable=false"));
        assertThat(findings).anySatisfy(f -> assertThat(f)
                .startsWith("WARNING unclean-enabled broker 5 | unclean.leader.election.enable=true on broker 5 "
                        + "(DYNAMIC_BROKER_CONFIG)")
                .endsWith("| kafka-configs.sh --bootstrap-server " + bs + " --alter --entity-type brokers "
                        + "--entity-name 5 --delete-config unclean.leader.election.enable"));
        assertThat(findings).anySatisfy(f -> assertThat(f)
                .startsWith("WARNING min-isr-equals-rf topic " + MIN_ISR_TOPIC + " | min.insync.replicas 3 "
                        + "(DYNAMIC_TOPIC_CONFIG) = replication factor 3")
                .contains("--entity-name " + MIN_ISR_TOPIC + " --add-config min.insync.replicas=2"));
        // Brokers 4 and 6 were not changed: no broker-level unclean finding for them.
        assertThat(findings).noneMatch(f -> f.startsWith("WARNING unclean-enabled broker 4 ")
                || f.startsWith("WARNING unclean-enabled broker 6 "));

        ShellHarness.Result table = shell.run("audit");
        System.out.println("[audit-example] exit " + table.code().code() + "\n" + table.out()); // quoted in README.md
        assertThat(table.out()).containsPattern("WARNING +unclean-enabled +broker 5 ")
                .contains("\nFIX\n").contains("broker 5 (unclean-enabled): kafka-configs.sh");
    }

    @Test
    void should_audit_every_profile_with_an_unreachable_one_as_a_row_of_its_own() throws Exception {
        Files.writeString(home.resolve("profiles.yaml"), "shared:\n"
                + "  bootstrap-servers: " + cluster.bootstrapServers() + "\n"
                + "  timeout: 15s\n"
                + "nowhere:\n"
                + "  bootstrap-servers: 127.0.0.1:1\n"
                + "  timeout: 2s\n");
        shell();
        // one risk this test makes itself, whatever other classes left: unclean election on for a topic (WARNING)
        alter(topic(UNCLEAN_TOPIC), "unclean.leader.election.enable", "true");
        // a topic's config reaches the broker that answers describeConfigs through the metadata log: wait for it
        ShellHarness.Result alone = Await.until("the topic's unclean setting seen", Duration.ofSeconds(30),
                () -> shell.run("audit --profile shared --output json"),
                r -> r.model() != null && findings(r.json().get("clusters").get(0)).stream()
                        .anyMatch(f -> f.startsWith("WARNING unclean-enabled topic " + UNCLEAN_TOPIC + " ")));
        assertThat(alone.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(findings(alone.json().get("clusters").get(0)))
                .anyMatch(f -> f.startsWith("WARNING unclean-enabled topic " + UNCLEAN_TOPIC + " "));

        ShellHarness.Result both = shell.run("audit --all-profiles --output json");
        JsonNode clusters = both.json().get("clusters");
        assertThat(clusters).hasSize(2);
        assertThat(clusters.get(0).get("name").asString()).isEqualTo("shared");
        assertThat(clusters.get(0).get("error").isNull()).isTrue();
        assertThat(clusters.get(0).get("clusterId").asString()).isNotBlank();
        assertThat(clusters.get(0).get("liveBrokers").asInt()).isEqualTo(3);
        assertThat(clusters.get(1).get("name").asString()).isEqualTo("nowhere");
        assertThat(clusters.get(1).get("error").asString()).contains("127.0.0.1:1");
        assertThat(clusters.get(1).get("findings")).isEmpty();
        // The reachable cluster decides the exit code; the unreachable one is a row, not a failure.
        assertThat(both.code()).isEqualTo(alone.code());

        ShellHarness.Result table = shell.run("audit --profile shared --profile nowhere");
        System.out.println("[audit-example] exit " + table.code().code() + "\n" + table.out()); // quoted in README.md
        assertThat(table.out().lines().toList().get(1)).startsWith("shared ");
        assertThat(table.out().lines().toList().get(2)).matches("nowhere +127\\.0\\.0\\.1:1 .*NOT AUDITED: .*");

        ShellHarness.Result none = shell.run("audit --profile nowhere");
        assertThat(none.code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(none.out()).startsWith("cluster nowhere (127.0.0.1:1) not audited: ");
    }
}
