package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.TopicState;
import dev.kshell.util.ByteSizes;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a config's new value means for producers, consumers and the next failure, in one sentence, for the keys
 * incident work changes; null for others (the plan then shows before and after alone). Pure.
 */
public final class ConfigMeaning {

    private ConfigMeaning() {
    }

    /**
     * @param after the value in force after the change (for a deletion, the next level's), or null when unknown
     */
    public static String of(ConfigEntity entity, String key, String after, ConfigContext ctx) {
        if (after == null) {
            return null;
        }
        return switch (key) {
            case ConfigKeys.MIN_ISR -> minIsr(entity, after, ctx);
            case ConfigKeys.UNCLEAN -> unclean(after);
            case "retention.ms", "log.retention.ms" -> retention(after);
            case "retention.bytes", "log.retention.bytes" -> number(after) == null ? null : number(after) < 0
                    ? "no size limit: each partition keeps its records until retention.ms passes"
                    : "each partition keeps at most " + ByteSizes.human(number(after)) + "; older segments go first";
            case "leader.replication.throttled.rate", "follower.replication.throttled.rate" -> number(after) == null
                    ? null : "replication of throttled replicas on this broker is capped at "
                    + ByteSizes.rate(number(after)) + " (only replicas listed in a topic's *.replication.throttled"
                    + ".replicas are held back)";
            case "leader.replication.throttled.replicas", "follower.replication.throttled.replicas" -> after.isBlank()
                    ? "no replica of this topic is throttled" : "these replicas are held to the brokers' throttled rate"
                    + " (" + after + ")";
            case "message.timestamp.type" -> after.equalsIgnoreCase("LogAppendTime")
                    ? "the broker's clock replaces each record's timestamp: time-based retention and lookups follow "
                    + "arrival, not the producer's time" : "records keep the producer's timestamp (CreateTime)";
            case "cleanup.policy" -> after.contains("compact") ? "old records with the same key are compacted away"
                    + (after.contains("delete") ? ", and retention deletes old segments too" : "; retention no longer "
                    + "deletes by time or size") : "old segments are deleted by retention.ms / retention.bytes";
            default -> null;
        };
    }

    private static String minIsr(ConfigEntity entity, String after, ConfigContext ctx) {
        Long n = number(after);
        if (n == null) {
            return null;
        }
        if (entity.kind() == ConfigEntity.Kind.TOPIC) {
            return ctx.topic(entity.name()).map(t -> minIsrOn(List.of(t), n, t.name())).orElse(null);
        }
        List<TopicState> inheriting = ctx.inheriting(ConfigKeys.MIN_ISR);
        if (inheriting.isEmpty()) {
            return "no topic takes min.insync.replicas from here now (each sets its own); new topics will";
        }
        return minIsrOn(inheriting, n, inheriting.size() + " topic" + (inheriting.size() == 1 ? "" : "s")
                + " without their own value");
    }

    /** The sentence: "acks=all writes to 3 partitions succeed with 1 in-sync replica: ...". */
    static String minIsrOn(List<TopicState> topics, long n, String what) {
        int partitions = topics.stream().mapToInt(t -> t.partitions().size()).sum();
        int maxRf = topics.stream().mapToInt(TopicState::replicationFactor).max().orElse(0);
        int minRf = topics.stream().mapToInt(TopicState::replicationFactor).filter(r -> r > 0).min().orElse(0);
        String writes = "acks=all writes to " + partitions + " partition" + (partitions == 1 ? "" : "s") + " ("
                + what + ", replication factor " + (minRf == maxRf ? String.valueOf(maxRf) : minRf + "-" + maxRf) + ")";
        if (n > maxRf) {
            return writes + " all fail: min.insync.replicas " + n + " is above the replication factor";
        }
        if (n == minRf && minRf > 1) {
            return writes + " need every replica in sync: losing any one blocks them";
        }
        if (n <= 1 && maxRf > 1) {
            return writes + " succeed with 1 in-sync replica: one more loss loses acknowledged records";
        }
        return writes + " succeed with " + n + " in-sync replicas: each acknowledged record is on at least " + n
                + " copies";
    }

    private static String unclean(String after) {
        return after.strip().toLowerCase(Locale.ROOT).equals("true")
                ? "the controller may make an out-of-sync replica leader by itself (at its next periodic check, up "
                + "to 5 minutes later): records acknowledged but not on that replica are lost for good"
                : "only in-sync (or eligible) replicas become leader: a partition whose in-sync replicas are all gone"
                + " stays offline until one returns (or `elect unclean`)";
    }

    private static String retention(String after) {
        Long ms = number(after);
        if (ms == null) {
            return null;
        }
        if (ms < 0) {
            return "records are kept with no time limit";
        }
        return "records older than " + Durations.format(Duration.ofMillis(ms)) + " become eligible for deletion at "
                + "the next retention check (log.retention.check.interval.ms, 5 minutes by default)";
    }

    static Long number(String value) {
        try {
            return value == null ? null : Long.valueOf(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
