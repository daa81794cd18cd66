package dev.kshell.workflow.reassign;

import dev.kshell.rules.reassign.MoveProgress;

import java.util.List;
import java.util.Map;

/**
 * Every reassignment in flight (the JSON model of {@code reassignments}), and the replication throttles in place.
 *
 * @param rows            one per partition in flight
 * @param total           all moves together: bytes left, the summed rate, the time left at it
 * @param brokerThrottles per broker with a throttle rate set: its rates (config name -> bytes/s)
 * @param topicThrottles  per topic with throttled replicas set: its lists
 * @param leftover        true when throttles are set while no reassignment is in flight (left behind)
 * @param notes           what could not be read
 */
public record ReassignmentsView(List<Row> rows, MoveProgress.Estimate total,
                                Map<Integer, Map<String, String>> brokerThrottles,
                                Map<String, Map<String, String>> topicThrottles, boolean leftover, List<String> notes) {

    /**
     * @param partition "topic-N"
     * @param replicas  the replica set during the move
     * @param adding    replicas being added
     * @param removing  replicas being removed
     * @param copies    per adding replica, bytes copied so far and bytes wanted (-1 when unknown)
     * @param progress  bytes left, the rate over the last reads, the time left, and whether it makes no progress
     * @param throttled true when the partition's topic has throttled replicas set
     * @param stuck     why it cannot finish (an adding replica on a broker that is not live), or null
     */
    public record Row(String partition, List<Integer> replicas, List<Integer> adding, List<Integer> removing,
                      List<Copy> copies, MoveProgress.Estimate progress, boolean throttled, String stuck) {
    }

    /** One adding replica's copy: bytes it holds and bytes the largest live copy holds (-1 when unknown). */
    public record Copy(int broker, long copied, long wanted) {
        public long left() {
            return wanted < 0 ? -1 : Math.max(0, wanted - copied);
        }
    }
}
