package dev.kshell.testsupport;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/** Replication throttles set and cleared as Kafka's own tool does it, for tests that stage or clean up a slow move. */
public final class Throttles {

    private static final List<String> RATES = List.of("leader.replication.throttled.rate",
            "follower.replication.throttled.rate");
    private static final List<String> LISTS = List.of("leader.replication.throttled.replicas",
            "follower.replication.throttled.replicas");

    private Throttles() {
    }

    /** The rate (bytes/s) on each broker, and each topic's throttled-replica lists. */
    public static void set(Admin admin, List<Integer> brokers, long rate, Map<String, Map<String, String>> lists)
            throws Exception {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new HashMap<>();
        for (int b : brokers) {
            List<AlterConfigOp> set = new ArrayList<>();
            RATES.forEach(n -> set.add(new AlterConfigOp(new ConfigEntry(n, Long.toString(rate)),
                    AlterConfigOp.OpType.SET)));
            ops.put(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b)), set);
        }
        lists.forEach((topic, values) -> {
            List<AlterConfigOp> set = new ArrayList<>();
            values.forEach((n, v) -> set.add(new AlterConfigOp(new ConfigEntry(n, v), AlterConfigOp.OpType.SET)));
            ops.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), set);
        });
        admin.incrementalAlterConfigs(ops).all().get(30, TimeUnit.SECONDS);
    }

    /** Removes the rates from the brokers (those that answer) and the lists from the topics. */
    public static void clear(Admin admin, List<Integer> brokers, List<String> topics) throws Exception {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new HashMap<>();
        for (int b : brokers) {
            ops.put(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b)), RATES.stream()
                    .map(n -> new AlterConfigOp(new ConfigEntry(n, null), AlterConfigOp.OpType.DELETE)).toList());
        }
        for (String t : topics) {
            ops.put(new ConfigResource(ConfigResource.Type.TOPIC, t), LISTS.stream()
                    .map(n -> new AlterConfigOp(new ConfigEntry(n, null), AlterConfigOp.OpType.DELETE)).toList());
        }
        admin.incrementalAlterConfigs(ops).all().get(30, TimeUnit.SECONDS);
    }
}
