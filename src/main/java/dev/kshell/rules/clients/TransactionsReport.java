package dev.kshell.rules.clients;

import java.util.List;

/**
 * What {@code transactions} found: open transactions, hanging ones first.
 *
 * @param transactions the open transactions (coordinators' and partitions' views merged), hanging first, oldest
 *                     first within each
 * @param listed       transactional ids the coordinators listed in all
 * @param notes        what could not be read, one sentence each
 * @param unavailable  the sentence for a release without listTransactions, or null
 */
public record TransactionsReport(List<Row> transactions, int listed, List<String> notes, String unavailable) {

    public TransactionsReport {
        transactions = List.copyOf(transactions);
        notes = List.copyOf(notes);
    }

    public long hanging() {
        return transactions.stream().filter(Row::hanging).count();
    }

    /**
     * One open transaction.
     *
     * @param transactionalId its id, or null when no coordinator knows the producer
     * @param producerId      the producer id
     * @param producerEpoch   its epoch, or null
     * @param state           the coordinator's state, or null when no coordinator knows it
     * @param coordinator     the coordinating broker, or null
     * @param ageMs           how long it has been open (coordinator's start time, else the producer's last write)
     * @param timeoutMs       its transaction.timeout.ms, or null when unknown
     * @param partitions      the partitions it wrote to
     * @param held            the partitions whose last stable offset it holds below the log end
     * @param hanging         true when it will not end by itself
     * @param why             why it is hanging, or null
     */
    public record Row(String transactionalId, long producerId, Integer producerEpoch, String state,
                      Integer coordinator, Long ageMs, Long timeoutMs, List<String> partitions, List<Held> held,
                      boolean hanging, String why) {

        public Row {
            partitions = List.copyOf(partitions);
            held = List.copyOf(held);
        }

        /** Records held back from read_committed readers, over every partition it holds. */
        public long heldBack() {
            return held.stream().mapToLong(Held::records).sum();
        }
    }

    /**
     * A partition whose read_committed readers stop at this transaction's first offset.
     *
     * @param startOffset the transaction's first offset there (= the last stable offset)
     * @param logEnd      the log end offset
     * @param records     records between them
     */
    public record Held(String partition, long startOffset, long logEnd, long records) {
    }
}
