package dev.kshell.rules;

import dev.kshell.util.Labelled;

/**
 * How a leaderless partition can get a leader back, judged from its replicas, ISR and ELR against the live brokers.
 */
public enum RecoveryClass implements Labelled {
    /** A live ISR or ELR replica exists: the controller will (or can be asked to) elect it; no data is lost. */
    CLEAN_POSSIBLE,
    /** Only replicas outside ISR and ELR are alive: an unclean election is the only way short of a broker restart. */
    UNCLEAN_ONLY,
    /** No assigned replica is on a live broker: wait for (start) a broker. */
    NO_LIVE_REPLICA;

    @Override
    public String toString() {
        return label();
    }
}
