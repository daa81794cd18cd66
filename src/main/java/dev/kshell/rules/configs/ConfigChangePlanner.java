package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.EntityConfigs;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Plans a change of one entity's configs (docs/configs.md): for each key its value before and after (a deletion
 * falls back to the next level, read from Kafka's synonyms), what the new value means, whether Kafka can change it at
 * run time, whether it can lose acknowledged records, and the changes that undo it. Pure.
 *
 * <p>What can lose data (the typed phrase, docs/architecture.md "One gate for every mutation"): turning
 * {@code unclean.leader.election.enable} on at any level, and bringing {@code min.insync.replicas} down to 1 where
 * the replication factor is above 1: on the topic itself, or at a broker-level source a topic with RF &gt; 1 inherits.
 */
public final class ConfigChangePlanner {

    private ConfigChangePlanner() {
    }

    /**
     * @param current   what Kafka reports for the entity now
     * @param reference for the cluster-wide default, a live broker's configs (which keys exist, which are read-only,
     *                  what applies while no default is set); null otherwise
     */
    public static ConfigChangePlan plan(ConfigEntity entity, List<ConfigOp> ops, EntityConfigs current,
                                        EntityConfigs reference, ConfigContext ctx) {
        List<ConfigChangePlan.Row> rows = new ArrayList<>();
        List<String> readOnly = new ArrayList<>();
        List<String> losses = new ArrayList<>();
        List<ConfigOp> undo = new ArrayList<>();
        String undoProblem = null;
        for (ConfigOp op : ops) {
            EntityConfigs.Entry own = current.get(op.key()).orElse(null);
            EntityConfigs.Entry known = own != null ? own
                    : reference == null ? null : reference.get(op.key()).orElse(null);
            if (known != null && known.readOnly()) {
                readOnly.add(op.key() + " is read-only: Kafka reads it from server.properties at start-up only; set it "
                        + "there on each broker and restart them one at a time");
            }
            boolean secret = ConfigKeys.secret(op.key(), known);
            boolean setHere = own != null && own.setOn(entity);
            String before = known == null ? null : known.value();
            String beforeSource = known == null ? null : known.source();
            String after = op.deletes() ? (setHere ? own.below() : before) : op.value();
            String afterSource = op.deletes() ? (setHere ? own.belowSource() : beforeSource) : entity.ownSource();
            boolean changes = op.deletes() ? setHere : !(setHere && !secret && op.value().equals(before));
            String loss = changes ? loss(entity, op.key(), before, after, ctx) : null;
            if (loss != null) {
                losses.add(op.key() + "=" + after + ": " + loss);
            }
            rows.add(new ConfigChangePlan.Row(op.key(), secret ? mask(before, known) : before, beforeSource,
                    secret ? ConfigKeys.MASK : after, afterSource, op.deletes(), changes,
                    changes && !secret ? ConfigMeaning.of(entity, op.key(), after, ctx) : null));
            if (changes) {
                if (!setHere) {
                    undo.add(ConfigOp.delete(op.key()));
                } else if (secret) {
                    undoProblem = "the old value of " + op.key() + " is a secret Kafka never returns: kshell cannot "
                            + "put it back";
                } else {
                    undo.add(ConfigOp.set(op.key(), before));
                }
            }
        }
        return new ConfigChangePlan(entity, rows, readOnly, losses, notes(entity, rows, ctx), undo, undoProblem);
    }

    private static String mask(String before, EntityConfigs.Entry known) {
        return before == null && (known == null || !known.sensitive()) ? null : ConfigKeys.MASK;
    }

    /** Why the change can lose acknowledged records, or null. */
    static String loss(ConfigEntity entity, String key, String before, String after, ConfigContext ctx) {
        if (key.equals(ConfigKeys.UNCLEAN)) {
            return isTrue(after) && !isTrue(before) ? "turns unclean leader election on for " + scope(entity, key, ctx)
                    + ": the controller may elect an out-of-sync replica and acknowledged records not on it are lost"
                    : null;
        }
        if (!key.equals(ConfigKeys.MIN_ISR) || !"1".equals(after == null ? null : after.strip())
                || "1".equals(before == null ? null : before.strip())) {
            return null;
        }
        if (entity.kind() == ConfigEntity.Kind.TOPIC) {
            int rf = ctx.topic(entity.name()).map(TopicState::replicationFactor).orElse(0);
            return rf > 1 ? "topic " + entity.name() + " has replication factor " + rf + ": acks=all writes are then "
                    + "acknowledged by one replica, and losing it loses them" : null;
        }
        List<String> rf = ctx.inheriting(key).stream().filter(t -> t.replicationFactor() > 1).map(TopicState::name)
                .toList();
        return rf.isEmpty() ? null : rf.size() + " topic" + (rf.size() == 1 ? "" : "s") + " with replication factor "
                + "above 1 inherit it (" + String.join(", ", rf.subList(0, Math.min(5, rf.size())))
                + (rf.size() > 5 ? ", +" + (rf.size() - 5) + " more" : "") + "): acks=all writes to them are then "
                + "acknowledged by one replica";
    }

    private static String scope(ConfigEntity entity, String key, ConfigContext ctx) {
        if (entity.kind() == ConfigEntity.Kind.TOPIC) {
            return "topic " + entity.name();
        }
        int n = ctx.inheriting(key).size();
        return entity.label() + " (" + n + " topic" + (n == 1 ? "" : "s") + " inherit it"
                + (entity.kind() == ConfigEntity.Kind.BROKER ? " where broker " + entity.name() + " runs a controller"
                : "") + ")";
    }

    /**
     * What eligible leader replicas (KIP-966) make of the change, as Kafka 4.4 was seen to behave
     * (docs/kafka-behaviour.md, "Configs and eligible leader replicas").
     */
    static List<String> notes(ConfigEntity entity, List<ConfigChangePlan.Row> rows, ConfigContext ctx) {
        List<String> out = new ArrayList<>();
        if (!ctx.elr()) {
            return out;
        }
        Optional<ConfigChangePlan.Row> minIsr = rows.stream().filter(r -> r.changes()
                && r.key().equals(ConfigKeys.MIN_ISR)).findFirst();
        if (minIsr.isPresent()) {
            List<TopicState> hit = entity.kind() == ConfigEntity.Kind.TOPIC
                    ? ctx.topic(entity.name()).map(List::of).orElse(List.of()) : ctx.topics();
            int now = ConfigContext.withElr(hit);
            out.add("eligible leader replicas (KIP-966): Kafka clears the ELR of every partition of "
                    + (entity.kind() == ConfigEntity.Kind.TOPIC ? "topic " + entity.name()
                    : "every topic (those with their own min.insync.replicas too)") + " when this changes, even to the "
                    + "same value; " + (now == 0 ? "none holds an ELR replica now"
                    : now + " partition" + (now == 1 ? " holds" : "s hold") + " ELR replicas now and lose them: if "
                    + "their ISR empties before a replica rejoins, no clean candidate is left"));
        }
        boolean uncleanOn = rows.stream().anyMatch(r -> r.changes() && r.key().equals(ConfigKeys.UNCLEAN)
                && isTrue(r.after()));
        if (uncleanOn) {
            out.add("eligible leader replicas (KIP-966): the controller still elects from the ISR, then from the ELR "
                    + "(both clean); it takes an out-of-sync replica only when neither has a live member. Turning "
                    + "this on leaves the ELR as it is");
        }
        return out;
    }

    static boolean isTrue(String value) {
        return value != null && value.strip().toLowerCase(Locale.ROOT).equals("true");
    }
}
