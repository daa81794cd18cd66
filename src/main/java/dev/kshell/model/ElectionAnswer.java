package dev.kshell.model;

/**
 * What the cluster answered for one partition of an electLeaders request.
 *
 * @param error  {@link Error#NONE} when the partition got its new leader, else Kafka's protocol error as a type
 * @param detail the cluster's own message (or why there was no answer), or null when elected
 */
public record ElectionAnswer(Error error, String detail) {

    /** The errors kshell tells apart; anything else is {@link #OTHER} with Kafka's text in the detail. */
    public enum Error {
        NONE,
        ELECTION_NOT_NEEDED,
        PREFERRED_LEADER_NOT_AVAILABLE,
        ELIGIBLE_LEADERS_NOT_AVAILABLE,
        /** The request was sent but no answer came within the deadline: the election may or may not have run. */
        TIMEOUT,
        CLUSTER_AUTHORIZATION_FAILED,
        TOPIC_AUTHORIZATION_FAILED,
        UNKNOWN_TOPIC_OR_PARTITION,
        INVALID_TOPIC,
        NOT_CONTROLLER,
        OTHER
    }

    public static final ElectionAnswer ELECTED = new ElectionAnswer(Error.NONE, null);

    public static ElectionAnswer failed(Error error, String detail) {
        return new ElectionAnswer(error, detail);
    }

    public boolean elected() {
        return error == Error.NONE;
    }

    /** True when the outcome is not known: the request was sent, the answer never came. */
    public boolean outcomeUnknown() {
        return error == Error.TIMEOUT;
    }
}
