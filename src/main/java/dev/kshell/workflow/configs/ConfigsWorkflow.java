package dev.kshell.workflow.configs;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.rules.configs.ConfigChangePlan;
import dev.kshell.rules.configs.ConfigChangePlanner;
import dev.kshell.rules.configs.ConfigContext;
import dev.kshell.workflow.check.InputException;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Configs of one entity (docs/configs.md): read them with their sources; plan a change (the entity checked against
 * the cluster, Kafka's values and synonyms, the planner's meaning and risk, then Kafka's own validation); make it
 * and read it back. The gate around the change is the command's ({@code cli.commands.ConfigsChangeCommand}); this
 * class only calls {@link dev.kshell.cluster.ConfigAdmin#alter} inside the act it is given.
 */
public final class ConfigsWorkflow {

    private final ShellSession session;

    public ConfigsWorkflow(ShellSession session) {
        this.session = session;
    }

    /** What {@code configs topic|broker|brokers} shows. */
    public record Shown(String clusterId, EntityConfigs configs, String note) {
    }

    /**
     * A planned change.
     *
     * @param clusterId the cluster the plan was read from
     * @param plan      what the operator sees and the audit log keeps (secrets masked)
     * @param ops       what is sent to Kafka (the keys that change, values as given); never rendered or audited
     * @param refused   Kafka's own refusal in validation (exit 2), or null
     */
    public record Planned(String clusterId, ConfigChangePlan plan, List<ConfigOp> ops, String refused) {
    }

    /** What a change did: the entity's configs read back, and a note when they did not show it yet. */
    public record Done(EntityConfigs after, String note) {
    }

    public Shown show(ConfigEntity entity) {
        ClusterGateway gateway = session.requireGateway();
        ClusterSnapshot brokers = gateway.read(new SnapshotRequest(true, false, List.of(), false, false));
        check(entity, brokers, entity.kind() == ConfigEntity.Kind.TOPIC ? gateway.topicNames() : List.of());
        EntityConfigs configs = describe(gateway, entity);
        String note = entity.kind() == ConfigEntity.Kind.BROKERS
                ? "the cluster-wide default holds only what was set with `configs set brokers ...` (Kafka's "
                + "--entity-default); each broker's values and their sources: configs broker N" : null;
        return new Shown(brokers.clusterId(), configs, note);
    }

    /**
     * Plans {@code ops} on {@code entity}: checks that the entity exists, reads its configs (for the cluster-wide
     * default also a live broker's, which says which keys exist and which are read-only), plans, and, unless a key
     * is read-only, asks Kafka to validate the keys that change.
     *
     * @throws InputException the entity does not exist (exit 2)
     */
    public Planned plan(ConfigEntity entity, List<ConfigOp> ops) {
        ClusterGateway gateway = session.requireGateway();
        List<String> topics = entity.kind() == ConfigEntity.Kind.TOPIC ? List.of(entity.name()) : null;
        ClusterSnapshot snapshot;
        try {
            snapshot = gateway.read(new SnapshotRequest(true, false, topics, true, true));
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.NOT_FOUND) {
                throw new InputException("configs: no topic '" + entity.name() + "' on this cluster");
            }
            throw e;
        }
        check(entity, snapshot, snapshot.topics().stream().map(t -> t.name()).toList());
        EntityConfigs current = describe(gateway, entity);
        EntityConfigs reference = entity.kind() == ConfigEntity.Kind.BROKERS ? firstLive(snapshot)
                .map(id -> describe(gateway, ConfigEntity.broker(id))).orElse(null) : null;
        boolean elr = gateway.capabilities().has(ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS)
                && !gateway.capabilities().zooKeeperMode();
        ConfigChangePlan plan = ConfigChangePlanner.plan(entity, ops, current, reference,
                new ConfigContext(snapshot.topics(), elr));
        List<ConfigOp> changing = ops.stream().filter(op -> plan.changedKeys().contains(op.key())).toList();
        String refused = null;
        if (plan.readOnly().isEmpty() && !changing.isEmpty()) {
            refused = gateway.configs().validate(entity, changing).orElse(null);
        }
        return new Planned(snapshot.clusterId(), plan, changing, refused);
    }

    /**
     * Makes the change (inside the gate's act) and reads the entity back until Kafka reports it: the broker that
     * answers describeConfigs may apply the new metadata a moment after the controller accepted it (seen on 4.4:
     * the first read-back still gave the old value), so the read is repeated for up to {@link #VISIBLE_WITHIN}.
     */
    public Done execute(Planned planned) {
        ClusterGateway gateway = session.requireGateway();
        ConfigEntity entity = planned.plan().entity();
        gateway.configs().alter(entity, planned.ops());
        long until = System.nanoTime() + Math.min(VISIBLE_WITHIN.toNanos(), gateway.target().timeout().toNanos());
        EntityConfigs after = describe(gateway, entity);
        while (!visible(planned, after) && System.nanoTime() < until) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            after = describe(gateway, entity);
        }
        return new Done(after, visible(planned, after) ? null : "Kafka accepted the change, but "
                + entity.label() + " did not show it yet when read back");
    }

    /** How long the read-back waits for the change to show. */
    static final java.time.Duration VISIBLE_WITHIN = java.time.Duration.ofSeconds(10);

    private static boolean visible(Planned planned, EntityConfigs after) {
        for (ConfigOp op : planned.ops()) {
            Optional<EntityConfigs.Entry> e = after.get(op.key());
            boolean own = e.isPresent() && e.get().setOn(planned.plan().entity());
            if (op.deletes() ? own || !nextLevelShown(planned, op.key(), e)
                    : !own || (!e.get().sensitive() && !op.value().equals(e.get().value()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A deleted key shows the next level's value the plan expected: the source changes with the metadata, the value
     * only once the broker applied it (4.4: {@code cordoned.log.dirs} read back "*" from Kafka's default for a
     * moment after its deletion).
     */
    private static boolean nextLevelShown(Planned planned, String key, Optional<EntityConfigs.Entry> e) {
        String expected = planned.plan().rows().stream().filter(r -> r.key().equals(key) && r.deletes())
                .map(ConfigChangePlan.Row::after).filter(Objects::nonNull).findFirst().orElse(null);
        return expected == null || e.isEmpty() || e.get().sensitive()
                || expected.equals(e.get().value() == null ? "" : e.get().value());
    }

    /** The cluster's id (one call). */
    public String clusterId() {
        return session.requireGateway().clusterId();
    }

    private static EntityConfigs describe(ClusterGateway gateway, ConfigEntity entity) {
        try {
            return gateway.configs().describe(entity);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.NOT_FOUND) {
                throw new InputException("configs: no " + entity.words().replaceFirst(" ", " '") + "' on this "
                        + "cluster");
            }
            throw e;
        }
    }

    private static Optional<Integer> firstLive(ClusterSnapshot s) {
        return s.brokers().stream().filter(BrokerState::live).map(BrokerState::id).findFirst();
    }

    /** A topic that does not exist, or a broker that is not registered or not live: one line, exit 2. */
    private static void check(ConfigEntity entity, ClusterSnapshot s, List<String> topics) {
        switch (entity.kind()) {
            case TOPIC -> {
                if (!topics.contains(entity.name())) {
                    throw new InputException("configs: no topic '" + entity.name() + "' on this cluster");
                }
            }
            case BROKER -> {
                if (s.brokers().isEmpty()) {
                    // not "no such broker": a ZooKeeper-mode broker answers from its metadata cache, empty until the
                    // controller's first update reaches it (seen a moment after a start)
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE, "the broker that answered lists "
                            + "no broker at all (one that has just started, before the cluster's metadata reached "
                            + "it): run it again");
                }
                int id = Integer.parseInt(entity.name());
                Optional<BrokerState> b = s.brokers().stream().filter(x -> x.id() == id).findFirst();
                String known = s.brokers().stream().map(x -> String.valueOf(x.id())).collect(Collectors.joining(","));
                if (b.isEmpty()) {
                    throw new InputException("configs: no broker " + id + " is registered (brokers: " + known + ")");
                }
                if (!b.get().live()) {
                    throw new InputException("configs: broker " + id + " is fenced: it cannot answer for its configs; "
                            + "the cluster-wide default: configs brokers");
                }
            }
            case BROKERS -> {
                if (s.brokers().stream().noneMatch(BrokerState::live)) {
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE, "no live broker to ask for configs");
                }
            }
        }
    }
}
