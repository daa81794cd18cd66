package dev.kshell.model;

import java.util.List;

/**
 * The open transactions of one partition, as its leader and their coordinators report them.
 *
 * @param partition   the partition
 * @param open        each open transaction, oldest first
 * @param unavailable why the check could not be made (e.g. the cluster lacks describeProducers), or null
 */
public record OpenTransactions(PartitionSpec partition, List<Open> open, String unavailable) {

    public OpenTransactions {
        open = List.copyOf(open);
    }

    /**
     * @param producerId       the producer id
     * @param producerEpoch    its epoch
     * @param startOffset      the first offset of the open transaction (what {@code abort --start-offset} needs)
     * @param ageMs            ms since the producer last wrote to this partition, or null when unknown
     * @param transactionalId  the transactional id its coordinator knows it by, or null when no coordinator lists it
     * @param coordinatorState the coordinator's state for it ("Ongoing", "CompleteCommit", ...), or null
     * @param hanging          true when it will not end by itself: no coordinator lists it as ongoing on this
     *                         partition, or it is older than the transaction timeout
     * @param coordinatorEpoch the coordinator epoch the partition's leader last saw for the producer (what an abort
     *                         marker must carry), or null when unknown
     */
    public record Open(long producerId, int producerEpoch, long startOffset, Long ageMs, String transactionalId,
                       String coordinatorState, boolean hanging, Integer coordinatorEpoch) {

        /** Without the coordinator epoch. */
        public Open(long producerId, int producerEpoch, long startOffset, Long ageMs, String transactionalId,
                    String coordinatorState, boolean hanging) {
            this(producerId, producerEpoch, startOffset, ageMs, transactionalId, coordinatorState, hanging, null);
        }
    }

    public static OpenTransactions unavailable(PartitionSpec partition, String why) {
        return new OpenTransactions(partition, List.of(), why);
    }

    public List<Open> hanging() {
        return open.stream().filter(Open::hanging).toList();
    }
}
