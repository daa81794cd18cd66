package dev.kshell.render;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.ZooKeeperState;
import dev.kshell.rules.quorum.QuorumMembership;
import java.util.Comparator;
import java.util.HashSet;

/**
 * The records that the state commands print, derived purely from the model. Tables and {@code --output json} both
 * render these, so a script sees exactly the numbers a person sees.
 */
public final class StateViews {

    /** A voter that has not fetched for this long is reported as not fetching (Kafka's fetch timeout is 2 s). */
    static final long STALE_FETCH_MS = 10_000;

    private StateViews() {
    }

    /**
     * @param directoryId the replica's metadata directory id (KIP-853), null when not reported
     * @param endpoints   a voter's controller endpoints ({@code LISTENER://host:port}), empty when not reported
     */
    public record QuorumReplicaView(int id, String role, long logEndOffset, Long lag, Long lastFetchAgeMs,
                                    Long lastCaughtUpAgeMs, String status, String directoryId, List<String> endpoints) {

        public QuorumReplicaView(int id, String role, long logEndOffset, Long lag, Long lastFetchAgeMs,
                                 Long lastCaughtUpAgeMs, String status) {
            this(id, role, logEndOffset, lag, lastFetchAgeMs, lastCaughtUpAgeMs, status, null, List.of());
        }
    }

    /**
     * @param kind     the quorum's kind ({@code "dynamic (kraft.version 1)"}, {@code "static (kraft.version 0)"}), or
     *                 null when not read
     * @param findings what the membership says beyond lag, one sentence each (a controller back with a new disk, a
     *                 voter that does not answer), each naming the next command where there is one
     */
    public record QuorumView(int leaderId, long leaderEpoch, long highWatermark, boolean healthy, String verdict,
                             List<QuorumReplicaView> voters, List<QuorumReplicaView> observers, String kind,
                             List<String> findings) {

        public QuorumView(int leaderId, long leaderEpoch, long highWatermark, boolean healthy, String verdict,
                          List<QuorumReplicaView> voters, List<QuorumReplicaView> observers) {
            this(leaderId, leaderEpoch, highWatermark, healthy, verdict, voters, observers, null, List.of());
        }
    }

    /**
     * {@code quorum} with the membership read (KIP-853): each row carries its directory id (and a voter its
     * endpoints); a voter whose disk is gone (the same id fetches as an observer with another directory) reads
     * {@code old-disk}, a voter whose own endpoint does not answer {@code not-answering}, whatever the leader's last
     * numbers for it say; and with a majority not answering the verdict is NO QUORUM.
     */
    public static QuorumView quorum(QuorumState q, QuorumDescription d,
                                    QuorumMembership m) {
        Map<Integer, String> override = new HashMap<>();
        m.notAnswering().keySet().forEach(id -> override.put(id, "not-answering"));
        m.newDisks().forEach(n -> override.put(n.id(), "old-disk"));
        override.remove(d.leaderId()); // the leader answered: the read came from it
        List<QuorumReplicaView> voters = d.voters().stream().map(r -> member(r, d.leaderId(), true,
                override.get(r.id()))).toList();
        // a removed voter's old directory lingers in the leader's observer list for a while, silent: say what it is
        List<QuorumReplicaView> observers = d.observers().stream()
                .sorted(Comparator.comparingInt(QuorumMember::id))
                .map(r -> {
                    QuorumReplicaView plain = member(r, d.leaderId(), false, null);
                    boolean oldDirectory = plain.status().equals("not-fetching") && r.directoryId() != null
                            && d.voter(r.id()).filter(v -> !r.directoryId().equals(v.directoryId())).isPresent();
                    return oldDirectory ? member(r, d.leaderId(), false, "old-disk") : plain;
                }).toList();
        long behind = voters.stream().filter(v -> !v.status().equals("leader") && !v.status().equals("caught-up")).count();
        String noMajority = d.hasLeader() ? m.noMajorityVerdict(d.leaderId()) : null;
        boolean healthy = d.hasLeader() && behind == 0 && noMajority == null;
        String verdict;
        if (!d.hasLeader()) {
            verdict = "NO LEADER: the metadata quorum has no active controller";
        } else if (noMajority != null) {
            verdict = noMajority;
        } else {
            verdict = (healthy ? "OK" : "DEGRADED") + ": leader " + d.leaderId() + " (epoch " + d.leaderEpoch() + "), "
                    + (voters.size() - behind) + "/" + voters.size() + " voters caught up"
                    + (d.highWatermark() < 0 ? ", high watermark not yet known (leader just changed)" : "");
        }
        List<String> findings = new ArrayList<>();
        m.newDisks().forEach(n -> findings.add(n.sentence()));
        m.notAnswering().forEach((id, why) -> {
            if (id != d.leaderId()) {
                findings.add("voter " + id + " does not answer on its own endpoint (" + why + ")");
            }
        });
        return new QuorumView(d.leaderId(), d.leaderEpoch(), d.highWatermark(), healthy, verdict, voters, observers,
                m.kindLabel(), findings);
    }

