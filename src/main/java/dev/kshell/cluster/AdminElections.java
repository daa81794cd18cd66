package dev.kshell.cluster;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.OpenTransactions;
import org.apache.kafka.clients.admin.AlterPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.common.protocol.Errors;
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
import java.util.concurrent.CancellationException;
import org.apache.kafka.common.errors.TimeoutException;

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

    Map<PartitionSpec, ElectionAnswer> electLeaders(ClusterGateway.ElectionType type, Collection<PartitionSpec> partitions) {
        ElectionType kafkaType = type == ClusterGateway.ElectionType.UNCLEAN ? ElectionType.UNCLEAN : ElectionType.PREFERRED;
        List<PartitionSpec> all = partitions.stream().distinct().toList();
        List<List<PartitionSpec>> batches = new ArrayList<>();
        List<KafkaFuture<Map<TopicPartition, Optional<Throwable>>>> futures = new ArrayList<>();
        ElectLeadersOptions options = new ElectLeadersOptions().timeoutMs(gateway.timeoutMs());
        for (int i = 0; i < all.size(); i += ELECTION_BATCH) {
            List<PartitionSpec> batch = all.subList(i, Math.min(all.size(), i + ELECTION_BATCH));
            Set<TopicPartition> request = new LinkedHashSet<>(batch.stream().map(AdminElections::tp).toList());
            batches.add(batch);
            futures.add(gateway.admin().electLeaders(kafkaType, request, options).partitions());
        }
        Map<PartitionSpec, ElectionAnswer> out = new LinkedHashMap<>();
        for (int b = 0; b < batches.size(); b++) {
            Map<TopicPartition, Optional<Throwable>> answers;
            try {
                answers = gateway.await("electLeaders", futures.get(b));
            } catch (ClusterException e) {
                // One batch lost (deadline, connection): its partitions get that error, the others keep theirs.
                // No answer in time (or the connection dropped): sent, so the outcome is unknown, not a failure.
                ElectionAnswer lost = e.kind() == ClusterException.Kind.UNREACHABLE
                        ? ElectionAnswer.failed(ElectionAnswer.Error.TIMEOUT, e.getMessage())
                        : answerFor(e.getCause() == null ? e : rootOf(e), e.getMessage());
                batches.get(b).forEach(p -> out.put(p, lost));
                continue;
            }
            for (PartitionSpec p : batches.get(b)) {
                Optional<Throwable> error = answers.get(tp(p));
                out.put(p, error == null
                        ? ElectionAnswer.failed(ElectionAnswer.Error.OTHER, "the cluster returned no result for this partition")
                        : error.map(e -> answerFor(e, e.getMessage())).orElse(ElectionAnswer.ELECTED));
            }
        }
        return out;
    }

    /** Kafka's exception -> the typed answer; the protocol error name decides, Kafka's text is kept. */
    static ElectionAnswer answerFor(Throwable error, String detail) {
        String name = Errors.forException(error).name();
        if (error instanceof TimeoutException) {
            name = "TIMEOUT";
        }
        if (name.equals("REQUEST_TIMED_OUT")) {
            name = "TIMEOUT";
        }
        for (ElectionAnswer.Error e : ElectionAnswer.Error.values()) {
            if (e.name().equals(name) && e != ElectionAnswer.Error.NONE) {
                return ElectionAnswer.failed(e, detail);
            }
        }
        return ElectionAnswer.failed(ElectionAnswer.Error.OTHER,
                error.getClass().getSimpleName() + (detail == null ? "" : ": " + detail));
    }

    private static Throwable rootOf(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    Map<PartitionSpec, Optional<String>> reassignSameSet(Map<PartitionSpec, List<Integer>> newOrders) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        newOrders.forEach((p, order) -> request.put(tp(p), Optional.of(new NewPartitionReassignment(order))));
        Map<TopicPartition, KafkaFuture<Void>> values = gateway.admin()
                .alterPartitionReassignments(request, new AlterPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs()))
                .values();
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        newOrders.forEach((p, order) -> {
            try {
                gateway.await("alterPartitionReassignments", values.get(tp(p)));
                out.put(p, Optional.empty());
            } catch (ClusterException e) {
                out.put(p, Optional.of(e.getMessage()));
            }
        });
        return out;
    }

    Map<PartitionSpec, Optional<String>> awaitReplicaOrder(Map<PartitionSpec, List<Integer>> orders) {
        // The controller completes a same-set reassignment at once, but brokers serve metadata a moment later:
        // elect only once the new order is visible, or the election may still pick by the old order.
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        Map<PartitionSpec, List<Integer>> pending = new LinkedHashMap<>(orders);
        long deadline = System.currentTimeMillis() + gateway.timeoutMs();
        Set<String> topics = new LinkedHashSet<>();
        orders.keySet().forEach(p -> topics.add(p.topic()));
        while (!pending.isEmpty()) {
            Map<String, TopicDescription> described = gateway.await("describeTopics", gateway.admin()
                    .describeTopics(topics, new DescribeTopicsOptions().timeoutMs(gateway.timeoutMs())).allTopicNames());
            for (TopicDescription d : described.values()) {
                for (TopicPartitionInfo info : d.partitions()) {
                    PartitionSpec spec = new PartitionSpec(d.name(), info.partition());
                    List<Integer> want = pending.get(spec);
                    if (want != null && info.replicas().stream().map(Node::id).toList().equals(want)) {
                        pending.remove(spec);
                        out.put(spec, Optional.empty());
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
        Map<Integer, Map<PartitionSpec, Long>> sizes = new LinkedHashMap<>();
        Map<Integer, String> errors = new LinkedHashMap<>();
        futures.forEach((broker, future) -> {
            try {
                Map<PartitionSpec, Long> perPartition = new HashMap<>();
                for (LogDirDescription dir : gateway.await("describeLogDirs", future).values()) {
                    if (dir.error() != null) {
                        continue;
                    }
                    for (Map.Entry<TopicPartition, ReplicaInfo> e : dir.replicaInfos().entrySet()) {
                        if (!e.getValue().isFuture()) {
                            perPartition.merge(spec(e.getKey()), e.getValue().size(), Long::sum);
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

    Map<PartitionSpec, Long> latestOffsets(Collection<PartitionSpec> partitions) {
        Map<PartitionSpec, Long> out = new LinkedHashMap<>();
        offsets(partitions, OffsetSpec.latest()).forEach((p, info) -> out.put(p, info.offset()));
        return out;
    }

    Map<PartitionSpec, ClusterGateway.LogRange> logAsOf(Collection<PartitionSpec> partitions, long at) {
        Map<PartitionSpec, ListOffsetsResult.ListOffsetsResultInfo> earliest = offsets(partitions, OffsetSpec.earliest());
        Map<PartitionSpec, ListOffsetsResult.ListOffsetsResultInfo> since = offsets(partitions, OffsetSpec.forTimestamp(at));
        Map<PartitionSpec, ListOffsetsResult.ListOffsetsResultInfo> latest = offsets(partitions, OffsetSpec.latest());
        Map<PartitionSpec, ClusterGateway.LogRange> out = new LinkedHashMap<>();
        for (PartitionSpec p : partitions) {
            if (!earliest.containsKey(p) || !latest.containsKey(p)) {
                continue;
            }
            // forTimestamp answers offset -1 when no record is that new: nothing was written since, latest holds
            ListOffsetsResult.ListOffsetsResultInfo first = since.get(p);
            boolean refilled = first != null && first.offset() >= 0 && first.offset() < latest.get(p).offset();
            out.put(p, new ClusterGateway.LogRange(earliest.get(p).offset(),
                    refilled ? first.offset() : latest.get(p).offset(), !refilled));
        }
        return out;
    }

    private Map<PartitionSpec, ListOffsetsResult.ListOffsetsResultInfo> offsets(Collection<PartitionSpec> partitions,
                                                                              OffsetSpec spec) {
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(p -> request.put(tp(p), spec));
        if (request.isEmpty()) {
            return Map.of();
        }
        var result = gateway.admin().listOffsets(request, new ListOffsetsOptions().timeoutMs(gateway.timeoutMs()));
        Map<PartitionSpec, ListOffsetsResult.ListOffsetsResultInfo> out = new LinkedHashMap<>();
        for (TopicPartition tp : request.keySet()) {
            try {
                out.put(spec(tp), gateway.await("listOffsets", result.partitionResult(tp)));
            } catch (ClusterException e) {
                // one partition's failure (e.g. its leader just died) must not lose the others
            }
        }
        return out;
    }

    /** One partition's open transactions ({@link AdminTransactions#open}). */
    OpenTransactions openTransactions(PartitionSpec partition, long nowMs) {
        return new AdminTransactions(gateway).open(List.of(partition), nowMs).get(partition);
    }

    private static TopicPartition tp(PartitionSpec p) {
        return new TopicPartition(p.topic(), p.partition());
    }

    private static PartitionSpec spec(TopicPartition tp) {
        return new PartitionSpec(tp.topic(), tp.partition());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        }
    }
}
