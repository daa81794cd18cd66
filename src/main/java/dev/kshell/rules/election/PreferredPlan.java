package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;
import java.util.List;

/**
 * What {@code elect preferred} would do. Rows list the partitions whose leader is not the preferred replica (with
 * {@code --all} / {@code --topic}) or every named partition (with explicit partitions, so that the operator sees
 * "not needed" for the ones already led by their preferred replica).
 *
 * @param selection        what was asked for
 * @param rows             one row per partition shown, in topic / partition order
 * @param alreadyPreferred how many selected partitions are led by their preferred replica and not shown as rows
 * @param notFound         topics or partitions named in the selection that the snapshot does not hold
 */
public record PreferredPlan(ElectionSelection selection, List<Row> rows, int alreadyPreferred,
                            List<String> notFound) implements ElectionPlan {

    public PreferredPlan {
        rows = List.copyOf(rows);
        notFound = List.copyOf(notFound);
    }

    /** Per partition: what a preferred election would do. */
    public enum Verdict {
        /** The preferred replica is live and in the ISR and does not lead: the election will move leadership to it. */
        WILL_ELECT,
        /** The preferred replica already leads. */
        NOT_NEEDED,
        /** The preferred replica is dead or not in the ISR: Kafka would answer PreferredLeaderNotAvailable. */
        CANNOT
    }

    /**
     * One partition.
     *
     * @param partition       "topic-3"
     * @param topic           topic name
     * @param partitionId     partition number
     * @param currentLeader   current leader broker id, or null when leaderless
     * @param preferredLeader the first replica in assignment order, or null when the partition has no replicas
     * @param preferredInIsr  whether the preferred replica is in the ISR
     * @param preferredLive   whether the preferred replica is a live (registered, unfenced) broker
     * @param replicas        assigned replicas in order
     * @param isr             in-sync replicas
     * @param verdict         what the election would do
     * @param reason          why, one sentence (for CANNOT: what is wrong and what to do)
     */
    public record Row(String partition, String topic, int partitionId, Integer currentLeader, Integer preferredLeader,
                      boolean preferredInIsr, boolean preferredLive, List<Integer> replicas, List<Integer> isr,
                      Verdict verdict, String reason) {
        public Row {
            replicas = List.copyOf(replicas);
            isr = List.copyOf(isr);
        }
    }

    /** The partitions to send to electLeaders(PREFERRED). */
    @Override
    public String actions() {
        return ElectionPlan.lines(rows, r -> r.partition() + ": leader " + r.currentLeader() + ", preferred "
                + r.preferredLeader() + ", replicas " + r.replicas() + ", isr " + r.isr() + ", " + r.verdict());
    }

    public List<PartitionSpec> toElect() {
        return rows.stream().filter(r -> r.verdict() == Verdict.WILL_ELECT)
                .map(r -> new PartitionSpec(r.topic(), r.partitionId())).toList();
    }

    public long count(Verdict verdict) {
        return rows.stream().filter(r -> r.verdict() == verdict).count();
    }
}
