package dev.kshell.rules.election;

import dev.kshell.rules.guard.RefusalReason;

import dev.kshell.rules.guard.Refusal;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.ReplicaOrderChange;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Pure: snapshot + per-replica evidence + remembered offsets -> {@link UncleanPlan}. No cluster calls.
 *
 * <p>Kafka's unclean election takes the first live replica in assignment order, not the most caught-up one. The
 * planner finds the live replica holding most data and, unless {@code keepOrder}, plans a reorder of the replica
 * list (same set; the best replica FIRST, the others in their original order) so that it wins. Best-first (rather
 * than "just ahead of Kafka's pick") keeps the choice right even if a dead replica listed earlier comes back
 * between the reorder and the election; the cost, a changed preferred leader, is undone by
 * {@code elect restore-order}.
 *
 * <p>Which replica holds most: the evidence is compared on the first measure known for EVERY live replica, in
 * this order: log end offset (records), log size (bytes, describeLogDirs), highest producer last-sequence
 * (describeProducers). Ties go to the replica earlier in assignment order, so Kafka's pick wins a tie. If any
 * measure known for both says Kafka's pick holds more than the best, the evidence conflicts: no reorder, and the
 * plan says why. Missing evidence never causes a reorder.
 */
public final class UncleanElectionPlanner {

    private UncleanElectionPlanner() {
    }

    /** The measures, in the order they decide. */
    enum Measure {
        END_OFFSET("log end offset", ReplicaEvidence::logEndOffset, ""),
        SIZE("log size", ReplicaEvidence::logSizeBytes, " B"),
        SEQUENCE("producer last sequence", ReplicaEvidence::maxProducerLastSequence, "");

        final String label;
        final Function<ReplicaEvidence, Long> get;
        final String unit;

        Measure(String label, Function<ReplicaEvidence, Long> get, String unit) {
            this.label = label;
            this.get = get;
            this.unit = unit;
        }

        Long of(ReplicaEvidence e) {
            return e == null ? null : get.apply(e);
        }
    }

