package dev.kshell.testsupport;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.NodeInfo;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * ZooKeeper mode: a broker answers for the cluster from its metadata cache, which is empty until the controller's
 * first UpdateMetadata reaches it, and a broker logs "started" before that. A test's first kshell read right after a
 * start met such a broker ("configs: no broker 5 is registered (brokers: )"; ConfigsMatrixIntegrationTest, clean-clone
 * run of 5 December). Waits until every broker, asked first on its own endpoint, lists every broker.
 */
public final class ZooKeeperMetadata {

    private ZooKeeperMetadata() {
    }

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
