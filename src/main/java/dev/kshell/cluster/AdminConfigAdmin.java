package dev.kshell.cluster;

import dev.kshell.audit.Approval;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** {@link ConfigAdmin} over the Admin client; every call carries the gateway's deadline. */
final class AdminConfigAdmin implements ConfigAdmin {

    private final AdminClientGateway gateway;

    AdminConfigAdmin(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public EntityConfigs describe(ConfigEntity entity) {
        gateway.requireBrokers("read configs");
        ConfigResource resource = resource(entity);
        Config config = gateway.await("describeConfigs " + entity.words(), gateway.admin().describeConfigs(
                List.of(resource), new DescribeConfigsOptions().includeSynonyms(true).timeoutMs(gateway.timeoutMs())).values()
                .get(resource));
        List<EntityConfigs.Entry> entries = new ArrayList<>();
        for (ConfigEntry e : config.entries()) {
            // the synonyms run from the level that wins down to Kafka's default: the first of another source is what
            // applies once this entity's own value is deleted
            // only a synonym of the same key (or its log.* broker form) is in the same unit: log.retention.hours is
            // not retention.ms
            ConfigEntry.ConfigSynonym below = e.synonyms().stream()
                    .filter(s -> !s.source().name().equals(entity.ownSource()))
                    .filter(s -> s.name().equals(e.name()) || s.name().equals("log." + e.name()))
                    .findFirst().orElse(null);
            entries.add(new EntityConfigs.Entry(e.name(), e.isSensitive() ? null : e.value(), e.source().name(),
                    e.isReadOnly(), e.isSensitive(), below == null || e.isSensitive() ? null : below.value(),
                    below == null ? null : below.source().name()));
        }
        return new EntityConfigs(entity, entries);
    }

    @Override
    public Optional<String> validate(ConfigEntity entity, List<ConfigOp> ops) {
        gateway.requireBrokers("change configs");
        return send(entity, ops, true);
    }

    @Override
    public void alter(ConfigEntity entity, List<ConfigOp> ops) {
        Approval.require("incrementalAlterConfigs");
        gateway.requireBrokers("change configs");
        send(entity, ops, false).ifPresent(reason -> {
            throw new ClusterException(ClusterException.Kind.FAILED, "Kafka refused the change of "
                    + entity.label() + ": " + reason);
        });
    }

    /**
     * One incrementalAlterConfigs request; Kafka's refusal of the change itself (invalid value, unknown key, a key
     * it cannot change at run time, a policy) is the returned sentence, anything else (deadline, connection,
     * rights) a {@link ClusterException}.
     */
    private Optional<String> send(ConfigEntity entity, List<ConfigOp> ops, boolean validateOnly) {
        ConfigResource resource = resource(entity);
        List<AlterConfigOp> alter = ops.stream().map(AdminConfigAdmin::op).toList();
        var future = gateway.admin().incrementalAlterConfigs(Map.of(resource, alter),
                new AlterConfigsOptions().validateOnly(validateOnly).timeoutMs(gateway.timeoutMs())).values()
                .get(resource);
        try {
            future.get(gateway.timeoutMs() + 2000L, TimeUnit.MILLISECONDS);
            return Optional.empty();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (refusal(cause)) {
                return Optional.of(cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
            }
            if (cause instanceof UnsupportedVersionException) {
                throw new ClusterException(ClusterException.Kind.INVALID, gateway.capabilities().describe()
                        + " does not take incremental config changes (IncrementalAlterConfigs, Kafka 2.3+): "
                        + cause.getMessage(), cause);
            }
            throw KafkaErrors.translateCause(gateway.target(), operation(validateOnly), cause == null ? e : cause);
        } catch (Exception e) {
            return KafkaErrors.translate(gateway.target(), operation(validateOnly), () -> {
                throw e;
            });
        }
    }

    private static String operation(boolean validateOnly) {
        return validateOnly ? "incrementalAlterConfigs (validate only)" : "incrementalAlterConfigs";
    }

    /** Kafka's answer about the change itself, as opposed to a failure to ask. */
    private static boolean refusal(Throwable cause) {
        return cause instanceof InvalidConfigurationException || cause instanceof InvalidRequestException
                || cause instanceof PolicyViolationException || cause instanceof UnknownTopicOrPartitionException
                || cause instanceof org.apache.kafka.common.config.ConfigException
                || cause instanceof ApiException && cause.getClass() == ApiException.class;
    }

    private static AlterConfigOp op(ConfigOp op) {
        return op.deletes() ? new AlterConfigOp(new ConfigEntry(op.key(), ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(op.key(), op.value()), AlterConfigOp.OpType.SET);
    }

    static ConfigResource resource(ConfigEntity entity) {
        return switch (entity.kind()) {
            case TOPIC -> new ConfigResource(ConfigResource.Type.TOPIC, entity.name());
            case BROKER -> new ConfigResource(ConfigResource.Type.BROKER, entity.name());
            case BROKERS -> new ConfigResource(ConfigResource.Type.BROKER, "");
        };
    }
}