    /**
     * @param snapshot   the cluster as last read
     * @param partitions the partitions named, in argument order
     * @param evidence   per partition name, the evidence per live replica (missing entries mean "not read")
     * @param remembered per partition name, the offsets kshell remembers from before (missing: none)
     * @param keepOrder  {@code --keep-order}: never reorder
     */
    public static UncleanPlan plan(ClusterSnapshot snapshot, List<PartitionSpec> partitions,
                                   Map<String, List<ReplicaEvidence>> evidence, Map<String, OffsetsSeen> remembered,
                                   boolean keepOrder) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<Refusal> refusals = new ArrayList<>();
        QuorumState quorum = snapshot.quorum();
        if (quorum == null || !quorum.hasLeader()) {
            String why = quorum == null
                    ? "the metadata quorum could not be read" + (snapshot.quorumError() == null ? ""
                    : " (" + snapshot.quorumError() + ")") + ", so kshell cannot tell whether an election can run"
                    : "the metadata quorum has no leader: no election can run";
            refusals.add(new Refusal(RefusalReason.QUORUM_NO_LEADER, null, why,
                    "restore the controller quorum first (check `quorum`; start the stopped controllers), then plan again"));
        }
        if (partitions.isEmpty()) {
            refusals.add(new Refusal(RefusalReason.NOTHING_SELECTED, null, "no partition named",
                    "name the partitions: elect unclean TOPIC-N... (see `leaderless`)"));
        }
        List<UncleanPlan.Row> rows = new ArrayList<>();
        List<String> notFound = new ArrayList<>();
        for (PartitionState p : PreferredElectionPlanner.found(snapshot, partitions, notFound)) {
            UncleanPlan.Row row = row(snapshot, p, live,
                    evidence.getOrDefault(p.name(), List.of()), remembered.get(p.name()), keepOrder);
            rows.add(row);
            if (row.refusal() != null) {
                refusals.add(row.refusal());
            }
        }
        String phrase = rows.size() == 1 ? rows.get(0).partition() : "unclean " + rows.size() + " partitions";
        return new UncleanPlan(rows, refusals, notFound, keepOrder, phrase);
    }

    static UncleanPlan.Row row(ClusterSnapshot snapshot, PartitionState p, Set<Integer> live,
                               List<ReplicaEvidence> evidenceList, OffsetsSeen remembered, boolean keepOrder) {
        Map<Integer, ReplicaEvidence> ev = evidenceList.stream()
                .collect(Collectors.toMap(ReplicaEvidence::brokerId, e -> e, (a, b) -> a));
        List<UncleanPlan.ReplicaView> views = p.replicas().stream()
                .map(id -> new UncleanPlan.ReplicaView(id, live.contains(id), p.isr().contains(id),
                        p.elr().contains(id), p.lastKnownElr().contains(id),
                        live.contains(id) ? ev.get(id) : null))
                .toList();
        List<Integer> liveReplicas = p.replicas().stream().filter(live::contains).toList();
        Integer kafkaPick = liveReplicas.isEmpty() ? null : liveReplicas.get(0);
        List<String> notes = new ArrayList<>();

        Refusal refusal = refusal(p, live, liveReplicas);
        notes.addAll(deadCleanCandidates(p, live));
        Optional<TopicState> topic = snapshot.topic(p.topic());
        if (topic.isPresent() && topic.get().config() != null && topic.get().config().uncleanLeaderElection()) {
            notes.add("unclean.leader.election.enable is on for " + p.topic() + " ("
                    + topic.get().config().uncleanLeaderElectionSource()
                    + "): the controller may elect uncleanly by itself at its next periodic check (up to 5 min)");
        }

        Choice chosen = choose(p, topic, liveReplicas, kafkaPick, ev, keepOrder);
        Integer best = chosen.best();
        String choice = chosen.text();
        // a refused row changes nothing, so it reorders nothing either
        boolean reorder = chosen.reorder() && refusal == null;
        List<Integer> newOrder = reorder ? bestFirst(p.replicas(), best) : p.replicas();
        Integer winner = reorder ? best : kafkaPick;
        ReplicaOrderChange change = reorder
                ? new ReplicaOrderChange(p.name(), p.replicas(), newOrder, snapshot.takenAt()) : null;
        DataAtRisk risk = dataAtRisk(p, liveReplicas, ev, remembered, winner);
        return new UncleanPlan.Row(p.name(), p.topic(), p.partition(), p.leader(), views, p.isr(), p.elr(),
                p.lastKnownElr(), refusal, kafkaPick, best, winner, reorder, newOrder, choice, remembered, risk, notes,
                change);
    }

    /** Which live replica should lead, why (told to the operator), and whether the replicas are reordered for it. */
    private record Choice(Integer best, String text, boolean reorder) {
    }

    private static Choice choose(PartitionState p, Optional<TopicState> topic, List<Integer> liveReplicas,
                                 Integer kafkaPick, Map<Integer, ReplicaEvidence> ev, boolean keepOrder) {
        if (kafkaPick == null) {
            return new Choice(null, "no live replica: nothing can be elected", false);
        }
        if (liveReplicas.size() == 1) {
            return new Choice(kafkaPick, "broker " + kafkaPick + " is the only live replica", false);
        }
        Measure decider = null;
        for (Measure m : Measure.values()) {
            if (liveReplicas.stream().allMatch(id -> m.of(ev.get(id)) != null)) {
                decider = m;
                break;
            }
        }
        if (decider == null) {
            return new Choice(null, "cannot tell which live replica holds most data (" + missing(liveReplicas, ev)
                    + "): Kafka's pick, broker " + kafkaPick + " (first live in assignment order), stands", false);
        }
        return compare(p, topic, liveReplicas, kafkaPick, ev, keepOrder, decider);
    }

    /** Two or more live replicas, each with a value for {@code d}: the one holding most, unless evidence conflicts. */
    private static Choice compare(PartitionState p, Optional<TopicState> topic, List<Integer> liveReplicas,
                                  Integer kafkaPick, Map<Integer, ReplicaEvidence> ev, boolean keepOrder, Measure d) {
        Integer top = kafkaPick;
        for (Integer id : liveReplicas) {
            if (d.of(ev.get(id)) > d.of(ev.get(top))) {
                top = id;
            }
        }
        String conflict = null;
        for (Measure m : Measure.values()) {
            Long pick = m.of(ev.get(kafkaPick));
            Long bestValue = m.of(ev.get(top));
            if (pick != null && bestValue != null && pick > bestValue) {
                conflict = m.label + " says broker " + kafkaPick + " holds more (" + pick + m.unit + " vs "
                        + bestValue + m.unit + ")";
            }
        }
        String compared = liveReplicas.stream().map(id -> "broker " + id + " " + d.of(ev.get(id)) + d.unit)
                .collect(Collectors.joining(", "));
        if (conflict != null) {
            return new Choice(null, "evidence conflicts: by " + d.label + " broker " + top + " holds most (" + compared
                    + ") but " + conflict + "; Kafka's pick, broker " + kafkaPick + ", stands", false);
        }
        if (top.equals(kafkaPick)) {
            return new Choice(top, "Kafka's pick, broker " + kafkaPick + ", holds the most data by " + d.label + " ("
                    + compared + ")", false);
        }
        if (d == Measure.SIZE && compacted(topic)) {
            // Compaction removes records but keeps the latest of each key: a larger log is not more
            // records, so bytes alone do not justify moving the preferred leader.
            return new Choice(null, "broker " + top + " has the larger log (" + compared + "), but " + p.topic()
                    + " is compacted: bytes are not records, so kshell does not reorder; Kafka's pick, broker "
                    + kafkaPick + ", will lead", false);
        }
        if (keepOrder) {
            return new Choice(top, "broker " + top + " holds more data than Kafka's pick, broker " + kafkaPick + ", by "
                    + d.label + " (" + compared + "); --keep-order: broker " + kafkaPick + " will lead", false);
        }
        return new Choice(top, "broker " + top + " holds more data than Kafka's pick, broker " + kafkaPick + ", by "
                + d.label + " (" + compared + "): reorder the replicas so that broker " + top + " leads", true);
    }

    /** cleanup.policy includes compact (known only when the topic's configs were read). */
    static boolean compacted(Optional<TopicState> topic) {
        return topic.isPresent() && topic.get().config() != null && topic.get().config().compacted();
    }

    /** The new replica order: {@code best} first, the others in their original order. Same set. */
    public static List<Integer> bestFirst(List<Integer> replicas, int best) {
        List<Integer> out = new ArrayList<>(replicas.size());
        out.add(best);
        for (Integer r : replicas) {
            if (r != best) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    private static Refusal refusal(PartitionState p, Set<Integer> live, List<Integer> liveReplicas) {
        String name = p.name();
        if (p.leader() != null && live.contains(p.leader())) {
            boolean onPreferred = !p.replicas().isEmpty() && p.replicas().get(0).equals(p.leader());
            return new Refusal(RefusalReason.PARTITION_HAS_LEADER, name,
                    name + " has a leader (broker " + p.leader() + "): there is nothing to elect",
                    onPreferred ? "none needed: " + name + " is led by its preferred replica"
                            : "none needed; to move leadership to the preferred replica: elect preferred " + name);
        }
        List<Integer> cleanLive = new ArrayList<>();
        for (Integer r : p.replicas()) {
            if (live.contains(r) && (p.isr().contains(r) || p.elr().contains(r))) {
                cleanLive.add(r);
            }
        }
        if (!cleanLive.isEmpty()) {
            return new Refusal(RefusalReason.CLEAN_ELECTION_POSSIBLE, name,
                    name + ": live replica" + (cleanLive.size() == 1 ? " " : "s ") + join(cleanLive)
                            + " in ISR/ELR: a clean election is possible, with no data loss",
                    "elect preferred " + name + " / wait: the controller elects a clean leader by itself");
        }
        if (liveReplicas.isEmpty()) {
            return new Refusal(RefusalReason.NO_LIVE_REPLICA, name,
                    name + ": no replica is alive (replicas " + join(p.replicas()) + " all down): no election can succeed",
                    "start a broker holding a replica (" + preferCleanFirst(p) + "), then check `leaderless` again");
        }
        return null;
    }

    /** A dead ISR/ELR replica, if started, would be elected cleanly: worth saying before anyone loses data. */
    private static List<String> deadCleanCandidates(PartitionState p, Set<Integer> live) {
        Set<Integer> clean = new LinkedHashSet<>(p.isr());
        clean.addAll(p.elr());
        clean.addAll(p.lastKnownElr());
        List<Integer> dead = clean.stream().filter(r -> !live.contains(r) && p.replicas().contains(r)).toList();
        if (dead.isEmpty()) {
            return List.of();
        }
        return List.of("broker" + (dead.size() == 1 ? " " : "s ") + join(dead)
                + " (ISR/ELR/last-known ELR) " + (dead.size() == 1 ? "is" : "are")
                + " down: if one can be started, the controller elects it cleanly and nothing is lost");
    }

    private static String preferCleanFirst(PartitionState p) {
        Set<Integer> clean = new LinkedHashSet<>(p.elr());
        clean.addAll(p.lastKnownElr());
        clean.addAll(p.isr());
        return clean.isEmpty() ? "brokers " + join(p.replicas())
                : "brokers " + join(List.copyOf(clean)) + " first: they are clean candidates";
    }

    private static String missing(List<Integer> liveReplicas, Map<Integer, ReplicaEvidence> ev) {
        List<String> parts = new ArrayList<>();
        for (Integer id : liveReplicas) {
            ReplicaEvidence e = ev.get(id);
            if (e == null) {
                parts.add("no evidence from broker " + id);
            } else if (e.error() != null) {
                parts.add("broker " + id + ": " + e.error());
            }
        }
        return parts.isEmpty() ? "no measure is known for every live replica" : String.join("; ", parts);
    }

    static DataAtRisk dataAtRisk(PartitionState p, List<Integer> liveReplicas, Map<Integer, ReplicaEvidence> ev,
                                 OffsetsSeen remembered, Integer winner) {
        if (winner == null) {
            return new DataAtRisk(null, null, true, null, "no live replica to elect",
                    "unknown: no live replica to elect");
        }
        ReplicaEvidence w = ev.get(winner);
        Long records = null;
        String recordBasis = null;
        Long winnerEnd = w == null ? null : w.logEndOffset();
        if (winnerEnd != null) {
            if (remembered != null && remembered.highWatermark() >= 0) {
                records = Math.max(0, remembered.highWatermark() - winnerEnd);
                recordBasis = "high watermark " + remembered.highWatermark() + " seen at " + remembered.seenAt()
                        + " vs log end offset " + winnerEnd + " on broker " + winner;
            }
            Long maxLiveEnd = max(liveReplicas, ev, Measure.END_OFFSET);
            if (maxLiveEnd != null && (records == null || maxLiveEnd - winnerEnd > records)) {
                records = Math.max(0, maxLiveEnd - winnerEnd);
                recordBasis = "live replicas hold up to offset " + maxLiveEnd + ", broker " + winner + " "
                        + winnerEnd;
            }
        }
        Long bytes = null;
        String byteBasis = null;
        Long winnerSize = w == null ? null : w.logSizeBytes();
        Long maxLiveSize = max(liveReplicas, ev, Measure.SIZE);
        if (winnerSize != null && maxLiveSize != null) {
            bytes = Math.max(0, maxLiveSize - winnerSize);
            byteBasis = bytes == 0 ? "broker " + winner + " has the largest live log, " + winnerSize + " B"
                    : "broker " + winner + " has " + winnerSize + " B, the largest live log " + maxLiveSize + " B";
        }
        String unknownRecords = null;
        if (records == null) {
            StringBuilder why = new StringBuilder("log end offset of broker " + winner
                    + " unknown (a leaderless partition cannot be listed)");
            if (remembered == null || remembered.highWatermark() < 0) {
                why.append(", no high watermark remembered for ").append(p.name());
            } else {
                why.append("; the loss is counted after the election against the high watermark ")
                        .append(remembered.highWatermark()).append(" seen at ").append(remembered.seenAt());
            }
            unknownRecords = why.toString();
        }
        String summary;
        String plainly = plainly(p, liveReplicas, winner, winnerSize, records, remembered);
        if (records == null && bytes == null) {
            summary = "unknown: " + unknownRecords;
        } else {
            List<String> parts = new ArrayList<>();
            if (records != null) {
                parts.add("≥ " + records + " record" + (records == 1 ? "" : "s") + " (" + recordBasis + ")");
            }
            if (bytes != null) {
                parts.add((bytes == 0 ? "0 B" : "≥ " + bytes + " B") + " on live replicas (" + byteBasis + ")");
            }
            if (records == null) {
                parts.add("records unknown: " + unknownRecords);
            }
            summary = String.join("; ", parts) + "; the dead replicas cannot be asked, so more may be lost";
        }
        if (plainly != null) {
            summary = plainly + ". " + summary;
        }
        List<String> basis = new ArrayList<>();
        if (recordBasis != null) {
            basis.add(recordBasis);
        }
        if (byteBasis != null) {
            basis.add(byteBasis);
        }
        return new DataAtRisk(records, bytes, true, basis.isEmpty() ? null : String.join("; ", basis),
                unknownRecords, summary);
    }

    /**
     * The sentence a tired operator must read first, when the winner holds nothing or far less than was there:
     * "broker 5 holds no data: the partition restarts from offset 0; everything written to broker 4 is lost".
     * Null when the loss is not that plain.
     */
    static String plainly(PartitionState p, List<Integer> liveReplicas, int winner, Long winnerSize, Long records,
                          OffsetsSeen remembered) {
        List<Integer> dead = p.replicas().stream().filter(r -> !liveReplicas.contains(r)).toList();
        String deadOnes = dead.isEmpty() ? "the other replicas" : "broker" + (dead.size() == 1 ? " " : "s ") + join(dead);
        if (winnerSize != null && winnerSize == 0) {
            return "broker " + winner + " holds no data: the partition restarts from offset 0; everything written to "
                    + deadOnes + " is lost" + (remembered != null && remembered.highWatermark() > 0
                    ? " (" + remembered.highWatermark() + " records up to the high watermark seen at "
                    + remembered.seenAt() + ")" : "");
        }
        if (records != null && remembered != null && remembered.highWatermark() > 0
                && records * 2 >= remembered.highWatermark()) {
            return "broker " + winner + " holds at most " + (remembered.highWatermark() - records) + " of the "
                    + remembered.highWatermark() + " records seen: at least " + records + " written to " + deadOnes
                    + " are lost";
        }
        return null;
    }

    private static Long max(List<Integer> ids, Map<Integer, ReplicaEvidence> ev, Measure m) {
        Long max = null;
        for (Integer id : ids) {
            Long v = m.of(ev.get(id));
            if (v == null) {
                return null;
            }
            max = max == null ? v : Math.max(max, v);
        }
        return max;
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
