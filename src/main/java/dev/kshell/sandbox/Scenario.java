package dev.kshell.sandbox;

import dev.kshell.util.Labelled;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The incidents the sandbox can stage. Each names the topics it creates (so {@code sandbox reset} can remove them)
 * and carries the brief the operator reads afterwards: what is observed, never what is wrong.
 */
public enum Scenario implements Labelled {

    BROKER_DOWN(
            "the seed incident: a broker dies; an RF 1 topic loses a leader, an RF 3 topic drops under min ISR",
            List.of("orders", "payments"),
            """
            Producers writing to 'orders' and 'payments' report errors since a few seconds ago; consumers of \
            'orders' see part of the topic stop moving. Nobody has touched the cluster's configuration today.
            Work out which partitions cannot take writes and why, which of them can come back without losing \
            acknowledged data, and what you would do (and not do) next."""),

    UNCLEAN_ONLY(
            "a leaderless partition whose only live replica is out of sync (unclean election: the last resort)",
            List.of("ledger"),
            """
            'ledger' stopped taking writes and reads. One of its brokers came back after a restart; the other one \
            crashed and the team says it will not be back today. The business asks whether 'ledger' can be made \
            available now, and at what cost. Find out what each replica holds and what every option would lose \
            before you act."""),

    BROKER_LOST(
            "a broker's disk is lost for good (killed, data dir deleted): RF 2 topics under-replicated, an RF 1 "
                    + "partition with no copy left",
            List.of("stock", "audit-trail"),
            """
            Broker 6's data disk failed overnight. Its host is up again on a new, empty disk, but the broker has \
            not been started and the team will not start it until you say how. 'stock' has been under-replicated \
            since, and 'audit-trail' stopped taking writes. Find out what still has a copy and what has none, get \
            every topic that can be back to its replication factor, and decide with the business what to do \
            about the rest."""),

    QUORUM_LOSS(
            "two of the three controllers are stopped",
            List.of(),
            """
            Admin tools hang and time out, a new topic cannot be created, yet some producers still seem to work. \
            The brokers look up. Find out what state the cluster's metadata layer is in, what still works and what \
            does not, and what must happen for it to recover."""),

    OFFSETS_RF2(
            "consumer offsets stored with replication factor 2 and min.insync.replicas 2, then one broker dies",
            List.of("invoices"),
            """
            The 'billing' consumer group has stopped making progress on 'invoices', while producers to 'invoices' \
            are fine. Find out why the group cannot move on, and why the loss of a single broker was enough."""),

    PREFERRED_IMBALANCE(
            "after a rolling restart, every leader of a topic sits on one broker",
            List.of("clicks"),
            """
            Last night's rolling restart went smoothly and nothing is failing, but one broker now works much \
            harder than the other two and 'clicks' latency has crept up. Find out why, and fix it without \
            restarting anything."""),

    CONTROLLER_FLAPPING(
            "the active controller freezes (SIGSTOP, as in a long GC pause) three times in a row: the quorum leader "
                    + "keeps changing while a producer writes",
            List.of(),
            """
            Overnight the brokers' logs say the controller changed three or four times within a few minutes; \
            producers logged NOT_LEADER_OR_FOLLOWER and metadata timeouts, and the on-call engineer wants to \
            elect leaders by hand. Right now everything looks up. Find out whether the metadata layer is stable, \
            what kshell remembers of it, and what you would not do until it is."""),

    CONTROLLER_CRASH(
            "the active controller crashes (SIGKILL; in ZooKeeper mode the controller broker)",
            List.of(),
            """
            A moment ago a host's monitoring said a Kafka JVM vanished; the on-call engineer wants to restart it \
            at once. Find out what exactly is down, what it blocks and for how long, whether the cluster recovers \
            by itself, and when a restart would work."""),

    CONTROLLER_DISK_LOST(
            "a follower controller's disk dies; the host is set up again (formatted, started) as the runbook says",
            List.of(),
            """
            Overnight a disk failed on one of the controller hosts. The platform team replaced it, formatted the \
            node as the runbook says and started Kafka again; they say the controller is back. Everything else \
            looks up. Find out whether the metadata quorum is really whole again, and what, if anything, is left \
            to do before the next failure."""),

    DISK_FAILED(
            "one of broker 5's two log directories fails while the broker runs on (a dead JBOD disk)",
            List.of("shelf"),
            """
            Monitoring says every broker is up and answering, yet 'shelf' has been under-replicated for a few \
            minutes and nobody has restarted anything. Find out which replicas are out of sync and why, what \
            still holds a copy, and what you would do about it."""),

    SLOW_MOVE(
            "a reassignment adds a replica of a 20 MB partition on broker 5 under a 10 kB/s throttle",
            List.of("archive"),
            """
            Someone started moving 'archive' onto broker 5 an hour ago and went home. 'archive' is \
            under-replicated, and the ticket asks whether a follower is broken. Find out what is going on, how far \
            it got, how long it will take at this pace, and what you could do about it."""),

    CONSUMER_STUCK(
            "a consumer group stops reading while it stays a member; producers keep writing",
            List.of("deliveries"),
            """
            The dispatch team says delivery notifications arrive later and later, yet their service is up, its \
            logs show no error and the brokers look healthy. Find out who is behind, by how much, whether it is \
            getting worse, and where the problem is (the cluster or the application)."""),

    OFFSETS_LOST(
            "an unclean election truncates a partition below the offset a consumer group committed",
            List.of("shipments"),
            """
            Last night 'shipments' was unavailable for a while; someone got it back and the cluster looks healthy \
            now. The 'shipping' group has read everything it could, and the business asks whether any shipment \
            was lost or will be processed twice. Find out what the group will do on its next fetch, and what each \
            choice would cost before you touch its offsets.""");

    private final String summary;
    private final List<String> topics;
    private final String brief;

    Scenario(String summary, List<String> topics, String brief) {
        this.summary = summary;
        this.topics = topics;
        this.brief = brief;
    }

    /** One line for {@code sandbox scenario --list}: what it stages (the list is for choosing, not a spoiler). */
    public String summary() {
        return summary;
    }

    /** Topics the scenario creates; {@code sandbox reset} deletes them. */
    public List<String> topics() {
        return topics;
    }

    /** What the operator is told once the scenario is staged. */
    public String brief() {
        return brief;
    }

    public static Optional<Scenario> byLabel(String label) {
        return Arrays.stream(values()).filter(s -> s.label().equals(label)).findFirst();
    }

    /** Every topic any scenario creates. */
    public static List<String> allTopics() {
        return Arrays.stream(values()).flatMap(s -> s.topics.stream()).distinct().toList();
    }
}
