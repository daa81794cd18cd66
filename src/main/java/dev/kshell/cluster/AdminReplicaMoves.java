package dev.kshell.cluster;

import dev.kshell.audit.Approval;

import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.PartitionSpec;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.AlterPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeLogDirsOptions;
import org.apache.kafka.clients.admin.ListPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.PartitionReassignment;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.UnregisterBrokerOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.BrokerIdNotRegisteredException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** {@link ReplicaMoves} over the gateway's Admin client; every request carries the gateway's deadline. */
final class AdminReplicaMoves implements ReplicaMoves {

    private final AdminClientGateway gateway;

    AdminReplicaMoves(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public Map<PartitionSpec, InFlight> inFlight() {
        gateway.requireBrokers("list reassignments");
        Map<TopicPartition, PartitionReassignment> all = gateway.await("listPartitionReassignments", gateway.admin()
                .listPartitionReassignments(new ListPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs()))
                .reassignments());
        Map<PartitionSpec, InFlight> out = new TreeMap<>(Comparator.comparing(PartitionSpec::topic)
                .thenComparingInt(PartitionSpec::partition));
        all.forEach((tp, r) -> out.put(spec(tp), new InFlight(r.replicas(), r.addingReplicas(), r.removingReplicas())));
        return out;
    }

    @Override
    public Map<PartitionSpec, Optional<String>> alter(Map<PartitionSpec, List<Integer>> targets) {
        Approval.require("alterPartitionReassignments");
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        targets.forEach((p, replicas) -> request.put(tp(p), Optional.of(new NewPartitionReassignment(replicas))));
        return send(request);
    }

    @Override
    public Map<PartitionSpec, Optional<String>> cancel(Collection<PartitionSpec> partitions) {
        Approval.require("cancel reassignments");
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        partitions.forEach(p -> request.put(tp(p), Optional.empty()));
        return send(request);
    }

    private Map<PartitionSpec, Optional<String>> send(Map<TopicPartition, Optional<NewPartitionReassignment>> request) {
        gateway.requireBrokers("reassign partitions");
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        if (request.isEmpty()) {
            return out;
        }
        Map<TopicPartition, KafkaFuture<Void>> futures = gateway.admin().alterPartitionReassignments(request,
                new AlterPartitionReassignmentsOptions().timeoutMs(gateway.timeoutMs())).values();
        request.keySet().forEach(tp -> out.put(spec(tp), answer("alterPartitionReassignments", futures.get(tp))));
        return out;
    }

    /** Empty when the future completed; a refusal's sentence otherwise; a deadline or lost connection is thrown. */
    private Optional<String> answer(String operation, KafkaFuture<?> future) {
        try {
            gateway.await(operation, future);
            return Optional.empty();
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE || e.kind() == ClusterException.Kind.DENIED) {
                throw e;
            }
            return Optional.of(e.getCause() != null && e.getCause().getMessage() != null
                    ? rootMessage(e.getCause()) : e.getMessage());
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String name = root.getClass().getSimpleName().replace("Exception", "");
        return root.getMessage() == null ? name : root.getMessage();
    }

    @Override
    public LogDirUsage logDirs(Collection<Integer> brokerIds) {
        Map<Integer, Map<PartitionSpec, Long>> sizes = new TreeMap<>();
        Map<Integer, Long> usable = new TreeMap<>();
        Map<Integer, String> errors = new TreeMap<>();
        java.util.Set<Integer> cordoned = new java.util.TreeSet<>();
        if (brokerIds.isEmpty()) {
            return new LogDirUsage(sizes, usable, errors, cordoned);
        }
        Map<Integer, KafkaFuture<Map<String, LogDirDescription>>> futures = gateway.admin()
                .describeLogDirs(brokerIds, new DescribeLogDirsOptions().timeoutMs(gateway.timeoutMs())).descriptions();
        futures.forEach((broker, future) -> {
            try {
                Map<PartitionSpec, Long> perPartition = new HashMap<>();
                long free = 0;
                boolean freeKnown = false;
                int online = 0;
                int cordonedDirs = 0;
                for (LogDirDescription dir : gateway.await("describeLogDirs", future).values()) {
                    if (dir.error() != null) {
                        continue;
                    }
                    online++;
                    if (dir.isCordoned()) { // false from a release before 4.3: nothing is cordoned there
                        cordonedDirs++;
                    }
                    if (dir.usableBytes().isPresent()) {
                        free += dir.usableBytes().getAsLong();
                        freeKnown = true;
                    }
                    for (Map.Entry<TopicPartition, ReplicaInfo> e : dir.replicaInfos().entrySet()) {
                        if (!e.getValue().isFuture()) {
                            perPartition.merge(spec(e.getKey()), e.getValue().size(), Long::sum);
                        }
                    }
                }
                sizes.put(broker, perPartition);
                if (freeKnown) {
                    usable.put(broker, free);
                }
                if (online > 0 && cordonedDirs == online) {
                    cordoned.add(broker);
                }
            } catch (ClusterException e) {
                errors.put(broker, "describeLogDirs on broker " + broker + ": " + e.getMessage());
            }
        });
        return new LogDirUsage(sizes, usable, errors, cordoned);
    }

