package dev.kshell.rules.replication;

import dev.kshell.util.Labelled;

/**
 * Why a replica is out of the ISR, in the order the judgement tries them (the first that holds is the cause): a
 * broker gone explains everything on it; a directory offline explains its replicas; a reassignment explains a
 * replica still copying (it is not a lagging follower); a throttle left behind explains a slow follower.
 */
public enum Cause implements Labelled {
    /** The replica's broker is not registered with the cluster. */
    BROKER_NOT_REGISTERED,
    /** The replica's broker is registered but fenced: stopped, crashed, or cut off from the controller. */
    BROKER_DOWN,
    /** The replica's directory on a live broker is offline (a failed disk of a JBOD broker). */
    OFFLINE_LOG_DIR,
    /** A reassignment is adding the replica and it is still copying. */
    REASSIGNMENT,
    /** The replica is throttled while no reassignment is in flight for it: a throttle left behind. */
    LEFTOVER_THROTTLE,
    /** The follower is live, on an online directory, and holds less than the leader. */
    FOLLOWER_BEHIND,
    /** None of the above could be shown. */
    UNKNOWN
}
