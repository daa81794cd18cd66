package dev.kshell.cluster;

import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import org.apache.kafka.clients.admin.DescribeLogDirsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@link LogDirs} over the gateway's Admin client, each broker's answer awaited on its own within the deadline. */
final class AdminLogDirs implements LogDirs {

    private final AdminClientGateway gateway;

    AdminLogDirs(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public LogDirsRead describe(Collection<Integer> brokerIds) {
        long now = System.currentTimeMillis();
        if (brokerIds.isEmpty()) {
            return LogDirsRead.empty(now);
        }
        gateway.requireBrokers("describe log directories");
        Map<Integer, List<LogDirState>> dirs = new TreeMap<>();
        Map<Integer, String> errors = new TreeMap<>();
        // per broker (descriptions(), not allDescriptions()): one broker that does not answer costs only its own row
        Map<Integer, KafkaFuture<Map<String, LogDirDescription>>> futures = gateway.admin()
                .describeLogDirs(brokerIds, new DescribeLogDirsOptions().timeoutMs(gateway.timeoutMs())).descriptions();
        futures.forEach((broker, future) -> {
            try {
                List<LogDirState> out = new ArrayList<>();
                gateway.await("describeLogDirs", future).forEach((path, d) -> out.add(state(broker, path, d)));
                out.sort(Comparator.comparing(LogDirState::path));
                dirs.put(broker, out);
            } catch (ClusterException e) {
                if (e.kind() == ClusterException.Kind.DENIED) {
                    throw e;
                }
                errors.put(broker, "broker " + broker + " did not describe its log directories: " + e.getMessage());
            }
        });
        return new LogDirsRead(now, dirs, errors);
    }

    private static LogDirState state(int broker, String path, LogDirDescription d) {
        Map<PartitionSpec, LogDirState.Replica> replicas = new HashMap<>();
        for (Map.Entry<TopicPartition, ReplicaInfo> e : d.replicaInfos().entrySet()) {
            ReplicaInfo r = e.getValue();
            replicas.put(new PartitionSpec(e.getKey().topic(), e.getKey().partition()),
                    new LogDirState.Replica(r.size(), r.offsetLag(), r.isFuture()));
        }
        String error = null;
        if (d.error() != null) {
            String name = d.error().getClass().getSimpleName().replace("Exception", "");
            String message = d.error().getMessage();
            error = message == null || message.isBlank() ? name : name + ": " + message;
        }
        Long total = d.totalBytes().isPresent() ? d.totalBytes().getAsLong() : null;
        Long usable = d.usableBytes().isPresent() ? d.usableBytes().getAsLong() : null;
        return new LogDirState(broker, path, error, total, usable, d.isCordoned(), replicas);
    }
}
