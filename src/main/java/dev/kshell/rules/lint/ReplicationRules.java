package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;

/**
 * Replication settings against the brokers in the set: can each internal topic be created at all, and does it stay
 * writable (acks=all, which offset commits and transaction markers use) after one broker dies? A topic stays
 * writable with one replica down only when RF - 1 >= min ISR. Checked on every file with the broker role, since
 * the broker that first needs an internal topic creates it with its own settings.
 */
final class ReplicationRules {

    /** One internal topic: the key of its replication factor, the key of its min ISR, and their defaults. */
    record InternalTopic(String topic, String rfKey, int rfDefault, String minIsrKey, int minIsrDefault,
                         String uses) {
    }

    static final String MIN_ISR = "min.insync.replicas";
    static final String DEFAULT_RF = "default.replication.factor";

    static final List<InternalTopic> INTERNAL_TOPICS = List.of(
            new InternalTopic("__consumer_offsets", "offsets.topic.replication.factor", 3, MIN_ISR, 1,
                    "consumer groups cannot commit offsets"),
            new InternalTopic("__transaction_state", "transaction.state.log.replication.factor", 3,
                    "transaction.state.log.min.isr", 2, "transactional producers fail"),
            new InternalTopic("__share_group_state", "share.coordinator.state.topic.replication.factor", 3,
                    "share.coordinator.state.topic.min.isr", 2, "share groups stall"));

    private ReplicationRules() {
    }

    static List<Finding> check(List<NodeConfig> nodes) {
        List<Finding> out = new ArrayList<>();
        // One file per broker process (a duplicate node.id is its own finding, not one broker less). One file alone
        // may be one node of a larger cluster: only a set of files says how many brokers there are.
        int brokers = nodes.size() > 1 ? (int) nodes.stream().filter(NodeConfig::isBroker).count() : -1;
        for (NodeConfig n : nodes) {
            if (n.isBroker()) {
                for (InternalTopic t : INTERNAL_TOPICS) {
                    topic(n, t.topic(), t.rfKey(), t.rfDefault(), t.minIsrKey(), t.minIsrDefault(), brokers,
                            "internal-topic", t.uses(), out);
                }
            }
            PropertiesFile f = n.file();
            if ((n.isBroker() || n.isController()) && (f.value(DEFAULT_RF) != null || f.value(MIN_ISR) != null)) {
                topic(n, "a topic created with default settings", DEFAULT_RF, 1, MIN_ISR, 1, brokers,
                        "default-topic", "producers with acks=all fail", out);
            }
        }
        return out;
    }

    private static void topic(NodeConfig node, String topic, String rfKey, int rfDefault, String minIsrKey,
                              int minIsrDefault, int brokers, String rulePrefix, String uses, List<Finding> out) {
        PropertiesFile f = node.file();
        Integer rf = intValue(f, rfKey, rfDefault, out);
        Integer minIsr = intValue(f, minIsrKey, minIsrDefault, out);
        if (rf == null || minIsr == null) {
            return;
        }
        String rfText = rfKey + "=" + rf + (f.value(rfKey) == null ? " (default)" : "");
        String minIsrText = minIsrKey + "=" + minIsr + (f.value(minIsrKey) == null ? " (default)" : "");
        String existing = rulePrefix.equals("internal-topic")
                ? "; an existing " + topic + " keeps its replication factor: raise it by partition reassignment"
                : "; existing topics keep theirs";
        if (minIsr > rf) {
            out.add(new Finding(Severity.ERROR, rulePrefix + "-never-writable", f.where(minIsrKey),
                    topic + ": " + minIsrText + " exceeds " + rfText + ", so acks=all writes never succeed and "
                            + uses,
                    "set " + minIsrKey + "=" + Math.max(1, rf - 1) + existing));
            return;
        }
        if (brokers > 0 && rf > brokers) {
            Severity severity = rulePrefix.equals("internal-topic") ? Severity.ERROR : Severity.WARNING;
            out.add(new Finding(severity, rulePrefix + "-rf-exceeds-brokers", f.where(rfKey),
                    topic + ": " + rfText + " but these files define only " + brokers + " broker"
                            + (brokers == 1 ? "" : "s") + ", so the topic cannot be created and " + uses,
                    "set " + rfKey + "=" + brokers + " or add brokers"));
            return;
        }
        if (rf - 1 >= minIsr) {
            internalRfLow(node, topic, rfKey, rf, rfText, brokers, rulePrefix, uses, existing, out);
            return;
        }
        String what = rf == 1
                ? "with a single replica its partitions go offline when their broker dies, and " + uses
                : "with " + rf + " replicas and min ISR " + minIsr + ", one dead broker leaves " + (rf - 1)
                + " in sync and " + uses;
        // Raise RF when the brokers allow it (keeps durability); otherwise lower min ISR.
        boolean canRaise = brokers < 0 || brokers >= minIsr + 1;
        String fix;
        String where;
        if (canRaise) {
            fix = "set " + rfKey + "=" + (minIsr + 1) + (minIsr == 1 && rf == 1 && brokers != 2
                    ? " (3 with " + minIsrKey + "=2 is the usual production setting)" : "") + existing;
            where = f.where(rfKey);
        } else if (rf >= 2) {
            fix = "set " + minIsrKey + "=" + (rf - 1) + " (only " + brokers + " brokers: RF cannot grow)";
            where = f.where(minIsrKey);
        } else {
            fix = "add brokers: with " + brokers + " broker" + (brokers == 1 ? "" : "s")
                    + " no setting survives a broker death";
            where = f.where(rfKey);
        }
        out.add(new Finding(Severity.WARNING, rulePrefix + "-not-fault-tolerant", where,
                topic + ": " + rfText + ", " + minIsrText + ": " + what, fix));
    }

    /**
     * An internal topic with fewer replicas than min(3, brokers in the set), whatever its min ISR: Kafka's default is
     * 3 so that one dead broker still leaves the topic redundant; with RF 2 a second failure (or a restart during
     * the first) loses the coordinator's data. The seed's offsets.topic.replication.factor=2 with min ISR 1 is
     * writable after one death, but no longer redundant.
     */
    private static void internalRfLow(NodeConfig node, String topic, String rfKey, int rf, String rfText, int brokers,
                                      String rulePrefix, String uses, String existing, List<Finding> out) {
        int wanted = Math.min(3, brokers);
        if (!rulePrefix.equals("internal-topic") || brokers < 0 || rf >= wanted) {
            return;
        }
        PropertiesFile f = node.file();
        String copies = rf == 1 ? "a single copy" : rf + " copies";
        out.add(new Finding(Severity.WARNING, "internal-topic-rf-low", f.where(rfKey),
                topic + ": " + rfText + " with " + brokers + " brokers in these files: " + copies + " of its data; "
                        + "after one broker dies " + (rf == 1 ? "it is offline and " + uses
                        : (rf - 1) + " copy is left, and one more failure means " + uses)
                        + " (Kafka's default is 3 replicas)",
                "set " + rfKey + "=" + wanted + existing));
    }

    private static Integer intValue(PropertiesFile f, String key, int dflt, List<Finding> out) {
        String v = f.value(key);
        if (v == null) {
            return dflt;
        }
        try {
            int i = Integer.parseInt(v);
            if (i >= 1 || (i == -1 && key.equals(DEFAULT_RF))) {
                return i == -1 ? dflt : i;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        out.add(new Finding(Severity.ERROR, "invalid-value", f.where(key),
                key + "=" + v + " is not a positive integer; Kafka refuses to start",
                "set " + key + "=" + dflt));
        return null;
    }
}
