package dev.kshell.cluster;

import dev.kshell.election.PartitionSpec;
import org.apache.kafka.clients.admin.AlterPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.DescribeLogDirsOptions;
import org.apache.kafka.clients.admin.DescribeProducersOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ElectLeadersOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Admin calls behind {@code elect}: electLeaders, same-set reassignments, describeLogDirs, describeProducers and
 * listOffsets. Per-partition answers are read one by one, so that one partition's error never hides the others'.
 */
final class AdminElections {

    /** Partitions per electLeaders request: big selections go in several requests, sent together. */
    static final int ELECTION_BATCH = 500;

    private final AdminClientGateway gateway;

    AdminElections(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    Map<String, Optional<String>> electLeaders(ClusterGateway.ElectionType type, Collection<PartitionSpec> partitions) {
        ElectionType kafkaType = type == ClusterGateway.ElectionType.UNCLEAN ? ElectionType.UNCLEAN : ElectionType.PREFERRED;
        List<TopicPartition> all = partitions.stream().map(AdminElections::tp).distinct().toList();
        List<KafkaFuture<Map<TopicPartition, Optional<Throwable>>>> futures = new ArrayList<>();
        ElectLeadersOptions options = new ElectLeadersOptions().timeoutMs(gateway.timeoutMs());
        for (int i = 0; i < all.size(); i += ELECTION_BATCH) {
            Set<TopicPartition> batch = new LinkedHashSet<>(all.subList(i, Math.min(all.size(), i + ELECTION_BATCH)));
            futures.add(gateway.admin().electLeaders(kafkaType, batch, options).partitions());
        }
        Map<String, Optional<String>> out = new LinkedHashMap<>();
        for (KafkaFuture<Map<TopicPartition, Optional<Throwable>>> f : futures) {
            gateway.await("electLeaders", f).forEach((tp, error) ->
                    out.put(name(tp), error.map(e -> e.getClass().getSimpleName())));
        }
        return out;
    }

    Map<String, Optional<String>> reorderReplicas(Map<PartitionSpec, List<Integer>> newOrders) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        newOrders.forEach((p, order) -> request.put(tp(p), Optional.of(new NewPartitionReassignment(order))));
        Map<TopicPartition, KafkaFuture<Void>> values = gateway.admin()
                .alterPartitionReassignments(request, new AlterPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs()))
                .values();
        Map<String, Optional<String>> out = new LinkedHashMap<>();
        Map<String, List<Integer>> pending = new HashMap<>();
        newOrders.forEach((p, order) -> {
            try {
                gateway.await("alterPartitionReassignments", values.get(tp(p)));
                pending.put(p.name(), order);
                out.put(p.name(), Optional.empty());
            } catch (ClusterException e) {
                out.put(p.name(), Optional.of(e.getMessage()));
            }
        });
        // The controller completes a same-set reassignment at once, but brokers serve metadata a moment later:
        // elect only once the new order is visible, or the election may still pick by the old order.
        long deadline = System.currentTimeMillis() + gateway.timeoutMs();
        Set<String> topics = new LinkedHashSet<>();
        newOrders.keySet().forEach(p -> topics.add(p.topic()));
        while (!pending.isEmpty()) {
            Map<String, TopicDescription> described = gateway.await("describeTopics", gateway.admin()
                    .describeTopics(topics, new DescribeTopicsOptions().timeoutMs(gateway.timeoutMs())).allTopicNames());
            for (TopicDescription d : described.values()) {
                for (TopicPartitionInfo info : d.partitions()) {
                    String name = d.name() + "-" + info.partition();
                    List<Integer> want = pending.get(name);
                    if (want != null && info.replicas().stream().map(Node::id).toList().equals(want)) {
                        pending.remove(name);
                    }
                }
            }
            if (pending.isEmpty()) {
                break;
            }
            if (System.currentTimeMillis() > deadline) {
                pending.keySet().forEach(n -> out.put(n, Optional.of("the reassignment was accepted but the new order "
                        + "was not visible within " + gateway.timeoutMs() + " ms")));
                break;
            }
            sleep(200);
        }
        return out;
    }

    ClusterGateway.ReplicaSizes replicaSizes(Collection<Integer> brokerIds) {
        Map<Integer, KafkaFuture<Map<String, LogDirDescription>>> futures = gateway.admin()
                .describeLogDirs(brokerIds, new DescribeLogDirsOptions().timeoutMs(gateway.timeoutMs())).descriptions();
        Map<Integer, Map<String, Long>> sizes = new LinkedHashMap<>();
        Map<Integer, String> errors = new LinkedHashMap<>();
        futures.forEach((broker, future) -> {
            try {
                Map<String, Long> perPartition = new HashMap<>();
                for (LogDirDescription dir : gateway.await("describeLogDirs", future).values()) {
                    if (dir.error() != null) {
                        continue;
                    }
                    for (Map.Entry<TopicPartition, ReplicaInfo> e : dir.replicaInfos().entrySet()) {
                        if (!e.getValue().isFuture()) {
                            perPartition.merge(name(e.getKey()), e.getValue().size(), Long::sum);
                        }
                    }
                }
                sizes.put(broker, perPartition);
            } catch (ClusterException e) {
                errors.put(broker, "describeLogDirs on broker " + broker + ": " + e.getMessage());
            }
        });
        return new ClusterGateway.ReplicaSizes(sizes, errors);
    }

    Optional<Long> maxProducerSequence(PartitionSpec partition, int brokerId) {
        TopicPartition tp = tp(partition);
        List<ProducerState> producers = gateway.await("describeProducers", gateway.admin()
                .describeProducers(List.of(tp), new DescribeProducersOptions().brokerId(brokerId).timeoutMs(gateway.timeoutMs()))
                .partitionResult(tp)).activeProducers();
        return producers.stream().map(p -> (long) p.lastSequence()).max(Long::compare);
    }

    Map<String, Long> latestOffsets(Collection<PartitionSpec> partitions) {
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(p -> request.put(tp(p), OffsetSpec.latest()));
        if (request.isEmpty()) {
            return Map.of();
        }
        var result = gateway.admin().listOffsets(request, new ListOffsetsOptions().timeoutMs(gateway.timeoutMs()));
        Map<String, Long> out = new LinkedHashMap<>();
        for (TopicPartition tp : request.keySet()) {
            try {
                out.put(name(tp), gateway.await("listOffsets", result.partitionResult(tp)).offset());
            } catch (ClusterException e) {
                // one partition's failure (e.g. its leader just died) must not lose the others
            }
        }
        return out;
    }

    private static TopicPartition tp(PartitionSpec p) {
        return new TopicPartition(p.topic(), p.partition());
    }

    private static String name(TopicPartition tp) {
        return tp.topic() + "-" + tp.partition();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("cancelled");
        }
    }
}
