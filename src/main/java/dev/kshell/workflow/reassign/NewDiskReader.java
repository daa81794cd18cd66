package dev.kshell.workflow.reassign;

import dev.kshell.model.ClientGroup;
import dev.kshell.model.GroupOffsets;
import dev.kshell.workflow.clients.HurtGroupsRead;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.memory.StateStore;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.rules.reassign.NewDiskForecast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code brokers new-disk N}: what starting broker N on a new, empty disk will do to each of its partitions
 * ({@link NewDiskForecast}), read before the start: the snapshot, the answering live brokers' replica sizes (the
 * bytes copied back), what kshell remembers of the records a partition would lose. Reads only.
 */
public record NewDiskReader(ClusterGateway gateway, StateStore store) {

    /**
     * The forecast, with what the person should know beside it.
     *
     * @param forecast per partition, what the start does
     * @param live     whether broker N is live now (then the forecast is for once it is stopped)
     * @param notes    what could not be read, and how the release was judged
     * @param advice   the safer order, when the start would lose records or leave partitions offline
     */
    public record View(NewDiskForecast.Forecast forecast, boolean live, List<String> notes, List<String> advice) {
    }

    public View read(int broker) {
        ClusterSnapshot s = gateway.snapshot(null, false);
        ClusterCapabilities caps = gateway.capabilities();
        LiveBrokers answering = LiveBrokers.of(gateway, s.brokers());
        List<String> notes = new ArrayList<>();
        if (answering.note() != null) {
            notes.add(answering.note());
        }
        boolean live = answering.ids().contains(broker);
        Set<Integer> others = new TreeSet<>(answering.ids());
        others.remove(broker);
        Map<Integer, Map<PartitionSpec, Long>> sizes = Map.of();
        try {
            sizes = gateway.replicaMoves().logDirs(others).sizes();
        } catch (ClusterException e) {
            notes.add("replica sizes not read (" + e.getMessage() + "): bytes copied back are unknown");
        }
        List<PartitionState> partitions = new ArrayList<>();
        s.topics().forEach(t -> t.partitions().forEach(p -> partitions.add(live ? asIfStopped(p, broker, others) : p)));
        boolean elr = caps.has(ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS);
        if (!elr) {
            notes.add("ELR " + caps.missing(ClusterCapabilities.Feature.ELIGIBLE_LEADER_REPLICAS) + ": a broker is "
                    + "elected back when it is still in the ISR (the last ISR member stays there while it is down)");
        }
        if (live) {
            notes.add("broker " + broker + " is live: this says what a start on a new disk does once it is stopped "
                    + "(its leaderships move to another in-sync replica at the stop where one is live)");
        }
        boolean kraft = caps.mode() == ClusterCapabilities.Mode.KRAFT
                && (caps.version() == null || EvacuationPlanning.atLeast(caps.version(), 3, 7));
        NewDiskForecast.Forecast f = NewDiskForecast.forecast(partitions, broker, others, elr, kraft, sizes,
                name -> remembered(s.clusterId(), name));
        List<String> advice = new ArrayList<>(advice(f));
        List<PartitionSpec> lost = new ArrayList<>();
        for (NewDiskForecast.Kind k : List.of(NewDiskForecast.Kind.EMPTY_LEADER, NewDiskForecast.Kind.GONE)) {
            f.of(k).stream().map(r -> PartitionSpec.parse(r.partition())).filter(PartitionSpec.Parsed::ok)
                    .forEach(parsed -> lost.add(parsed.spec()));
        }
        List<String> groups = groupsOutOfRange(lost);
        if (!groups.isEmpty()) {
            advice.removeIf(l -> l.startsWith("consumer groups that committed offsets on"));
            advice.addAll(groups);
        }
        return new View(f, live, notes, advice);
    }

