package dev.kshell.rules.clients;

import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the coordinators' view of transactions with the partitions' (describeProducers where the last stable offset
 * trails the log end). A transaction is hanging when it has been open longer than {@code transaction.max.timeout.ms}
 * (no producer may hold one longer, so its coordinator should have aborted it), or when a partition holds it open
 * and no coordinator lists it as ongoing there (its markers were lost). Pure.
 */
public final class TransactionsJudge {

    /** Kafka's default transaction.max.timeout.ms (15 min). */
    public static final long MAX_TIMEOUT_MS = 900_000;

    private TransactionsJudge() {
    }

    /**
     * @param coordinators what the coordinators listed and described
     * @param logs         the log end and last stable offsets of the partitions read
     * @param open         the partitions' open transactions where their last stable offset trails the log end
     */
    public static TransactionsReport judge(TransactionsRead coordinators, LogOffsets logs,
                                           Map<PartitionSpec, OpenTransactions> open, long nowMs) {
        Map<Long, List<OpenOn>> byProducer = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>(coordinators.problems());
        open.forEach((p, o) -> {
            o.open().forEach(t -> byProducer.computeIfAbsent(t.producerId(), k -> new ArrayList<>())
                    .add(new OpenOn(p, t)));
            if (o.unavailable() != null) {
                notes.add(p.name() + ": " + o.unavailable());
            }
        });
        List<TransactionsReport.Row> rows = new ArrayList<>();
        for (TransactionsRead.Transaction t : coordinators.transactions()) {
            List<OpenOn> seen = byProducer.remove(t.producerId());
            Long age = t.startTimeMs() == null ? null : Math.max(0, nowMs - t.startTimeMs());
            boolean tooOld = age != null && age > MAX_TIMEOUT_MS;
            rows.add(new TransactionsReport.Row(t.transactionalId(), t.producerId(), t.producerEpoch(), t.state(),
                    t.coordinator(), age, t.timeoutMs(), t.partitions().stream().map(PartitionSpec::name).toList(),
                    held(seen, logs), tooOld, tooOld ? tooOld(age) : null));
        }
        byProducer.forEach((producerId, seen) -> {
            OpenTransactions.Open first = seen.get(0).open();
            Long age = seen.stream().map(s -> s.open().ageMs()).filter(a -> a != null).max(Long::compare).orElse(null);
            boolean hanging = seen.stream().anyMatch(s -> s.open().hanging());
            String why = first.transactionalId() == null ? "open on " + seen.size() + " partition"
                    + (seen.size() == 1 ? "" : "s") + " and unknown to every coordinator (its markers were lost?)"
                    : "its coordinator says " + first.coordinatorState() + ", yet a partition holds it open";
            rows.add(new TransactionsReport.Row(first.transactionalId(), producerId, first.producerEpoch(),
                    first.coordinatorState(), null, age, null, seen.stream().map(s -> s.partition().name()).toList(),
                    held(seen, logs), hanging, hanging ? (age != null && age > MAX_TIMEOUT_MS ? tooOld(age) : why)
                    : null));
        });
        rows.sort(Comparator.comparing((TransactionsReport.Row r) -> !r.hanging())
                .thenComparing(r -> r.ageMs() == null ? Long.MIN_VALUE : -r.ageMs()));
        return new TransactionsReport(rows, coordinators.listed(), notes, coordinators.unavailable());
    }

    private record OpenOn(PartitionSpec partition, OpenTransactions.Open open) {
    }

    private static String tooOld(long ageMs) {
        return "open " + (ageMs / 60_000) + " min, longer than transaction.max.timeout.ms ("
                + MAX_TIMEOUT_MS / 60_000 + " min by default): its coordinator should have aborted it";
    }

    private static List<TransactionsReport.Held> held(List<OpenOn> seen, LogOffsets logs) {
        List<TransactionsReport.Held> out = new ArrayList<>();
        if (seen == null) {
            return out;
        }
        for (OpenOn s : seen) {
            LogOffsets.Range r = logs.ranges().get(s.partition());
            if (r != null && r.stable() != null && r.stable() == s.open().startOffset() && r.end() > r.stable()) {
                out.add(new TransactionsReport.Held(s.partition().name(), r.stable(), r.end(), r.end() - r.stable()));
            }
        }
        return out;
    }
}
