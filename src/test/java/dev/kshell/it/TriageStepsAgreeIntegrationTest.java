package dev.kshell.it;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.UnderMinIsrCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
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
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Triage's steps and {@code leaderless} judge a partition by the same rule at the same moment (issue 47): in the
 * seconds after {@code kill -9} of a broker, before the controller fences it, the partitions it led have no leader
 * that answers, and triage's step 3, its recovery step, {@code leaderless} and {@code under-min-isr} all say so. A
 * cluster of its own whose controller fences a silent broker only after 120 s holds that moment still long enough to
 * read it with every command (the shared cluster fences in 6 s, and stays frozen meanwhile).
 */
@Integration
@Timeout(600)
@ExtendWith(SharedCluster.Frozen.class)
class TriageStepsAgreeIntegrationTest {

    private static final String RF1 = "agree-rf1";
    private static final String RF2 = "agree-rf2";
    private static final Map<String, String> SLOW_FENCE = Map.of("broker.session.timeout.ms", "120000",
            "broker.heartbeat.interval.ms", "2000");

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        cluster = LocalCluster.start(new LocalClusterSpec(1, 2, null, false, SLOW_FENCE)
                        .withExtraControllerProps(SLOW_FENCE),
                line -> System.out.println("[agree-cluster] " + line));
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new TriageCommand(s), new LeaderlessCommand(s), new UnderMinIsrCommand(s),
                new BrokersCommand(s));
    }

    private static ShellHarness.Result run(String line) {
        try (ShellHarness shell = new ShellHarness(TriageStepsAgreeIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result r = shell.run(line);
            System.out.println("[" + line + ", exit " + r.code().code() + "]\n" + r.out() + r.err());
            return r;
        }
    }

    private static Map<String, TopicDescription> describe() {
        try {
            return admin.describeTopics(List.of(RF1, RF2)).allTopicNames().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("describeTopics: " + e, e);
        }
    }

    @Test
    void should_count_the_partitions_of_a_killed_leader_as_leaderless_in_every_step_and_command_before_the_fence()
            throws Exception {
        // broker 3 leads all six: three with no other copy, three with broker 2 in sync
        Map<Integer, List<Integer>> one = new HashMap<>();
        Map<Integer, List<Integer>> two = new HashMap<>();
        for (int p = 0; p < 3; p++) {
            one.put(p, List.of(3));
            two.put(p, List.of(3, 2));
        }
        admin.createTopics(List.of(new NewTopic(RF1, one), new NewTopic(RF2, two))).all().get(30, TimeUnit.SECONDS);
        Await.until("both topics led by broker 3 with full ISRs", Duration.ofSeconds(60),
                TriageStepsAgreeIntegrationTest::describe, d -> d.size() == 2 && d.values().stream()
                        .flatMap(t -> t.partitions().stream()).allMatch(p -> p.leader() != null
                                && p.leader().id() == 3 && p.isr().size() == p.replicas().size()));

        cluster.killNode(3);
        ShellHarness.Result triage = run("triage --output json");
        ShellHarness.Result leaderless = run("leaderless --output json");
        ShellHarness.Result underMinIsr = run("under-min-isr --output json");
        ShellHarness.Result brokers = run("brokers --output json");

        // the moment held: broker 3 is still registered and unfenced (the controller has not moved anything)
        assertThat(brokers.json().toString()).contains("\"id\":3");
        JsonNode three = null;
        for (JsonNode b : brokers.json().get("brokers")) {
            if (b.get("id").asInt() == 3) {
                three = b;
            }
        }
        assertThat(three).as(brokers.out()).isNotNull();
        assertThat(three.get("fenced").asBoolean()).as("broker 3 still unfenced: " + three).isFalse();

        assertThat(leaderless.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(leaderless.json().get("total").asInt()).isEqualTo(6);
        assertThat(leaderless.err()).contains("broker 3 is registered but does not answer");
        assertThat(underMinIsr.json().get("total").asInt()).isEqualTo(6);

        assertThat(triage.json().get("verdict").asString()).isEqualTo("UNAVAILABLE");
        JsonNode steps = triage.json().get("steps");
        assertThat(steps.get(2).get("status").asString()).isEqualTo("fail");
        assertThat(steps.get(2).get("summary").asString()).startsWith("6 leaderless partitions in 2 topics");
        // step 4 knows that three still have a live in-sync copy on broker 2 and three have none
        assertThat(steps.get(3).get("summary").asString()).contains("3 clean-possible").contains("3 no-live-replica");
        assertThat(steps.get(4).get("summary").asString()).contains("+6 leaderless (step 3)");
    }
}
