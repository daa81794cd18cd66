package dev.kshell.testsupport;

import dev.kshell.audit.Approval;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ConfigAdmin;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Configs held in memory for command tests. Each entity has its entries; a value set by {@link #alter} carries the
 * entity's own source, a deleted one falls back to what {@link #fallback} says (else it disappears, as a cluster
 * default does). {@link #validate} refuses what {@link #refusals} names, read-only keys (as Kafka does) and keys the
 * entity does not know; {@link #alter} requires the gate's approval, as the real gateway does.
 */
public final class FakeConfigAdmin implements ConfigAdmin {

    private final Map<ConfigEntity, Map<String, EntityConfigs.Entry>> entities = new LinkedHashMap<>();
    private final Map<ConfigEntity, Map<String, EntityConfigs.Entry>> fallbacks = new LinkedHashMap<>();
    /** key -> Kafka's sentence refusing any value for it (a test's stand-in for Kafka's validation). */
    public final Map<String, String> refusals = new LinkedHashMap<>();
    /** Every change made, in order. */
    public final List<Map.Entry<ConfigEntity, List<ConfigOp>>> altered = new ArrayList<>();
    /**
     * How many reads after a deletion still show the deleted key's old value under the next level's source, as a
     * Kafka 4.4 broker did for {@code cordoned.log.dirs} until it applied the change.
     */
    public int deletionAppliedAfterReads;
    private final Map<String, EntityConfigs.Entry> notYetApplied = new LinkedHashMap<>();
    /** Every validation asked, in order. */
    public final List<Map.Entry<ConfigEntity, List<ConfigOp>>> validated = new ArrayList<>();

    /** Adds (or replaces) an entry; what a delete falls back to is the first entry given that is not the entity's own. */
    public FakeConfigAdmin entry(ConfigEntity entity, String name, String value, String source, boolean readOnly) {
        EntityConfigs.Entry e = new EntityConfigs.Entry(name, value, source, readOnly, false);
        entities.computeIfAbsent(entity, k -> new LinkedHashMap<>()).put(name, e);
        if (!source.equals(entity.ownSource())) {
            fallbacks.computeIfAbsent(entity, k -> new LinkedHashMap<>()).putIfAbsent(name, e);
        }
        return this;
    }

    /** What a deleted key falls back to on {@code entity}. */
    public FakeConfigAdmin fallback(ConfigEntity entity, String name, String value, String source) {
        fallbacks.computeIfAbsent(entity, k -> new LinkedHashMap<>())
                .put(name, new EntityConfigs.Entry(name, value, source, false, false));
        return this;
    }

    /** A secret entry (Kafka hides its value). */
    public FakeConfigAdmin secret(ConfigEntity entity, String name, String source) {
        entities.computeIfAbsent(entity, k -> new LinkedHashMap<>())
                .put(name, new EntityConfigs.Entry(name, null, source, false, true));
        return this;
    }

    @Override
    public EntityConfigs describe(ConfigEntity entity) {
        Map<String, EntityConfigs.Entry> known = entities.get(entity);
        if (known == null) {
            if (entity.kind() == ConfigEntity.Kind.BROKERS) {
                return new EntityConfigs(entity, List.of());
            }
            throw new ClusterException(ClusterException.Kind.NOT_FOUND, "This server does not host this topic-partition.");
        }
        List<EntityConfigs.Entry> out = new ArrayList<>();
        boolean stale = deletionAppliedAfterReads > 0 && !notYetApplied.isEmpty();
        if (stale) {
            deletionAppliedAfterReads--;
        }
        for (EntityConfigs.Entry known0 : known.values()) {
            EntityConfigs.Entry e = stale && notYetApplied.containsKey(known0.name()) ? notYetApplied.get(known0.name())
                    : known0;
            EntityConfigs.Entry back = fallbacks.getOrDefault(entity, Map.of()).get(e.name());
            out.add(back == null ? e : new EntityConfigs.Entry(e.name(), e.value(), e.source(), e.readOnly(),
                    e.sensitive(), back.value(), back.source()));
        }
        return new EntityConfigs(entity, out);
    }

    @Override
    public Optional<String> validate(ConfigEntity entity, List<ConfigOp> ops) {
        validated.add(Map.entry(entity, List.copyOf(ops)));
        for (ConfigOp op : ops) {
            if (refusals.containsKey(op.key())) {
                return Optional.of(refusals.get(op.key()));
            }
            EntityConfigs.Entry e = entities.getOrDefault(entity, Map.of()).get(op.key());
            if (e != null && e.readOnly()) {
                return Optional.of("Cannot update these configs dynamically: [" + op.key() + "]");
            }
            if (e == null && entity.kind() == ConfigEntity.Kind.TOPIC) {
                return Optional.of("Unknown topic config name: " + op.key());
            }
        }
        return Optional.empty();
    }

    @Override
    public void alter(ConfigEntity entity, List<ConfigOp> ops) {
        Approval.require("fake incrementalAlterConfigs"); // as the real gateway: only behind the gate
        Optional<String> refused = validate(entity, ops);
        validated.remove(validated.size() - 1);
        if (refused.isPresent()) {
            throw new ClusterException(ClusterException.Kind.FAILED, refused.get());
        }
        altered.add(Map.entry(entity, List.copyOf(ops)));
        Map<String, EntityConfigs.Entry> known = entities.computeIfAbsent(entity, k -> new LinkedHashMap<>());
        for (ConfigOp op : ops) {
            if (op.deletes()) {
                EntityConfigs.Entry back = fallbacks.getOrDefault(entity, Map.of()).get(op.key());
                EntityConfigs.Entry before = known.get(op.key());
                if (back == null) {
                    known.remove(op.key());
                } else {
                    known.put(op.key(), back);
                    if (before != null) {
                        notYetApplied.put(op.key(), new EntityConfigs.Entry(op.key(), before.value(), back.source(),
                                false, false));
                    }
                }
            } else {
                EntityConfigs.Entry old = known.get(op.key());
                known.put(op.key(), new EntityConfigs.Entry(op.key(), old != null && old.sensitive() ? null : op.value(),
                        entity.ownSource(), false, old != null && old.sensitive()));
            }
        }
    }
}
