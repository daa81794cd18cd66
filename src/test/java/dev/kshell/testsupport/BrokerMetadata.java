package dev.kshell.testsupport;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.NodeInfo;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Each broker learns the cluster's metadata on its own (ZooKeeper mode: the controller's UpdateMetadata; KRaft: its
 * fetch of the metadata log), so a broker's answer can lag another's for a moment. ZooKeeper mode: a broker answers
 * for the cluster from its metadata cache, which is empty until the controller's first UpdateMetadata reaches it, and
 * a broker logs "started" before that. A test's first kshell read right after a start met such a broker ("configs: no
 * broker 5 is registered (brokers: )"; ConfigsMatrixIntegrationTest, clean-clone run of 5 December).
 */
public final class BrokerMetadata {

    private BrokerMetadata() {
    }

    /**
     * Waits until every broker knows {@code topic} with its {@code partitions}: a topic a test created a moment ago
     * was missing from one broker's answer while another listed it (RecoveryMatrixIntegrationTest in ZooKeeper mode,
     * twice in two clean-clone runs on 5 December: kshell's listTopics without it, or its describeTopics "unknown";
     * DiagnosisCommandsIntegrationTest on 4.4 KRaft: the group coordinator refused an offset commit for it,
     * UnknownTopicOrPartition). Each try is a new consumer bootstrapped to that broker
     * alone, so that its first metadata request goes to that broker.
     */
    public static void awaitTopicOnEveryBroker(LocalCluster cluster, String topic, int partitions) {
        for (NodeInfo b : cluster.nodes().stream().filter(n -> n.role() == NodeInfo.Role.BROKER).toList()) {
            Await.until("broker " + b.id() + " knowing " + topic + " (" + partitions + " partitions)",
                    Duration.ofSeconds(60), () -> {
                        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(
                                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, b.endpoint(),
                                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
                                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
                                ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false"))) {
                            List<?> known = c.partitionsFor(topic, Duration.ofSeconds(3));
                            return known == null ? 0 : known.size();
                        } catch (RuntimeException e) {
                            return -1;
                        }
                    }, n -> n == partitions);
        }
    }

    /** Waits until every broker, asked first on its own endpoint, lists every broker. */
    public static void awaitEveryBroker(LocalCluster cluster) {
        List<NodeInfo> brokers = cluster.nodes().stream().filter(n -> n.role() == NodeInfo.Role.BROKER).toList();
        for (NodeInfo b : brokers) {
            try (Admin a = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, b.endpoint(),
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3_000,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000))) {
                Await.until("broker " + b.id() + "'s metadata listing all " + brokers.size() + " brokers",
                        Duration.ofSeconds(60), () -> {
                            try {
                                return a.describeCluster(new DescribeClusterOptions().timeoutMs(3_000)).nodes()
                                        .get(5, TimeUnit.SECONDS).size();
                            } catch (Exception e) {
                                return -1;
                            }
                        }, n -> n >= brokers.size());
            }
        }
    }
}
