package dev.kshell.it;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.BrokersUnregisterCommand;
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
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Node;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brokers unregister} on Kafka 4.4 (issue 47: docs/compatibility.md said the 4.4 tests prove it; none ran it),
 * on a cluster of its own (one controller, brokers 2, 3 and 4; the shared cluster stays frozen): a live broker is
 * refused, a stopped broker that still holds a replica is refused, and once it holds none the cluster forgets it,
 * as Kafka's own describeCluster (fenced brokers included) then shows. Each attempt is in the audit log.
 */
@Integration
@Timeout(600)
@ExtendWith(SharedCluster.Frozen.class)
class UnregisterIntegrationTest {

    private static final String TOPIC = "unreg";

    @TempDir
    static Path home;
    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        cluster = LocalCluster.start(new LocalClusterSpec(1, 3, null, true, Map.of()),
                line -> System.out.println("[unregister-cluster] " + line));
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000"));
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
    }

    @AfterAll
    static void stop() {
        System.clearProperty("kshell.audit.file");
        if (admin != null) {
            admin.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new BrokersUnregisterCommand(s), new BrokersCommand(s));
    }

    private static ShellHarness.Result run(String line) {
        try (ShellHarness shell = new ShellHarness(UnregisterIntegrationTest::commands)
                .connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result r = shell.run(line);
            System.out.println("[" + line + ", exit " + r.code().code() + "]\n" + r.out() + r.err());
            return r;
        }
    }

    /** Kafka's own list of registered brokers, fenced ones included (4.0+). */
    private static List<Integer> registered() {
        try {
            Collection<Node> nodes = admin.describeCluster(new DescribeClusterOptions().includeFencedBrokers(true))
                    .nodes().get(20, TimeUnit.SECONDS);
            return nodes.stream().map(Node::id).sorted().toList();
        } catch (Exception e) {
            throw new IllegalStateException("describeCluster: " + e, e);
        }
    }

    @Test
    void should_refuse_a_live_broker_and_one_holding_a_replica_then_forget_a_stopped_empty_one() throws Exception {
        admin.createTopics(List.of(new NewTopic(TOPIC, Map.of(0, List.of(4, 2))))).all().get(30, TimeUnit.SECONDS);

        ShellHarness.Result live = run("brokers unregister 3 --yes");
        assertThat(live.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(live.out() + live.err()).contains("broker 3 is live");

        cluster.stopNode(4);
        Await.until("broker 4 fenced", Duration.ofSeconds(60), () -> run("brokers --output json"),
                r -> r.json().toString().matches(".*\\{\"id\":4,[^}]*\"fenced\":true.*"));
        ShellHarness.Result holding = run("brokers unregister 4 --yes");
        assertThat(holding.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(holding.out() + holding.err()).contains("broker 4 still holds replicas of 1 partition (" + TOPIC + "-0)");
        assertThat(registered()).contains(4);

        admin.deleteTopics(List.of(TOPIC)).all().get(30, TimeUnit.SECONDS);
        ShellHarness.Result done = Await.until("broker 4 holds no replica any more: unregistered", Duration.ofSeconds(60),
                () -> run("brokers unregister 4 --yes"), r -> r.code() == ExitCode.OK);
        assertThat(done.out()).contains("broker 4 unregistered: the cluster no longer lists it");
        // each broker answers describeCluster from its own metadata image: one may list 4 a moment after another
        // stopped doing so; waited for until the answering broker's image is [2, 3] too
        Await.until("Kafka's describeCluster listing brokers 2 and 3 only", Duration.ofSeconds(30),
                UnregisterIntegrationTest::registered, ids -> ids.equals(List.of(2, 3)));
        assertThat(Files.readString(home.resolve("audit.jsonl")))
                .contains("\"action\":\"unregister-broker\"").contains("\"decision\":\"refused\"")
                .contains("\"decision\":\"confirmed\"").contains("\"decision\":\"succeeded\"");
    }
}
