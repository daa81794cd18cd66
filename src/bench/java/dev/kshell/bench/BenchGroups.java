package dev.kshell.bench;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The groups of scripts/bench-groups: on a BenchCluster, {@code records} records into every led partition, then
 * {@code groups} classic groups ({@code bench-group-NNN}) each committing offsets on every partition of one topic
 * (group i on topic i mod the number of topics), at half the log end: every group has lag on every partition.
 * Prints {@code GROUPS <groups> <committed partitions> <total lag>}.
 *
 * <pre>java ... dev.kshell.bench.BenchGroups BOOTSTRAP 200 4</pre>
 */
public final class BenchGroups {

    private BenchGroups() {
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        int groups = Integer.parseInt(args[1]);
        int records = Integer.parseInt(args[2]);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 300_000))) {
            List<String> topics = new ArrayList<>(new TreeSet<>(admin.listTopics().names().get(60, TimeUnit.SECONDS)));
            Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames()
                    .get(300, TimeUnit.SECONDS);
            produce(bootstrap, described, records);
            long committedPartitions = 0;
            long lag = 0;
            for (int g = 0; g < groups; g++) {
                TopicDescription t = described.get(topics.get(g % topics.size()));
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                t.partitions().forEach(p -> offsets.put(new TopicPartition(t.name(), p.partition()),
                        new OffsetAndMetadata(records / 2)));
                admin.alterConsumerGroupOffsets(String.format("bench-group-%03d", g), offsets).all()
                        .get(120, TimeUnit.SECONDS);
                committedPartitions += offsets.size();
                lag += (long) offsets.size() * (records - records / 2);
            }
            System.out.println("GROUPS " + groups + " " + committedPartitions + " " + lag);
        }
    }

    private static void produce(String bootstrap, Map<String, TopicDescription> topics, int records) {
        Map<String, Object> p = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG,
                "all", ProducerConfig.LINGER_MS_CONFIG, 50, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 600_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 120_000);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            byte[] value = new byte[16];
            for (TopicDescription t : topics.values()) {
                t.partitions().forEach(part -> {
                    for (int i = 0; i < records; i++) {
                        producer.send(new ProducerRecord<>(t.name(), part.partition(), null, value));
                    }
                });
            }
            producer.flush();
        }
    }
}
