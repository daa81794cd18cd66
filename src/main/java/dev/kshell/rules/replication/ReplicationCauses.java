package dev.kshell.rules.replication;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.LogDirState;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.util.ByteSizes;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Why each replica out of the ISR is out, with its evidence and the next command: pure judgement over the snapshot
 * and the {@link ReplicationEvidence} (no I/O). Each replica gets the first {@link Cause} that holds, in the enum's
 * order; a replica none explains is {@link Cause#UNKNOWN}, said so.
 *
 * <p>"Behind" is measured in bytes: the leader's replica size less the follower's (describeLogDirs). The offset lag
 * describeLogDirs reports is the follower's own high watermark less its log end offset, 0 on a follower that is
 * behind (docs/kafka-behaviour.md), so it is used only when it is above 0.
 */
public final class ReplicationCauses {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private ReplicationCauses() {
    }

    /**
     * @param partitions     the partitions to explain (only their replicas outside the ISR are judged)
     * @param sandboxSession the session runs kshell's sandbox: a broker to start is {@code sandbox start-broker N}
     */
    public static CauseReport judge(ClusterSnapshot snapshot, Collection<PartitionState> partitions,
                                    ReplicationEvidence evidence, boolean sandboxSession) {
        Map<Integer, BrokerState> brokers = new TreeMap<>();
        snapshot.brokers().forEach(b -> brokers.put(b.id(), b));
        Sizes sizes = new Sizes(evidence.logDirs() == null ? Map.of() : evidence.logDirs().dirs());
        Map<String, Builder> groups = new LinkedHashMap<>();
        for (PartitionState p : partitions) {
            for (int r : p.replicas()) {
                if (!p.isr().contains(r)) {
                    judgeReplica(p, r, brokers, sizes, evidence, sandboxSession, groups);
                }
            }
        }
        List<CauseReport.Group> out = groups.values().stream().map(Builder::build)
                .sorted(Comparator.comparing(CauseReport.Group::cause).thenComparingInt(CauseReport.Group::broker)
                        .thenComparing(g -> Objects.toString(g.logDir(), "")))
                .toList();
        List<String> notes = new ArrayList<>(evidence.notes());
        if (evidence.logDirs() != null) {
            evidence.logDirs().errors().values().forEach(notes::add);
        }
        return new CauseReport(out, notes);
    }

    private static void judgeReplica(PartitionState p, int r, Map<Integer, BrokerState> brokers, Sizes sizes,
                                     ReplicationEvidence ev, boolean sandbox, Map<String, Builder> groups) {
        PartitionSpec spec = new PartitionSpec(p.topic(), p.partition());
        Long since = ev.outOfSyncSince().get(new ReplicaRef(spec, r));
        // the causes in the enum's order: first where the replica lives (its broker, its disk), then what slows it
        if (!judgeHome(p, r, spec, since, brokers, sizes, sandbox, groups)) {
            judgeCopy(p, r, spec, since, sizes, ev, groups);
        }
    }

    /** The broker is not registered, down, or its directory holding the replica is offline: true when one holds. */
    private static boolean judgeHome(PartitionState p, int r, PartitionSpec spec, Long since,
                                     Map<Integer, BrokerState> brokers, Sizes sizes, boolean sandbox,
                                     Map<String, Builder> groups) {
        BrokerState broker = brokers.get(r);
        if (broker == null) {
            groups.computeIfAbsent("n" + r, k -> new Builder(Cause.BROKER_NOT_REGISTERED, r, null,
                    "broker " + r + " is not registered",
                    "broker " + r + " is in the replica lists but not among the registered brokers ("
                            + ids(brokers.keySet()) + ")",
                    "start broker " + r + "; if it is gone for good, move its replicas: `reassign evacuate " + r + "`",
                    "reassign evacuate " + r + " --dry-run"))
                    .add(p.name(), r, null, null, since);
            return true;
        }
        if (!broker.live()) {
            String start = sandbox ? "`sandbox start-broker " + r + "`" : "start broker " + r;
            groups.computeIfAbsent("d" + r, k -> new Builder(Cause.BROKER_DOWN, r, null,
                    "broker " + r + " is down or fenced",
                    "broker " + r + " (" + broker.endpoint() + ") is registered but fenced: the controller does not "
                            + "let it serve (stopped, crashed, or cut off from the controller)",
                    start + "; if it will not come back: `reassign evacuate " + r + "`",
                    sandbox ? "sandbox start-broker " + r : "brokers"))
                    .add(p.name(), r, null, null, since);
            return true;
        }
        List<LogDirState> dirs = sizes.dirs(r);
        List<LogDirState> offline = dirs.stream().filter(d -> !d.online()).toList();
        boolean listed = sizes.size(r, spec) != null;
        if (!offline.isEmpty() && !listed) {
            String where = offline.size() == 1 ? offline.get(0).path()
                    : "one of " + offline.stream().map(LogDirState::path).collect(Collectors.joining(", "));
            String errors = offline.stream().map(d -> d.path() + ": " + d.error()).collect(Collectors.joining("; "));
            groups.computeIfAbsent("o" + r + where, k -> new Builder(Cause.OFFLINE_LOG_DIR, r, where,
                    "log directory " + where + " of broker " + r + " is offline",
                    "broker " + r + " is live but reports " + (offline.size() == 1 ? "the directory" : "directories")
                            + " offline (" + errors + "), and no online directory of it holds these replicas",
                    "replace the disk behind " + where + " and restart broker " + r + " (it copies the replicas back "
                            + "from their leaders), or move them off: `reassign evacuate " + r + "`",
                    "logdirs --broker " + r))
                    .add(p.name(), r, null, null, since);
            return true;
        }
        return false;
    }

    /** A live broker on an online directory: a move copying, a throttle left behind, a follower behind, or unknown. */
    private static void judgeCopy(PartitionState p, int r, PartitionSpec spec, Long since, Sizes sizes,
                                  ReplicationEvidence ev, Map<String, Builder> groups) {
        boolean listed = sizes.size(r, spec) != null;
        ReplicationEvidence.Move move = ev.moves() == null ? null : ev.moves().get(spec);
        if (move != null && move.adding().contains(r)) {
            long copied = sizes.sizeOrZero(r, spec);
            long wanted = sizes.largest(spec, move.replicas().stream().filter(x -> !move.adding().contains(x)).toList());
            String detail = wanted < 0 ? "copied " + ByteSizes.human(copied) + " (the source's size is unknown)"
                    : "copied " + ByteSizes.human(copied) + " of " + ByteSizes.human(wanted) + ", "
                    + ByteSizes.human(Math.max(0, wanted - copied)) + " left";
            Long left = wanted < 0 ? null : Math.max(0, wanted - copied);
            groups.computeIfAbsent("r" + r, k -> new Builder(Cause.REASSIGNMENT, r, null,
                    "a reassignment is adding a replica on broker " + r,
                    throttleSentence(ev, r, p),
                    "wait for the copy; a throttle that is too low can be raised, `reassign cancel PARTITION` stops "
                            + "a move",
                    "watch reassignments"))
                    .add(p.name(), r, detail, left, since);
            return;
        }
        Long behind = sizes.behind(spec, p.leader(), r);
        boolean throttledNow = throttled(ev, p.topic(), p.partition(), r, ReplicationEvidence.FOLLOWER_REPLICAS)
                && ev.brokerRates().getOrDefault(r, Map.of()).containsKey(ReplicationEvidence.FOLLOWER_RATE)
                || p.leader() != null
                && throttled(ev, p.topic(), p.partition(), p.leader(), ReplicationEvidence.LEADER_REPLICAS)
                && ev.brokerRates().getOrDefault(p.leader(), Map.of()).containsKey(ReplicationEvidence.LEADER_RATE);
        if (ev.moves() != null && move == null && throttledNow) {
            groups.computeIfAbsent("t" + r, k -> new Builder(Cause.LEFTOVER_THROTTLE, r, null,
                    "a replication throttle with no reassignment behind it slows broker " + r,
                    throttleSentence(ev, r, p) + "; no reassignment of these partitions is in flight",
                    "remove the throttle left behind: `reassign cancel --all` clears throttles when nothing is in flight",
                    "reassignments"))
                    .add(p.name(), r, behind == null ? null : ByteSizes.human(behind) + " behind the leader", behind,
                            since);
            return;
        }
        if (behind != null && behind > 0) {
            groups.computeIfAbsent("b" + r, k -> new Builder(Cause.FOLLOWER_BEHIND, r, null,
                    "the follower on broker " + r + " is behind",
                    "broker " + r + " is live, its replicas are on online directories, no reassignment or throttle "
                            + "holds them, and each holds less than its leader's replica (describeLogDirs sizes)",
                    "look at broker " + r + ": disk, network, GC pauses, replica fetcher errors in its log",
                    "logdirs --broker " + r))
                    .add(p.name(), r, ByteSizes.human(behind) + " behind the leader (broker " + p.leader() + ")"
                            + sinceText(since), behind, since);
            return;
        }
        String why = ev.logDirs() == null ? "its log directories were not read"
                : !listed ? "broker " + r + " lists no replica of it in any directory"
                : "it is live, on an online directory, not being reassigned or throttled, and holds as much as the "
                + "leader's replica (it may be about to rejoin)";
        groups.computeIfAbsent("u" + r, k -> new Builder(Cause.UNKNOWN, r, null,
                "no cause found for broker " + r + "'s replicas",
                "kshell cannot tell why these replicas are out of the ISR",
                "look at broker " + r + "'s log (replica fetcher) and its disks",
                "logdirs --broker " + r))
                .add(p.name(), r, why + sinceText(since), behind, since);
    }

    private static String sinceText(Long since) {
        return since == null ? "" : "; out of the ISR since " + CLOCK.format(Instant.ofEpochMilli(since))
                + " UTC (first seen by this session)";
    }

    /** True when {@code p:broker} (or {@code *}) is in the topic's list {@code name}. */
    static boolean throttled(ReplicationEvidence ev, String topic, int partition, int broker, String name) {
        String list = ev.topicThrottles().getOrDefault(topic, Map.of()).get(name);
        if (list == null || list.isBlank()) {
            return false;
        }
        String want = partition + ":" + broker;
        for (String item : list.split(",")) {
            String s = item.trim();
            if (s.equals("*") || s.equals(want)) {
                return true;
            }
        }
        return false;
    }

    private static String throttleSentence(ReplicationEvidence ev, int follower, PartitionState p) {
        List<String> parts = new ArrayList<>();
        String f = ev.brokerRates().getOrDefault(follower, Map.of()).get(ReplicationEvidence.FOLLOWER_RATE);
        if (f != null) {
            parts.add("follower rate " + rate(f) + " on broker " + follower);
        }
        if (p.leader() != null) {
            String l = ev.brokerRates().getOrDefault(p.leader(), Map.of()).get(ReplicationEvidence.LEADER_RATE);
            if (l != null) {
                parts.add("leader rate " + rate(l) + " on broker " + p.leader());
            }
        }
        Map<String, String> lists = ev.topicThrottles().getOrDefault(p.topic(), Map.of());
        if (parts.isEmpty() && lists.isEmpty()) {
            return "not throttled";
        }
        String topic = lists.isEmpty() ? "" : "; topic " + p.topic() + " throttles " + lists.entrySet().stream()
                .map(e -> e.getKey().replace(".replication.throttled.replicas", "") + " " + e.getValue())
                .collect(Collectors.joining(", "));
        return "throttled: " + (parts.isEmpty() ? "no rate set" : String.join(", ", parts)) + topic;
    }

    private static String rate(String bytesPerSecond) {
        try {
            return ByteSizes.rate(Long.parseLong(bytesPerSecond.trim()));
        } catch (NumberFormatException e) {
            return bytesPerSecond + " B/s";
        }
    }

    private static String ids(Collection<Integer> ids) {
        return ids.isEmpty() ? "none" : ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /** Replica sizes per broker, summed over its online directories (future replicas left out). */
    private static final class Sizes {
        private final Map<Integer, List<LogDirState>> dirs;

        Sizes(Map<Integer, List<LogDirState>> dirs) {
            this.dirs = dirs;
        }

        List<LogDirState> dirs(int broker) {
            return dirs.getOrDefault(broker, List.of());
        }

        /** The broker's replica size, or null when the broker was not read or lists none. */
        Long size(int broker, PartitionSpec p) {
            Long total = null;
            for (LogDirState d : dirs(broker)) {
                LogDirState.Replica r = d.replicas().get(p);
                if (r != null && !r.future()) {
                    total = (total == null ? 0 : total) + r.sizeBytes();
                }
            }
            return total;
        }

        long sizeOrZero(int broker, PartitionSpec p) {
            Long s = size(broker, p);
            return s == null ? 0 : s;
        }

        /** The largest size among these brokers' replicas, or -1 when none is known. */
        long largest(PartitionSpec p, List<Integer> brokers) {
            long best = -1;
            for (int b : brokers) {
                Long s = size(b, p);
                if (s != null) {
                    best = Math.max(best, s);
                }
            }
            return best;
        }

        /** Bytes the follower lacks against the leader (its offset lag when that says more), or null. */
        Long behind(PartitionSpec p, Integer leader, int follower) {
            Long mine = size(follower, p);
            Long theirs = leader == null ? null : size(leader, p);
            if (mine == null || theirs == null) {
                return null;
            }
            return theirs - mine;
        }
    }

    /**
     * Collects one group's replicas under its header (cause, broker, the sentences and the next command), which
     * the first replica of the group sets; the list is this collector's own, filled while judging.
     */
    private record Builder(Cause cause, int broker, String logDir, String headline, String evidence, String action,
                           String next, List<CauseReport.Replica> replicas) {

        Builder(Cause cause, int broker, String logDir, String headline, String evidence, String action, String next) {
            this(cause, broker, logDir, headline, evidence, action, next, new ArrayList<>());
        }

        Builder add(String partition, int broker, String detail, Long behind, Long since) {
            replicas.add(new CauseReport.Replica(partition, broker, detail, behind, since));
            return this;
        }

        CauseReport.Group build() {
            return new CauseReport.Group(cause, broker, logDir, headline, List.of(evidence), replicas, action, next);
        }
    }
}
