package dev.kshell.rules.election;

import dev.kshell.model.OpenTransactions;

import java.util.ArrayList;
import java.util.List;

/**
 * What to say about open transactions after an unclean election. Their commit / abort markers may have been on the
 * lost records: such a transaction never completes by itself, and read_committed consumers stop at its first
 * offset (the last stable offset) for good. Kafka's own tool aborts one with
 * {@code kafka-transactions.sh abort --topic T --partition P --start-offset O}.
 */
public final class HangingTransactions {

    private HangingTransactions() {
    }

    /** Lines for the report: nothing when the partition has no open transaction. */
    public static List<String> lines(OpenTransactions check, String bootstrap) {
        List<String> out = new ArrayList<>();
        String name = check.partition().name();
        if (check.unavailable() != null && check.open().isEmpty()) {
            out.add(name + ": open transactions not checked: " + check.unavailable());
            return out;
        }
        for (OpenTransactions.Open t : check.open()) {
            String who = "producer " + t.producerId() + " (epoch " + t.producerEpoch() + ")"
                    + (t.transactionalId() == null ? "" : ", transactional id " + t.transactionalId());
            String age = t.ageMs() == null ? "" : ", last write " + (t.ageMs() / 1000) + " s ago";
            if (t.hanging()) {
                out.add(name + ": HANGING transaction of " + who + " from offset " + t.startOffset() + age
                        + (t.coordinatorState() == null ? ": no coordinator lists it"
                        : ": its coordinator says " + t.coordinatorState())
                        + "; read_committed consumers are stuck at offset " + t.startOffset() + ". Abort it with: "
                        + "kafka-transactions.sh --bootstrap-server " + bootstrap + " abort --topic "
                        + check.partition().topic() + " --partition " + check.partition().partition()
                        + " --start-offset " + t.startOffset());
            } else {
                out.add(name + ": open transaction of " + who + " from offset " + t.startOffset() + age
                        + " (its coordinator still tracks it; it should end by itself)");
            }
        }
        if (check.unavailable() != null) {
            out.add(name + ": " + check.unavailable());
        }
        return out;
    }
}
