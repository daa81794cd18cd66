package dev.kshell.rules.election;

/** Which election an attempt is; {@link #wire()} is what the audit log and the JSON model hold. */
public enum ElectionAction {
    PREFERRED("elect-preferred"),
    UNCLEAN("elect-unclean"),
    RESTORE_ORDER("restore-order");

    private final String wire;

    ElectionAction(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
