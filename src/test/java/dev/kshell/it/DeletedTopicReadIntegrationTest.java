package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.GatewayTestHooks;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.SharedCluster;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A topic deleted between listTopics and describeTopics (a real cluster; the gateway's test hook deletes it in
 * between) is left out of the snapshot and named, while the other topics of its describe batch are read whole.
 */
@Integration
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class DeletedTopicReadIntegrationTest {

    @Test
    void should_skip_a_topic_deleted_between_listing_and_describing_and_keep_the_rest_of_its_batch() throws Exception {
        LocalCluster cluster = SharedCluster.get();
        String prefix = "perf-deleted-" + ProcessHandle.current().pid() + "-";
        List<String> mine = List.of(prefix + "a", prefix + "b", prefix + "c");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            admin.createTopics(mine.stream().map(t -> new NewTopic(t, 2, (short) 1)).toList()).all()
                    .get(120, TimeUnit.SECONDS);
            awaitOnEveryBroker(cluster, mine.get(1), true);
            try (AdminClientGateway gateway = new AdminClientGateway(
                    new ClusterTarget(cluster.bootstrapServers(), null, Map.of(), Duration.ofSeconds(60)))) {
                List<String> listed = new ArrayList<>();
                GatewayTestHooks.afterListing(gateway, names -> {
                    listed.addAll(names);
                    try {
                        admin.deleteTopics(List.of(mine.get(1))).all().get(120, TimeUnit.SECONDS);
                        awaitOnEveryBroker(cluster, mine.get(1), false);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });

                ClusterSnapshot snapshot = gateway.read(SnapshotRequest.partitions().withConfigs(true));

                assertThat(listed).as("listed before the delete").contains(mine.get(1));
                assertThat(snapshot.skippedTopics()).containsExactly(mine.get(1));
                assertThat(snapshot.skippedTopicsNote())
                        .isEqualTo("note: 1 topic was deleted while being read and is left out: " + mine.get(1));
                assertThat(snapshot.topics()).extracting(TopicState::name)
                        .contains(mine.get(0), mine.get(2)).doesNotContain(mine.get(1));
                for (String kept : List.of(mine.get(0), mine.get(2))) {
                    TopicState t = snapshot.topic(kept).orElseThrow();
                    assertThat(t.partitions()).hasSize(2);
                    assertThat(t.config()).as("configs of " + kept).isNotNull();
                }
            }
        } finally {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
                admin.deleteTopics(List.of(mine.get(0), mine.get(2))).all().get(120, TimeUnit.SECONDS);
            } catch (ExecutionException ignored) {
                // already gone
            }
        }
    }

    /** Waits until every broker's own metadata knows the topic (or no longer knows it). */
    private static void awaitOnEveryBroker(LocalCluster cluster, String topic, boolean exists) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        for (String endpoint : cluster.bootstrapServers().split(",")) {
            try (Admin one = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, endpoint))) {
                while (true) {
                    boolean known;
                    try {
                        one.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS);
                        known = true;
                    } catch (ExecutionException e) {
                        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                            throw e;
                        }
                        known = false;
                    }
                    if (known == exists) {
                        break;
                    }
                    if (System.nanoTime() > until) {
                        throw new AssertionError(endpoint + " still " + (exists ? "lacks " : "has ") + topic);
                    }
                    Thread.sleep(200);
                }
            }
        }
    }
}
