package dev.kshell.model;

/**
 * One broker as the cluster's metadata knows it.
 *
 * @param id     node id
 * @param host   advertised host
 * @param port   advertised port
 * @param rack   rack id, or null when none is configured
 * @param fenced true when the controller has fenced the broker (registered but not serving)
 */
public record BrokerState(int id, String host, int port, String rack, boolean fenced) {

    /** A broker counts as live when it is registered and not fenced. */
    public boolean live() {
        return !fenced;
    }

    public String endpoint() {
        return host + ":" + port;
    }
}
