package dev.kshell.cluster;

import dev.kshell.model.PartitionSpec;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * listOffsets for many partitions: sent in batches, all in flight at once, one future per partition. Kafka's client
 * keys one call's futures in a map whose cost grows with the square of the partitions when topic names are
 * numbered (docs/kafka-behaviour.md, "listOffsets at 100,000 partitions"); batches of {@link #BATCH} stay linear.
 */
final class ListOffsetsBatches {

    /** Partitions per listOffsets call. */
    static final int BATCH = 1_000;

    private ListOffsetsBatches() {
    }

    /** Each partition's future of one spec, with the gateway's deadline. */
    static Map<PartitionSpec, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> send(AdminClientGateway gateway,
            Collection<PartitionSpec> partitions, OffsetSpec spec, IsolationLevel level) {
        Map<PartitionSpec, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> out = new HashMap<>();
        List<PartitionSpec> all = List.copyOf(partitions);
        ListOffsetsOptions options = new ListOffsetsOptions(level).timeoutMs(gateway.timeoutMs());
        for (int i = 0; i < all.size(); i += BATCH) {
            List<PartitionSpec> batch = all.subList(i, Math.min(all.size(), i + BATCH));
            Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
            batch.forEach(p -> request.put(tp(p), spec));
            ListOffsetsResult result = gateway.admin().listOffsets(request, options);
            batch.forEach(p -> out.put(p, result.partitionResult(tp(p))));
        }
        return out;
    }

    static TopicPartition tp(PartitionSpec p) {
        return new TopicPartition(p.topic(), p.partition());
    }
}
