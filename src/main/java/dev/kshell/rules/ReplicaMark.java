package dev.kshell.rules;

/**
 * One assigned replica with whether its broker is live (registered and not fenced).
 *
 * @param id   broker id
 * @param live true when the broker is registered and not fenced
 */
public record ReplicaMark(int id, boolean live) {

    /** "4" for a live replica, "5(dead)" otherwise: the spelling of the REPLICAS column. */
    public String label() {
        return live ? Integer.toString(id) : id + "(dead)";
    }
}