    /**
     * The consumer groups a start on an empty disk puts out of range: a committed offset above 0 on a partition that
     * comes back empty is beyond the new log end (docs/clients.md). Read within its own deadline; a failure is a
     * sentence, never a failed forecast.
     */
    private List<String> groupsOutOfRange(List<PartitionSpec> lost) {
        if (lost.isEmpty()) {
            return List.of();
        }
        try {
            ClusterGateway g = gateway.withTimeout(HurtGroupsRead.DEADLINE);
            List<ClientGroup> groups = g.groups().list().groups().stream().filter(ClientGroup::consumerLike).toList();
            GroupOffsets offsets = groups.isEmpty() ? new GroupOffsets(Map.of(), Map.of()) : g.groups().committed(groups);
            List<String> out = new ArrayList<>();
            new java.util.TreeMap<>(offsets.committed()).forEach((group, committed) -> lost.forEach(p -> {
                Long c = committed.get(p);
                if (c != null && c > 0) {
                    out.add("group " + group + ": committed " + c + " on " + p.name() + ", beyond the empty log's end "
                            + "(0) after the start: out of range, its consumers' auto.offset.reset decides (`group "
                            + group + "`; `groups reset-offsets " + group + " --topic " + p.topic()
                            + " --to-earliest` makes the choice yours)");
                }
            }));
            return out;
        } catch (RuntimeException e) {
            return List.of("the groups with offsets on " + lost.size() + " partition" + (lost.size() == 1 ? "" : "s")
                    + " that come back empty were not read (" + e.getMessage() + "): `groups` names them");
        }
    }

    /** The partition as it is once a live broker stopped: a leadership it held moves to another live ISR member. */
    private static PartitionState asIfStopped(PartitionState p, int broker, Set<Integer> others) {
        if (p.leader() == null || p.leader() != broker) {
            return p;
        }
        Integer next = p.isr().stream().filter(r -> r != broker && others.contains(r)).findFirst().orElse(null);
        List<Integer> isr = next == null ? p.isr() : p.isr().stream().filter(r -> r != broker).toList();
        return new PartitionState(p.topic(), p.partition(), next, p.replicas(), isr, p.elr(), p.lastKnownElr());
    }

    private String remembered(String clusterId, String partition) {
        try {
            return store.lookup(clusterId, partition).map(o -> "records up to offset " + o.highest()
                    + " (remembered " + o.seenAt() + ")").orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The safer order, said only where the start would lose records or leave partitions offline. */
    static List<String> advice(NewDiskForecast.Forecast f) {
        List<String> out = new ArrayList<>();
        int n = f.broker();
        List<NewDiskForecast.Row> empty = f.of(NewDiskForecast.Kind.EMPTY_LEADER);
        if (!empty.isEmpty()) {
            out.add("starting broker " + n + " on a new disk makes it LEAD " + empty.size() + " partition"
                    + (empty.size() == 1 ? "" : "s") + " with an EMPTY log (no unclean election, no warning from "
                    + "Kafka): " + names(empty) + ". Their records are only on the old disk.");
            out.add("consumer groups that committed offsets on " + (empty.size() == 1 ? "it" : "them") + " find them "
                    + "beyond the new log end (out of range: each consumer's auto.offset.reset decides); kshell does not "
                    + "read committed offsets yet: `kafka-consumer-groups.sh --describe --all-groups` names them");
            out.add("the safer order: if the old disk can still be read, start broker " + n + " on it instead; else "
                    + "recreate those partitions behind the guard first (`reassign evacuate " + n + "`: the moves, then "
                    + "the typed phrase for the ones with no copy, audited), then start broker " + n);
        }
        List<NewDiskForecast.Row> kept = f.of(NewDiskForecast.Kind.GONE);
        if (!kept.isEmpty()) {
            out.add("their only copy is on the old disk: " + names(kept) + ". On broker " + n + "'s new disk KRaft "
                    + "keeps " + (kept.size() == 1 ? "it" : "them") + " offline until an unclean election makes broker "
                    + n + " lead " + (kept.size() == 1 ? "it" : "them") + " EMPTY, or leads " + (kept.size() == 1
                    ? "it" : "them") + " EMPTY at once (Kafka 4.4 was seen doing both): every record is gone, "
                    + "committed consumer offsets end up out of range");
            out.add("the safer order: if the old disk can still be read, start broker " + n + " on it instead; else "
                    + "recreate " + (kept.size() == 1 ? "it" : "them") + " behind the guard (`reassign evacuate " + n
                    + "`: the typed phrase, audited), before or after the start");
        }
        List<NewDiskForecast.Row> offline = f.of(NewDiskForecast.Kind.STAYS_OFFLINE);
        if (!offline.isEmpty()) {
            out.add(offline.size() + " partition" + (offline.size() == 1 ? " stays" : "s stay") + " leaderless after "
                    + "the start (broker " + n + " is not eligible to lead " + (offline.size() == 1 ? "it" : "them")
                    + "): " + names(offline) + "; `leaderless` says what they wait for");
        }
        return out;
    }

    private static String names(List<NewDiskForecast.Row> rows) {
        List<String> names = rows.stream().map(NewDiskForecast.Row::partition).toList();
        return names.size() <= 10 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 10)) + " and " + (names.size() - 10) + " more";
    }
}
