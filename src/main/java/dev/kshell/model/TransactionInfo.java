package dev.kshell.model;

/**
 * A transactional id as listTransactions / describeTransactions report it.
 *
 * @param transactionalId transactional id; its coordinator partition of __transaction_state is derived from it
 * @param state           transaction state as Kafka names it ("Ongoing", "CompleteCommit", "Empty", ...), or null
 *                        when unknown
 */
public record TransactionInfo(String transactionalId, String state) {
}
