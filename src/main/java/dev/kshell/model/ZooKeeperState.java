package dev.kshell.model;

import java.util.List;

/**
 * What a ZooKeeper-mode cluster's ensemble says, read (read-only) by {@code --zookeeper HOST:PORT[/chroot]}.
 *
 * @param connect          the connect string as given (hosts and chroot)
 * @param controllerId     the broker id in {@code /controller}, or null when no controller is elected (or unreadable)
 * @param controllerEpoch  {@code /controller_epoch}: grows by one at every controller election; null when unreadable
 * @param controllerSinceMs when the controller registered, ms since the epoch ({@code /controller}'s timestamp);
 *                         null when unknown
 * @param registeredBrokers broker ids under {@code /brokers/ids} (ephemeral: a broker whose ZooKeeper session
 *                          ended is gone from here), sorted
 * @param servers          each ensemble server's own answer to {@code srvr} (and {@code mntr} where allowed)
 * @param error            why the znodes could not be read, or null
 */
public record ZooKeeperState(String connect, Integer controllerId, Long controllerEpoch, Long controllerSinceMs,
                             List<Integer> registeredBrokers, List<Server> servers, String error) {

    public ZooKeeperState {
        registeredBrokers = registeredBrokers == null ? List.of() : List.copyOf(registeredBrokers);
        servers = servers == null ? List.of() : List.copyOf(servers);
    }

    /**
     * One ZooKeeper server's four-letter-word answer.
     *
     * @param endpoint    host:port
     * @param mode        "leader", "follower", "standalone", ... or null when it did not answer
     * @param version     its ZooKeeper version ("3.8.4-..."), or null
     * @param outstanding outstanding requests, or null
     * @param maxLatencyMs max request latency, or null
     * @param error       why it gave no answer ("srvr is not in 4lw.commands.whitelist", a timeout), or null
     */
    public record Server(String endpoint, String mode, String version, Long outstanding, Long maxLatencyMs,
                         String error) {

        public boolean answered() {
            return error == null;
        }
    }
}