    @Override
    public Map<Integer, String> racks() {
        Collection<Node> nodes = gateway.await("describeCluster",
                gateway.admin().describeCluster(gateway.clusterOptions()).nodes());
        Map<Integer, String> out = new TreeMap<>();
        nodes.stream().filter(Node::hasRack).forEach(n -> out.put(n.id(), n.rack()));
        return out;
    }

    @Override
    public Throttles throttles(Collection<Integer> brokerIds, Collection<String> topics) {
        List<ConfigResource> resources = new ArrayList<>();
        brokerIds.forEach(b -> resources.add(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(b))));
        topics.forEach(t -> resources.add(new ConfigResource(ConfigResource.Type.TOPIC, t)));
        Map<Integer, Map<String, String>> brokers = new TreeMap<>();
        Map<String, Map<String, String>> lists = new TreeMap<>();
        if (resources.isEmpty()) {
            return new Throttles(brokers, lists);
        }
        Map<ConfigResource, KafkaFuture<Config>> futures = gateway.admin()
                .describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(gateway.timeoutMs())).values();
        for (ConfigResource r : resources) {
            Config config;
            try {
                config = gateway.await("describeConfigs", futures.get(r));
            } catch (ClusterException e) {
                if (e.kind() == ClusterException.Kind.UNREACHABLE && r.type() == ConfigResource.Type.TOPIC) {
                    throw e;
                }
                continue; // a broker that does not answer holds no throttle we could change anyway
            }
            boolean broker = r.type() == ConfigResource.Type.BROKER;
            Map<String, String> set = new TreeMap<>();
            for (String name : broker ? List.of(LEADER_RATE, FOLLOWER_RATE) : List.of(LEADER_REPLICAS, FOLLOWER_REPLICAS)) {
                ConfigEntry entry = config.get(name);
                if (entry != null && entry.value() != null && !entry.value().isBlank()
                        && entry.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG
                        && !(broker && entry.source() == ConfigEntry.ConfigSource.STATIC_BROKER_CONFIG)) {
                    set.put(name, entry.value());
                }
            }
            if (broker) {
                brokers.put(Integer.parseInt(r.name()), set);
            } else {
                lists.put(r.name(), set);
            }
        }
        return new Throttles(brokers, lists);
    }

    @Override
    public Map<Integer, Optional<String>> setBrokerRate(Collection<Integer> brokerIds, long bytesPerSecond) {
        Approval.require("set broker throttle");
        String rate = Long.toString(bytesPerSecond);
        return onBrokers(brokerIds, set(LEADER_RATE, rate), set(FOLLOWER_RATE, rate));
    }

    @Override
    public Map<Integer, Optional<String>> cordon(Collection<Integer> brokerIds) {
        Approval.require("cordon log directories");
        return onBrokers(brokerIds, set(CORDONED_LOG_DIRS, "*"));
    }

    @Override
    public Map<Integer, Optional<String>> uncordon(Collection<Integer> brokerIds) {
        Approval.require("uncordon log directories");
        return onBrokers(brokerIds, delete(CORDONED_LOG_DIRS));
    }

    @Override
    public Map<Integer, Optional<String>> removeBrokerRate(Collection<Integer> brokerIds) {
        Approval.require("remove broker throttle");
        return onBrokers(brokerIds, delete(LEADER_RATE), delete(FOLLOWER_RATE));
    }

    /** The same config changes on each broker (incrementalAlterConfigs); per broker, why not, or empty. */
    private Map<Integer, Optional<String>> onBrokers(Collection<Integer> brokerIds, AlterConfigOp... changes) {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new LinkedHashMap<>();
        for (Integer b : brokerIds) {
            ops.put(broker(b), List.of(changes));
        }
        return byBroker(alterConfigs(ops));
    }

    private static AlterConfigOp set(String name, String value) {
        return new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET);
    }

    private static AlterConfigOp delete(String name) {
        return new AlterConfigOp(new ConfigEntry(name, ""), AlterConfigOp.OpType.DELETE);
    }

    @Override
    public Map<String, Optional<String>> setTopicThrottle(Map<String, Map<String, String>> lists) {
        Approval.require("set topic throttle");
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new LinkedHashMap<>();
        lists.forEach((topic, values) -> {
            List<AlterConfigOp> set = new ArrayList<>();
            values.forEach((name, value) -> set.add(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET)));
            ops.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), set);
        });
        return byTopic(alterConfigs(ops));
    }

    @Override
    public Map<String, Optional<String>> removeTopicThrottle(Collection<String> topics) {
        Approval.require("remove topic throttle");
        return byTopic(alterConfigs(deleting(
                topics.stream().map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList(),
                LEADER_REPLICAS, FOLLOWER_REPLICAS)));
    }

    /** The throttle's keys removed from each resource: back to the default, which is no throttle. */
    private static Map<ConfigResource, Collection<AlterConfigOp>> deleting(List<ConfigResource> resources,
                                                                          String... keys) {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new LinkedHashMap<>();
        for (ConfigResource r : resources) {
            ops.put(r, Arrays.stream(keys)
                    .map(k -> new AlterConfigOp(new ConfigEntry(k, ""), AlterConfigOp.OpType.DELETE)).toList());
        }
        return ops;
    }

    private Map<ConfigResource, Optional<String>> alterConfigs(Map<ConfigResource, Collection<AlterConfigOp>> ops) {
        Map<ConfigResource, Optional<String>> out = new LinkedHashMap<>();
        if (ops.isEmpty()) {
            return out;
        }
        Map<ConfigResource, KafkaFuture<Void>> futures = gateway.admin().incrementalAlterConfigs(ops,
                new AlterConfigsOptions().timeoutMs(gateway.timeoutMs())).values();
        for (ConfigResource r : ops.keySet()) {
            try {
                out.put(r, answer("incrementalAlterConfigs", futures.get(r)));
            } catch (ClusterException e) {
                out.put(r, Optional.of(e.getMessage()));
            }
        }
        return out;
    }

    private static Map<Integer, Optional<String>> byBroker(Map<ConfigResource, Optional<String>> answers) {
        Map<Integer, Optional<String>> out = new TreeMap<>();
        answers.forEach((r, a) -> out.put(Integer.parseInt(r.name()), a));
        return out;
    }

    private static Map<String, Optional<String>> byTopic(Map<ConfigResource, Optional<String>> answers) {
        Map<String, Optional<String>> out = new TreeMap<>();
        answers.forEach((r, a) -> out.put(r.name(), a));
        return out;
    }

    @Override
    public Unregistered unregisterBroker(int brokerId) {
        Approval.require("unregisterBroker");
        if (gateway.capabilities().mode() == ClusterCapabilities.Mode.ZOOKEEPER) {
            return new Unregistered(Unregistered.Outcome.UNSUPPORTED, "a ZooKeeper-mode cluster forgets a broker by itself once it stops: nothing to unregister");
        }
        KafkaFuture<Void> future = gateway.admin().unregisterBroker(brokerId,
                new UnregisterBrokerOptions().timeoutMs(gateway.timeoutMs())).all();
        try {
            future.get(gateway.target().timeout().toMillis() + 2000, TimeUnit.MILLISECONDS);
            return Unregistered.done();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BrokerIdNotRegisteredException) {
                return new Unregistered(Unregistered.Outcome.NOT_REGISTERED, "broker " + brokerId
                        + " is not registered: nothing to unregister");
            }
            if (e.getCause() instanceof UnsupportedVersionException) {
                return new Unregistered(Unregistered.Outcome.UNSUPPORTED, "this cluster does not offer unregisterBroker (KRaft 3.0 or later, asked through a "
                        + "broker): nothing was changed");
            }
            ClusterException c = KafkaErrors.translateCause(gateway.target(), "unregisterBroker", e.getCause());
            if (c.kind() == ClusterException.Kind.UNREACHABLE) {
                throw c;
            }
            return new Unregistered(Unregistered.Outcome.FAILED, c.getMessage());
        } catch (Exception e) {
            return KafkaErrors.translate(gateway.target(), "unregisterBroker", () -> {
                throw e;
            });
        }
    }

    private static ConfigResource broker(int id) {
        return new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(id));
    }

    private static TopicPartition tp(PartitionSpec p) {
        return new TopicPartition(p.topic(), p.partition());
    }

    private static PartitionSpec spec(TopicPartition tp) {
        return new PartitionSpec(tp.topic(), tp.partition());
    }
}
