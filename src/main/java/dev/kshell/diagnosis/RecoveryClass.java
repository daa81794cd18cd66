package dev.kshell.diagnosis;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a leaderless partition can get a leader back, judged from its replicas, ISR and ELR against the live brokers.
 */
public enum RecoveryClass {
    /** A live ISR or ELR replica exists: the controller will (or can be asked to) elect it; no data is lost. */
    CLEAN_POSSIBLE("clean-possible"),
    /** Only replicas outside ISR and ELR are alive: an unclean election is the only way short of a broker restart. */
    UNCLEAN_ONLY("unclean-only"),
    /** No assigned replica is on a live broker: wait for (start) a broker. */
    NO_LIVE_REPLICA("no-live-replica");

    private final String label;

    RecoveryClass(String label) {
        this.label = label;
    }

    /** The spelling used in tables, JSON and runbooks. */
    @JsonValue
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