    private static QuorumReplicaView member(QuorumMember r, int leaderId, boolean voter,
                                            String override) {
        QuorumReplicaView plain = replica(new QuorumReplica(r.id(), r.logEndOffset(), r.lag(), r.lastFetchAgeMs(),
                r.lastCaughtUpAgeMs()), leaderId, voter);
        return new QuorumReplicaView(plain.id(), plain.role(), plain.logEndOffset(), plain.lag(),
                plain.lastFetchAgeMs(), plain.lastCaughtUpAgeMs(), override != null ? override : plain.status(),
                r.directoryId(), r.endpoints());
    }

    public static QuorumView quorum(QuorumState q) {
        List<QuorumReplicaView> voters = q.voters().stream().map(r -> replica(r, q, true)).toList();
        // Kafka lists observers in no useful order (6, 5, 4 was seen): by id, as the voters read.
        List<QuorumReplicaView> observers = q.observers().stream()
                .sorted(Comparator.comparingInt(QuorumReplica::id))
                .map(r -> replica(r, q, false)).toList();
        long behind = voters.stream().filter(v -> !v.status().equals("leader") && !v.status().equals("caught-up")).count();
        boolean healthy = q.hasLeader() && behind == 0;
        String verdict;
        if (!q.hasLeader()) {
            verdict = "NO LEADER: the metadata quorum has no active controller";
        } else {
            long caughtUp = voters.size() - behind;
            verdict = (healthy ? "OK" : "DEGRADED") + ": leader " + q.leaderId() + " (epoch " + q.leaderEpoch() + "), "
                    + caughtUp + "/" + voters.size() + " voters caught up"
                    + (q.highWatermark() < 0 ? ", high watermark not yet known (leader just changed)" : "");
        }
        return new QuorumView(q.leaderId(), q.leaderEpoch(), q.highWatermark(), healthy, verdict, voters, observers);
    }

    /**
     * {@code quorum} on a ZooKeeper-mode cluster: no KRaft quorum, the controller is a broker.
     *
     * @param mode         always "zookeeper" (JSON readers tell the two shapes apart by it)
     * @param controllerId the active controller's broker id, -1 when none
     * @param epoch        the controller epoch from ZooKeeper, -1 when not read
     * @param healthy      a controller is elected and (when read) ZooKeeper answered
     * @param verdict      one line
     * @param zooKeeper    what ZooKeeper said (with --zookeeper), or null
     * @param note         what was not checked and how to check it, or null
     */
    public record ControllerView(String mode, int controllerId, long epoch, boolean healthy, String verdict,
                                 ZooKeeperState zooKeeper, String note) {
    }

    public static ControllerView controller(QuorumState q) {
        ZooKeeperState zk = q.zooKeeper();
        boolean zkOk = zk == null || (zk.error() == null && zk.servers().stream().allMatch(
                ZooKeeperState.Server::answered));
        boolean healthy = q.hasLeader() && zkOk;
        String verdict = (!q.hasLeader() ? "NO CONTROLLER: no broker is the active controller"
                : (healthy ? "OK" : "DEGRADED") + ": controller " + q.leaderId() + " (a broker), epoch "
                        + (q.leaderEpoch() < 0 ? "unknown" : q.leaderEpoch())) + " (ZooKeeper mode: no KRaft quorum)";
        String note = zk == null ? "ZooKeeper not read: pass --zookeeper HOST:PORT[/chroot] for the controller epoch, "
                + "/brokers/ids and the ensemble's health" : null;
        return new ControllerView("zookeeper", q.leaderId(), q.leaderEpoch(), healthy, verdict, zk, note);
    }

    private static QuorumReplicaView replica(QuorumReplica r, QuorumState q, boolean voter) {
        return replica(r, q.leaderId(), voter);
    }

