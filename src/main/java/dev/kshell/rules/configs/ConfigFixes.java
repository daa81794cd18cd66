package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The config changes a config-risk finding's fix names, read from the {@code kafka-configs.sh --alter} commands the
 * rules write ({@link dev.kshell.rules.ConfigRisks}, {@link dev.kshell.rules.ConfigRiskRules}): the audit's own
 * advice, so that {@code audit --fix} makes exactly the changes {@code audit} prints, and triage can name the kshell
 * command instead of Kafka's. Pure.
 */
public final class ConfigFixes {

    private static final Pattern KAFKA_CONFIGS = Pattern.compile("kafka-configs\\.sh(?: --bootstrap-server \\S+)? "
            + "--alter --entity-type (topics|brokers) (?:--entity-name (\\S+)|--entity-default) "
            + "--(add|delete)-config ([^\\s=]+)(?:=([^\\s;,]*))?");

    /**
     * One change a finding names.
     *
     * @param finding  the finding
     * @param entity   where
     * @param op       what
     * @param tradeOff the fix calls it a trade-off, not a fix (availability now for durability)
     */
    public record Fix(Finding finding, ConfigEntity entity, ConfigOp op, boolean tradeOff) {
    }

    private ConfigFixes() {
    }

    /** Every change named in the fix text; unknown entity names ({@code <id>}) are left out. */
    public static List<Fix> of(Finding f) {
        List<Fix> out = new ArrayList<>();
        if (f.fix() == null) {
            return out;
        }
        Matcher m = KAFKA_CONFIGS.matcher(f.fix());
        while (m.find()) {
            ConfigEntity entity = entity(m.group(1), m.group(2));
            if (entity == null) {
                continue;
            }
            ConfigOp op = m.group(3).equals("delete") ? ConfigOp.delete(m.group(4))
                    : ConfigOp.set(m.group(4), m.group(5) == null ? "" : m.group(5));
            boolean tradeOff = f.fix().substring(0, m.start()).contains("trade-off");
            out.add(new Fix(f, entity, op, tradeOff));
        }
        return out;
    }

    /**
     * The changes of every finding of severity WARNING or worse, by entity in the order found; a key named twice on
     * one entity keeps its first change (the worst finding's: findings come worst first).
     */
    public static Map<ConfigEntity, List<Fix>> plan(List<Finding> findings) {
        Map<ConfigEntity, List<Fix>> out = new LinkedHashMap<>();
        for (Finding f : findings) {
            if (!f.severity().atLeast(Severity.WARNING)) {
                continue;
            }
            for (Fix fix : of(f)) {
                List<Fix> same = out.computeIfAbsent(fix.entity(), k -> new ArrayList<>());
                if (same.stream().noneMatch(x -> x.op().key().equals(fix.op().key()))) {
                    same.add(fix);
                }
            }
        }
        return out;
    }

    /** The findings of severity WARNING or worse whose fix is not a config change kshell can make. */
    public static List<Finding> elsewhere(List<Finding> findings) {
        return findings.stream().filter(f -> f.severity().atLeast(Severity.WARNING)).filter(f -> of(f).isEmpty())
                .toList();
    }

    /** The fix text with each kafka-configs.sh command replaced by the kshell command that makes the change. */
    public static String asKshell(String fix) {
        if (fix == null) {
            return null;
        }
        Matcher m = KAFKA_CONFIGS.matcher(fix);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            ConfigEntity entity = entity(m.group(1), m.group(2));
            String kshell = entity == null ? m.group() : m.group(3).equals("delete")
                    ? "`configs delete " + entity.words() + " " + m.group(4) + "`"
                    : "`configs set " + entity.words() + " " + m.group(4) + "=" + (m.group(5) == null ? "" : m.group(5))
                    + "`";
            m.appendReplacement(out, Matcher.quoteReplacement(kshell));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** One kafka-configs.sh line for a change, as Kafka's tool takes it. */
    public static String kafkaLine(String bootstrap, ConfigEntity entity, ConfigOp op) {
        return "kafka-configs.sh" + (bootstrap == null ? "" : " --bootstrap-server " + bootstrap) + " --alter "
                + entity.kafkaEntity() + (op.deletes() ? " --delete-config " + op.key()
                // Kafka's tool splits --add-config on commas: a list value goes in brackets
                : " --add-config " + op.key() + "=" + (op.value().contains(",") ? "[" + op.value() + "]" : op.value()));
    }

    private static ConfigEntity entity(String type, String name) {
        if (type.equals("topics")) {
            return name == null ? null : ConfigEntity.topic(name);
        }
        if (name == null) {
            return ConfigEntity.brokers();
        }
        return name.matches("\\d+") ? ConfigEntity.broker(Integer.parseInt(name)) : null;
    }
}
