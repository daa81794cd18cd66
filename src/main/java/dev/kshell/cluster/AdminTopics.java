package dev.kshell.cluster;

import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.AlterPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ElectLeadersOptions;
import org.apache.kafka.clients.admin.ListPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Topic administration the sandbox needs to set up and heal its scenarios: create with an explicit assignment,
 * delete, alter one config, reassign, elect preferred leaders. Every call carries the gateway's deadline; waits
 * (deletion, reassignment) poll within that same deadline.
 */
final class AdminTopics {

    private static final long POLL_MS = 200;

    private final AdminClientGateway gateway;

    AdminTopics(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    boolean create(String topic, List<List<Integer>> replicasByPartition, Map<String, String> configs) {
        Map<Integer, List<Integer>> assignment = new HashMap<>();
        for (int p = 0; p < replicasByPartition.size(); p++) {
            assignment.put(p, List.copyOf(replicasByPartition.get(p)));
        }
        NewTopic newTopic = new NewTopic(topic, assignment).configs(configs == null ? Map.of() : configs);
        try {
            gateway.admin().createTopics(List.of(newTopic), new CreateTopicsOptions().timeoutMs(gateway.timeoutMs()))
                    .all().get(gateway.timeoutMs() + 2000L, TimeUnit.MILLISECONDS);
            awaitVisible(topic);
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                return false;
            }
            throw KafkaErrors.translateCause(gateway.target(), "createTopics", e.getCause());
        } catch (Exception e) {
            return KafkaErrors.translate(gateway.target(), "createTopics", () -> {
                throw e;
            });
        }
    }

    /**
     * A created topic reaches the brokers' metadata a moment after createTopics returns; until then describing it
     * fails with UnknownTopicOrPartition. Wait (bounded by the deadline) so the operator's first look finds it.
     */
    private void awaitVisible(String topic) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(gateway.timeoutMs());
        while (System.nanoTime() < deadline) {
            try {
                gateway.admin().describeTopics(List.of(topic)).allTopicNames().get(2, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException | TimeoutException e) {
                Thread.sleep(100);
            }
        }
    }

    void deleteIfPresent(Collection<String> topics) {
        Set<String> present = new HashSet<>(names());
        List<String> doomed = topics.stream().filter(present::contains).distinct().toList();
        if (doomed.isEmpty()) {
            return;
        }
        try {
            gateway.admin().deleteTopics(TopicCollection.ofTopicNames(doomed),
                    new DeleteTopicsOptions().timeoutMs(gateway.timeoutMs())).all()
                    .get(gateway.timeoutMs() + 2000L, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw KafkaErrors.translateCause(gateway.target(), "deleteTopics", e.getCause());
            }
        } catch (Exception e) {
            KafkaErrors.translate(gateway.target(), "deleteTopics", () -> {
                throw e;
            });
        }
        // Deletion is acknowledged before every broker has forgotten the topic; re-creating it at once fails.
        pollUntil("deleteTopics", () -> names().stream().noneMatch(doomed::contains));
    }

    void setConfig(String topic, String key, String value) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        AlterConfigOp op = value == null
                ? new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
        gateway.await("incrementalAlterConfigs", gateway.admin().incrementalAlterConfigs(
                Map.of(resource, List.of(op)), new AlterConfigsOptions().timeoutMs(gateway.timeoutMs())).all());
    }

    void reassignAndWait(String topic, Map<Integer, List<Integer>> replicasByPartition) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> moves = new HashMap<>();
        replicasByPartition.forEach((p, replicas) ->
                moves.put(new TopicPartition(topic, p), Optional.of(new NewPartitionReassignment(replicas))));
        gateway.await("alterPartitionReassignments", gateway.admin().alterPartitionReassignments(moves,
                new AlterPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs())).all());
        pollUntil("listPartitionReassignments", () -> gateway.await("listPartitionReassignments",
                gateway.admin().listPartitionReassignments(moves.keySet(),
                        new ListPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs())).reassignments())
                .isEmpty());
    }

    int electPreferredQuietly(Collection<String> topics) {
        Map<String, TopicDescription> described = gateway.await("describeTopics", gateway.admin()
                .describeTopics(TopicCollection.ofTopicNames(List.copyOf(topics)),
                        new DescribeTopicsOptions().timeoutMs(gateway.timeoutMs())).allTopicNames());
        Set<TopicPartition> partitions = new HashSet<>();
        described.values().forEach(d -> d.partitions().forEach(p -> partitions.add(new TopicPartition(d.name(),
                p.partition()))));
        if (partitions.isEmpty()) {
            return 0;
        }
        // Per-partition results: all() fails when any partition needed no election (docs/kafka-behaviour.md).
        Map<TopicPartition, Optional<Throwable>> results = gateway.await("electLeaders", gateway.admin()
                .electLeaders(ElectionType.PREFERRED, partitions, new ElectLeadersOptions().timeoutMs(gateway.timeoutMs()))
                .partitions());
        return (int) results.values().stream().filter(Optional::isEmpty).count();
    }

    boolean electUncleanQuietly(String topic, int partition) {
        TopicPartition tp = new TopicPartition(topic, partition);
        Map<TopicPartition, Optional<Throwable>> results = gateway.await("electLeaders", gateway.admin()
                .electLeaders(ElectionType.UNCLEAN, Set.of(tp), new ElectLeadersOptions().timeoutMs(gateway.timeoutMs()))
                .partitions());
        return results.getOrDefault(tp, Optional.of(new IllegalStateException("no result"))).isEmpty();
    }

    List<String> deleteGroupsIfPresent(Collection<String> groupIds) {
        Set<String> present = new HashSet<>();
        gateway.await("listGroups", gateway.admin().listGroups(new org.apache.kafka.clients.admin.ListGroupsOptions()
                .timeoutMs(gateway.timeoutMs())).all()).forEach(g -> present.add(g.groupId()));
        List<String> doomed = groupIds.stream().filter(present::contains).toList();
        if (doomed.isEmpty()) {
            return List.of();
        }
        Map<String, org.apache.kafka.common.KafkaFuture<Void>> results = gateway.admin().deleteConsumerGroups(doomed,
                new org.apache.kafka.clients.admin.DeleteConsumerGroupsOptions().timeoutMs(gateway.timeoutMs()))
                .deletedGroups();
        List<String> left = new ArrayList<>();
        results.forEach((id, future) -> {
            try {
                gateway.await("deleteConsumerGroups", future);
            } catch (ClusterException e) {
                left.add(id);
            }
        });
        return left;
    }

    private Set<String> names() {
        return gateway.await("listTopics", gateway.admin()
                .listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(gateway.timeoutMs())).names());
    }

    private void pollUntil(String operation, BooleanSupplier done) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(gateway.timeoutMs());
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new ClusterException(ClusterException.Kind.FAILED, operation + " on "
                        + gateway.target().endpoints() + " did not complete within " + KafkaErrors.seconds(gateway.target()));
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");
            }
        }
    }
}
