package dev.kshell.model;

import java.util.List;

/**
 * Transactions as their coordinators report them (listTransactions, then describeTransactions for the open ones).
 *
 * @param transactions the transactions described (open ones; completed ones are not described)
 * @param listed       how many transactional ids the coordinators listed in all
 * @param problems     what could not be read, one sentence each
 * @param unavailable  the sentence for a release without listTransactions (before 3.0), or null
 */
public record TransactionsRead(List<Transaction> transactions, int listed, List<String> problems,
                               String unavailable) {

    public TransactionsRead {
        transactions = List.copyOf(transactions);
        problems = List.copyOf(problems);
    }

    /**
     * One transaction.
     *
     * @param transactionalId the transactional id (client-chosen: render through render.Safe)
     * @param producerId      its producer id
     * @param producerEpoch   its epoch
     * @param state           "Ongoing", "PrepareCommit", ... as Kafka names it
     * @param coordinator     the coordinating broker
     * @param startTimeMs     when the transaction started (epoch ms), or null
     * @param timeoutMs       the producer's transaction.timeout.ms
     * @param partitions      the partitions it wrote to
     */
    public record Transaction(String transactionalId, long producerId, int producerEpoch, String state,
                              Integer coordinator, Long startTimeMs, long timeoutMs, List<PartitionSpec> partitions) {

        public Transaction {
            partitions = List.copyOf(partitions);
        }
    }
}
