package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.KshellProcess;
import dev.kshell.testsupport.SharedCluster;

/**
 * Fleet triage ({@code triage --all-profiles}, {@code triage --profile A --profile B}) against real clusters, as a cron
 * job runs it (a new JVM, no terminal): the shared 4.4 cluster under one profile, an address where nothing listens
 * under another. A real broker stop makes the live cluster's row UNAVAILABLE; the unreachable profile is a row of its
 * own whose exit code (4) outranks the findings (1).
 */
@Integration
@Timeout(400)
class FleetTriageIntegrationTest {

    private static final String RF1 = "fleet-rf1";

    private static LocalCluster cluster;
    private static Admin admin;

    @TempDir
    Path home;

    @BeforeAll
    static void topic() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(RF1, Map.of(0, List.of(4))))).all().get(60, TimeUnit.SECONDS);
    }

    @AfterAll
    static void dropTopic() throws Exception {
        if (admin != null) {
            SharedCluster.ensureAllRunning(); // an RF 1 topic left behind goes leaderless in other classes' tests
            admin.deleteTopics(List.of(RF1)).all().get(60, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @AfterEach
    void restore() {
        SharedCluster.ensureAllRunning();
    }

    private void profiles() throws Exception {
        Files.writeString(home.resolve("profiles.yaml"), "live:\n"
                + "  bootstrap-servers: " + cluster.bootstrapServers() + "\n"
                + "  timeout: 15s\n"
                + "down:\n"
                + "  bootstrap-servers: 127.0.0.1:1\n"
                + "  timeout: 3s\n"
                + "pinned-elsewhere:\n"
                + "  bootstrap-servers: " + cluster.bootstrapServers() + "\n"
                + "  expected-cluster-id: AAAAAAAAAAAAAAAAAAAAAA\n");
    }

    private KshellProcess.Result triage(String... words) {
        return KshellProcess.run(home, List.of(), words);
    }

    @Test
    void should_judge_a_healthy_and_an_unreachable_cluster_each_on_its_own_row_and_exit_4() throws Exception {
        profiles();
        // the live cluster alone, once it has settled after other classes' restarts: HEALTHY, exit 0
        KshellProcess.Result alone = Await.until("the live profile HEALTHY", Duration.ofSeconds(120),
                () -> triage("triage", "--profile", "live"), r -> r.code() == 0);
        assertThat(alone.out()).as(alone.toString()).startsWith("1 cluster").containsPattern("(?m)^live +HEALTHY ");

        KshellProcess.Result fleet = triage("triage", "--profile", "live", "--profile", "down");
        System.out.println("[fleet-it] $ kshell triage --all-profiles " + fleet);
        assertThat(fleet.code()).as(fleet.toString()).isEqualTo(4);
        List<String> lines = fleet.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("2 clusters: 1 healthy, 1 unreachable");
        assertThat(fleet.out()).containsPattern("(?m)^live +HEALTHY ").containsPattern("(?m)^down +UNREACHABLE +connect down")
                .contains("== down (127.0.0.1:1): UNREACHABLE").doesNotContain("Exception");
    }

    @Test
    void should_see_a_real_broker_stop_as_unavailable_in_the_fleet_view() throws Exception {
        profiles();
        cluster.stopNode(4); // the RF 1 topic's only replica
        KshellProcess.Result sick = Await.until("the live profile UNAVAILABLE", Duration.ofSeconds(120),
                () -> triage("triage", "--profile", "live"), r -> r.out().contains("UNAVAILABLE"));
        System.out.println("[fleet-it] broker 4 stopped: $ kshell triage --profile live " + sick);
        assertThat(sick.code()).as(sick.toString()).isEqualTo(1);
        assertThat(sick.out()).startsWith("1 cluster: 1 unavailable").containsPattern("(?m)^live +UNAVAILABLE ")
                .contains(RF1);

        KshellProcess.Result both = triage("triage", "--profile", "live", "--profile", "down", "--output", "json");
        assertThat(both.code()).as(both.toString()).isEqualTo(4);
        assertThat(both.out()).contains("\"profile\" : \"live\"", "\"standing\" : \"UNAVAILABLE\"",
                "\"profile\" : \"down\"", "\"standing\" : \"UNREACHABLE\"");
    }

    @Test
    void should_show_a_cluster_whose_id_is_not_the_profiles_pin_as_the_wrong_cluster_and_exit_3() throws Exception {
        profiles();
        KshellProcess.Result r = triage("triage", "--profile", "live", "--profile", "pinned-elsewhere");
        System.out.println("[fleet-it] $ kshell triage --profile live --profile pinned-elsewhere " + r);
        assertThat(r.code()).as(r.toString()).isEqualTo(3);
        assertThat(r.out()).containsPattern("(?m)^pinned-elsewhere +WRONG CLUSTER ")
                .contains("is pinned to cluster id AAAAAAAAAAAAAAAAAAAAAA, but " + cluster.bootstrapServers()
                        + " is cluster " + cluster.clusterId())
                .doesNotContainPattern("(?m)^pinned-elsewhere +HEALTHY");
    }
}
