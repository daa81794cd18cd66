package dev.kshell.model;

/**
 * What an AddRaftVoter / RemoveRaftVoter request gave.
 *
 * @param outcome what happened
 * @param message Kafka's error in one sentence; null when done
 */
public record VoterChange(Outcome outcome, String message) {

    public enum Outcome {
        /** The leader accepted and committed the change. */
        DONE,
        /** UNSUPPORTED_VERSION: a static quorum, a release before 3.9, or ZooKeeper mode. */
        UNSUPPORTED,
        /** DUPLICATE_VOTER, VOTER_NOT_FOUND, INVALID_REQUEST: the voter set is not what the request assumed. */
        REFUSED,
        /** REQUEST_TIMED_OUT (a change still pending, the new voter lagging) or no answer within the deadline. */
        TIMED_OUT,
        /**
         * The leader could not reach the new voter at its endpoint (its ApiVersions request failed): nothing was
         * changed, and the same request may succeed a moment later (the leader's connection to a node that was just
         * restarted is still backing off).
         */
        UNREACHED,
        /** Anything else (authorization, a network failure). */
        FAILED
    }

    public static VoterChange done() {
        return new VoterChange(Outcome.DONE, null);
    }

    public boolean ok() {
        return outcome == Outcome.DONE;
    }
}