    private static QuorumReplicaView replica(QuorumReplica r, int leaderId, boolean voter) {
        String role = r.id() == leaderId && voter ? "leader" : voter ? "follower" : "observer";
        String status;
        if (r.id() == leaderId && voter) {
            status = "leader";
        } else if (r.lastFetchAgeMs() == null || r.lastFetchAgeMs() > STALE_FETCH_MS) {
            status = "not-fetching";
        } else if (r.lag() != null && r.lag() == 0
                || r.lastCaughtUpAgeMs() != null && r.lastCaughtUpAgeMs() <= STALE_FETCH_MS) {
            status = "caught-up";
        } else {
            status = "lagging";
        }
        return new QuorumReplicaView(r.id(), role, r.logEndOffset(), r.lag(), r.lastFetchAgeMs(), r.lastCaughtUpAgeMs(), status);
    }

    public record BrokerView(int id, String endpoint, String rack, boolean fenced, int leaderOf, int preferredLeaderOf,
                             int replicas) {
    }

    public record BrokersView(int registered, int fenced, List<BrokerView> brokers, List<Integer> missing) {
    }

    /** Brokers with leader / preferred-leader / replica counts; missing = hosts replicas but is not registered. */
    public static BrokersView brokers(ClusterSnapshot s) {
        Map<Integer, int[]> counts = new HashMap<>();
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (p.leader() != null) {
                    counts.computeIfAbsent(p.leader(), k -> new int[3])[0]++;
                }
                if (p.preferredLeader() != null) {
                    counts.computeIfAbsent(p.preferredLeader(), k -> new int[3])[1]++;
                }
                p.replicas().forEach(r -> counts.computeIfAbsent(r, k -> new int[3])[2]++);
            }
        }
        List<BrokerView> views = new ArrayList<>();
        for (BrokerState b : s.brokers()) {
            int[] c = counts.getOrDefault(b.id(), new int[3]);
            views.add(new BrokerView(b.id(), b.endpoint(), b.rack(), b.fenced(), c[0], c[1], c[2]));
        }
        Set<Integer> registered = new HashSet<>();
        s.brokers().forEach(b -> registered.add(b.id()));
        List<Integer> missing = counts.keySet().stream().filter(id -> !registered.contains(id)).sorted().toList();
        int fenced = (int) s.brokers().stream().filter(BrokerState::fenced).count();
        return new BrokersView(s.brokers().size(), fenced, views, missing);
    }

    public record TopicSummary(String name, boolean internal, int partitions, int replicationFactor, int leaderless,
                               int underReplicated, Integer minIsr) {
    }

    public static List<TopicSummary> topics(ClusterSnapshot s) {
        Set<Integer> live = s.liveBrokerIds();
        return s.topics().stream().map(t -> new TopicSummary(t.name(), t.internal(), t.partitions().size(),
                t.replicationFactor(),
                (int) t.partitions().stream().filter(p -> p.leader() == null || !live.contains(p.leader())).count(),
                (int) t.partitions().stream().filter(p -> p.isr().size() < p.replicas().size()).count(),
                t.config() == null ? null : t.config().minIsr())).toList();
    }

    public record ReplicaMark(int id, boolean live) {
        @Override
        public String toString() {
            return live ? String.valueOf(id) : id + "(dead)";
        }
    }

    public record PartitionView(int partition, Integer leader, boolean leaderless, List<ReplicaMark> replicas,
                                List<Integer> isr, List<Integer> elr, List<Integer> lastKnownElr) {
    }

    public record TopicView(String name, boolean internal, int replicationFactor, Integer minIsr, String minIsrSource,
                            int leaderless, List<PartitionView> partitions) {
    }

    public static TopicView describe(TopicState t, Set<Integer> liveBrokers) {
        List<PartitionView> partitions = t.partitions().stream().map(p -> new PartitionView(p.partition(), p.leader(),
                p.leader() == null || !liveBrokers.contains(p.leader()),
                p.replicas().stream().map(r -> new ReplicaMark(r, liveBrokers.contains(r))).toList(),
                p.isr(), p.elr(), p.lastKnownElr())).toList();
        int leaderless = (int) partitions.stream().filter(PartitionView::leaderless).count();
        return new TopicView(t.name(), t.internal(), t.replicationFactor(),
                t.config() == null ? null : t.config().minIsr(),
                t.config() == null ? null : t.config().minIsrSource(), leaderless, partitions);
    }
}
