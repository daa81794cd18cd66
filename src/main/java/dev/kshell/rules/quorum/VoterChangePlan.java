package dev.kshell.rules.quorum;

import java.util.List;
import java.util.Locale;

/**
 * A planned change of the KRaft voter set (pure value): the steps in order, each a RemoveRaftVoter or AddRaftVoter
 * of one replica (node id + directory id), and what the quorum looks like in between.
 *
 * @param kind       replace (remove the old directory, add the new), remove, or add
 * @param nodeId     the controller changed
 * @param steps      the requests, in order
 * @param votersNow  the voter ids now
 * @param between    how many voters answer between the steps, and how many the quorum has then (replace only)
 */
public record VoterChangePlan(Kind kind, int nodeId, List<Step> steps, List<Integer> votersNow, String between) {

    public VoterChangePlan {
        steps = List.copyOf(steps);
        votersNow = List.copyOf(votersNow);
    }

    public enum Kind {
        REPLACE, REMOVE, ADD;

        public String label() {
            return name().toLowerCase(Locale.ROOT) + "-controller";
        }
    }

    /**
     * One request.
     *
     * @param add         true for AddRaftVoter, false for RemoveRaftVoter
     * @param directoryId the replica's directory id
     * @param endpoints   the endpoints a new voter is added with ({@code LISTENER://host:port}); empty for a removal
     */
    public record Step(boolean add, int nodeId, String directoryId, List<String> endpoints) {

        public Step {
            endpoints = List.copyOf(endpoints);
        }

        /** {@code remove voter 2 (directory X)} / {@code add voter 2 (directory Y) at CONTROLLER://h:p}. */
        public String describe() {
            return (add ? "add" : "remove") + " voter " + nodeId + " (directory " + directoryId + ")"
                    + (add ? " at " + String.join(", ", endpoints) : "");
        }
    }
}
