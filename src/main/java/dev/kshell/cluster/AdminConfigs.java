package dev.kshell.cluster;

import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ConfigValue;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Broker-level config reads for the config audit (describeConfigs on broker resources). */
final class AdminConfigs {

    private final AdminClientGateway gateway;

    AdminConfigs(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * One describeConfigs request for the cluster-default resource and every broker named; a broker that does not
     * answer becomes an entry in {@link BrokerConfigs#errors()}, while a failure of the cluster-default read (any
     * broker can serve it, so the cluster itself is not answering) is thrown.
     */
    BrokerConfigs brokerConfigs(List<Integer> brokerIds, Collection<String> names) {
        if (gateway.target().viaControllers()) {
            throw new ClusterException(ClusterException.Kind.INVALID, "cannot read broker configs through "
                    + "--bootstrap-controller " + gateway.target().bootstrapControllers()
                    + ": connect with --bootstrap-server");
        }
        ConfigResource clusterDefault = new ConfigResource(ConfigResource.Type.BROKER, "");
        List<ConfigResource> resources = new ArrayList<>();
        resources.add(clusterDefault);
        brokerIds.forEach(id -> resources.add(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(id))));
        Map<ConfigResource, KafkaFuture<Config>> futures = gateway.admin()
                .describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(gateway.timeoutMs())).values();

        Map<String, ConfigValue> defaults = select(gateway.await("describeConfigs", futures.get(clusterDefault)), names);
        Map<Integer, Map<String, ConfigValue>> brokers = new LinkedHashMap<>();
        Map<Integer, String> errors = new LinkedHashMap<>();
        for (Integer id : brokerIds) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(id));
            try {
                brokers.put(id, select(gateway.await("describeConfigs broker " + id, futures.get(resource)), names));
            } catch (ClusterException e) {
                errors.put(id, e.getMessage());
            }
        }
        return new BrokerConfigs(defaults, brokers, errors);
    }

    private static Map<String, ConfigValue> select(Config config, Collection<String> names) {
        Map<String, ConfigValue> out = new LinkedHashMap<>();
        for (String name : names) {
            ConfigEntry entry = config.get(name);
            if (entry != null) {
                out.put(name, new ConfigValue(entry.value(), entry.source().name(), entry.isReadOnly()));
            }
        }
        return out;
    }
}
