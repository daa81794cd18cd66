package dev.kshell.model;

/**
 * What one node answered to a short-deadline request sent to its own endpoint (not through the cluster's metadata):
 * the way to see a broker or controller that is registered but dead or paused before the controller fences it.
 *
 * @param nodeId   the node id, or null when only the endpoint is known (a bootstrap controller from the client config)
 * @param role     "broker" or "controller"
 * @param endpoint host:port that was asked
 * @param answered true when the node answered within the deadline
 * @param tookMs   how long the answer (or the wait for it) took
 * @param problem  why it did not answer ("connection refused", "no answer within 1.5 s"), or null when it answered
 */
public record ProbeResult(Integer nodeId, String role, String endpoint, boolean answered, long tookMs,
                          String problem) {

    /** "broker 5 (127.0.0.1:9092)", or the endpoint alone when the id is unknown. */
    public String name() {
        return nodeId == null ? role + " at " + endpoint : role + " " + nodeId + " (" + endpoint + ")";
    }
}
