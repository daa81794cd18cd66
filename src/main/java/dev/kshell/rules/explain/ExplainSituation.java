package dev.kshell.rules.explain;

import dev.kshell.model.ClusterSnapshot;

import java.util.Map;

/**
 * What kshell knows besides the pasted text, so that {@code explain} can speak about this cluster: whether the
 * session runs kshell's sandbox (only then may advice name {@code sandbox} commands) and the session's newest
 * snapshot (to say what a host:port in the text is now).
 *
 * @param sandbox             the session is connected to its own sandbox
 * @param snapshot            the newest snapshot of the connected cluster, or null (not connected, or unreadable)
 * @param controllerEndpoints controller host:port by node id as last seen (the quorum's voter endpoints), maybe empty
 */
public record ExplainSituation(boolean sandbox, ClusterSnapshot snapshot, Map<Integer, String> controllerEndpoints) {

    /** No session to speak of: one-shot {@code explain} without a cluster, or a disconnected shell. */
    public static final ExplainSituation DISCONNECTED = new ExplainSituation(false, null, Map.of());

    public ExplainSituation {
        controllerEndpoints = controllerEndpoints == null ? Map.of() : Map.copyOf(controllerEndpoints);
    }
}
