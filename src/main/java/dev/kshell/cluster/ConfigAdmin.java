package dev.kshell.cluster;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;

import java.util.List;
import java.util.Optional;

/**
 * Configs of topics, brokers and the cluster-wide broker default (describeConfigs, incrementalAlterConfigs),
 * reached through {@link ClusterGateway#configs()}; every call carries the gateway's deadline. Kafka 2.8 to 4.x
 * answer all three in both modes (ZooKeeper mode keeps dynamic broker configs in ZooKeeper, KRaft in the metadata
 * log). Only workflow code behind the gate calls {@link #alter}.
 */
public interface ConfigAdmin {

    /**
     * Every config Kafka reports for the entity, with value, source, read-only and sensitive marks.
     *
     * @throws ClusterException NOT_FOUND for a topic or broker the cluster does not know; UNREACHABLE and the like
     */
    EntityConfigs describe(ConfigEntity entity);

    /**
     * Asks Kafka to check the change without making it (incrementalAlterConfigs with validateOnly).
     *
     * @return empty when Kafka would accept it, else Kafka's reason in one sentence
     * @throws ClusterException when the cluster cannot be asked (unreachable, not authorised, no such API)
     */
    Optional<String> validate(ConfigEntity entity, List<ConfigOp> ops);

    /**
     * Makes the change (incrementalAlterConfigs), all keys of one entity in one request: Kafka applies them together
     * or not at all. Requires the gate's approval ({@link dev.kshell.audit.Approval}).
     *
     * @throws ClusterException FAILED with Kafka's reason when it refuses
     */
    void alter(ConfigEntity entity, List<ConfigOp> ops);
}
