package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.PartitionSpec;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.TestApproval;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;

/**
 * The gateway's election batching on the real cluster: a selection of 1,201 partitions goes to Kafka in three
 * electLeaders requests of at most 500 (docs/elections.md), and every partition comes back with its own answer, once:
 * a batch boundary that dropped, doubled or mixed up partitions would show as a missing, extra or "no result" answer.
 */
@Integration
@Timeout(300)
class ElectionBatchingIntegrationTest {

    private static final String TOPIC = "elect-batches";
    private static final int PARTITIONS = 1_201;

    private static LocalCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void topic() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1))).all().get(120, TimeUnit.SECONDS);
    }

    @AfterAll
    static void drop() throws Exception {
        if (admin != null) {
            admin.deleteTopics(List.of(TOPIC)).all().get(120, TimeUnit.SECONDS);
            admin.close();
        }
    }

    @Test
    void should_answer_every_partition_of_a_selection_larger_than_a_batch_once() {
        List<PartitionSpec> selection = IntStream.range(0, PARTITIONS).mapToObj(i -> new PartitionSpec(TOPIC, i)).toList();
        try (AdminClientGateway gateway = new AdminClientGateway(new ClusterTarget(cluster.bootstrapServers(), null,
                Map.of(), Duration.ofSeconds(60)))) {
            Map<PartitionSpec, ElectionAnswer> answers = TestApproval.during("elect preferred",
                    () -> gateway.electLeaders(ClusterGateway.ElectionType.PREFERRED, selection));
            // each partition's only replica already leads it: Kafka answers "not needed" for every one
            assertThat(answers.keySet()).containsExactlyElementsOf(selection);
            assertThat(answers.values()).extracting(ElectionAnswer::error)
                    .containsOnly(ElectionAnswer.Error.ELECTION_NOT_NEEDED);
        }
    }
}
