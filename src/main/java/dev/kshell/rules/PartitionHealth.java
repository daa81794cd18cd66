package dev.kshell.rules;

import dev.kshell.model.BrokerState;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The partition checks behind {@code leaderless}, {@code under-min-isr}, {@code at-min-isr} and
 * {@code under-replicated}. Pure functions of a snapshot; one pass over the partitions, allocating only for the
 * partitions selected.
 *
 * <p>Semantics match Kafka 4.4.0's {@code TopicCommand --describe} options (read from its bytecode):
 * <ul>
 *   <li>leaderless ({@code --unavailable-partitions}): leader is null, or the leader id is not a live broker
 *       (registered and not fenced, i.e. what {@code describeCluster().nodes()} lists);</li>
 *   <li>under-min-ISR ({@code --under-min-isr-partitions}): leader is null, or ISR size &lt; effective
 *       min.insync.replicas. A non-null leader on a dead broker alone does not count (it is leaderless);</li>
 *   <li>at-min-ISR ({@code --at-min-isr-partitions}): ISR size == effective min.insync.replicas, leader or not;</li>
 *   <li>under-replicated ({@code --under-replicated-partitions}): ISR size &lt; replica count.</li>
 * </ul>
 * When a topic's config was not loaded, the min-ISR checks select its partitions that are known to qualify
 * (no leader, for under-min-ISR) and list the topic in {@link PartitionReport#unknownMinIsr()}; they never guess.
 */
public final class PartitionHealth {

    /** Internal topics first, then by name. */
    public static final Comparator<TopicState> TOPIC_ORDER =
            Comparator.comparing((TopicState t) -> !t.internal()).thenComparing(TopicState::name);

    private PartitionHealth() {
    }

    public static PartitionReport leaderless(ClusterSnapshot snapshot, TopicFilter filter) {
        return check(PartitionCheck.LEADERLESS, snapshot, filter);
    }

    public static PartitionReport underMinIsr(ClusterSnapshot snapshot, TopicFilter filter) {
        return check(PartitionCheck.UNDER_MIN_ISR, snapshot, filter);
    }

    public static PartitionReport atMinIsr(ClusterSnapshot snapshot, TopicFilter filter) {
        return check(PartitionCheck.AT_MIN_ISR, snapshot, filter);
    }

    public static PartitionReport underReplicated(ClusterSnapshot snapshot, TopicFilter filter) {
        return check(PartitionCheck.UNDER_REPLICATED, snapshot, filter);
    }

    /** Runs one check over the topics the filter selects. */
    public static PartitionReport check(PartitionCheck check, ClusterSnapshot snapshot, TopicFilter filter) {
        if (!filter.valid()) {
            return PartitionReport.failed(check, PartitionReport.Status.INVALID_FILTER, filter.error());
        }
        List<TopicState> topics = select(snapshot, filter);
        if (topics.isEmpty() && filter.mode() != TopicFilter.Mode.ALL) {
            String message = filter.mode() == TopicFilter.Mode.TOPIC
                    ? "no such topic: " + filter.value()
                    : "no topic matches --pattern " + filter.value();
            return PartitionReport.failed(check, PartitionReport.Status.NO_SUCH_TOPIC, message);
        }
        Set<Integer> live = snapshot.liveBrokerIds();
        List<TopicGroup> groups = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        int total = 0;
        for (TopicState topic : topics) {
            Integer minIsr = topic.config() == null ? null : topic.config().minIsr();
            List<PartitionFinding> hits = null;
            boolean undecided = false;
            for (PartitionState p : topic.partitions()) {
                int verdict = judge(check, p, live, minIsr);
                if (verdict == UNKNOWN) {
                    undecided = true;
                } else if (verdict == YES) {
                    if (hits == null) {
                        hits = new ArrayList<>();
                    }
                    hits.add(finding(p, live, minIsr));
                }
            }
            if (undecided) {
                unknown.add(topic.name());
            }
            if (hits != null) {
                hits.sort(Comparator.comparingInt(PartitionFinding::partition));
                groups.add(new TopicGroup(topic.name(), topic.internal(), minIsr, hits.size(), hits));
                total += hits.size();
            }
        }
        return new PartitionReport(check.label(), PartitionReport.Status.OK, null, groups, total, unknown);
    }

    private static final int NO = 0;
    private static final int YES = 1;
    private static final int UNKNOWN = -1;

    private static int judge(PartitionCheck check, PartitionState p, Set<Integer> live, Integer minIsr) {
        return switch (check) {
            case LEADERLESS -> isLeaderless(p, live) ? YES : NO;
            case UNDER_REPLICATED -> isUnderReplicated(p) ? YES : NO;
            case UNDER_MIN_ISR -> {
                if (isLeaderless(p, live)) { // as triage's step 5: no leader, or one that is not live
                    yield YES;
                }
                yield minIsr == null ? UNKNOWN : (p.isr().size() < minIsr ? YES : NO);
            }
            case AT_MIN_ISR -> minIsr == null ? UNKNOWN : (p.isr().size() == minIsr ? YES : NO);
        };
    }

    /** Topics the filter selects, internal first, then by name. */
    public static List<TopicState> select(ClusterSnapshot snapshot, TopicFilter filter) {
        List<TopicState> selected = new ArrayList<>();
        for (TopicState t : snapshot.topics()) {
            if (filter.matches(t.name())) {
                selected.add(t);
            }
        }
        selected.sort(TOPIC_ORDER);
        return selected;
    }

    /**
     * The snapshot as the partition rules judge it when some registered, unfenced brokers do not answer on their own
     * endpoint ({@code silent}): those count as down, so that a partition whose leader was killed a second ago is
     * leaderless now, in triage's steps 3 to 5, in {@code leaderless} and its siblings, in the prompt and under
     * {@code watch} alike, not only once the controller has fenced the broker (a leader that does not answer serves
     * no producer). The snapshot itself is unchanged when nobody is silent.
     */
    public static ClusterSnapshot judged(ClusterSnapshot snapshot, Set<Integer> silent) {
        if (silent == null || silent.isEmpty()) {
            return snapshot;
        }
        List<BrokerState> brokers = snapshot.brokers().stream().map(b -> silent.contains(b.id())
                ? new BrokerState(b.id(), b.host(), b.port(), b.rack(), true) : b).toList();
        return snapshot.withBrokers(brokers);
    }

    /** No leader, or a leader that is not a live broker (TopicCommand's {@code --unavailable-partitions}). */
    public static boolean isLeaderless(PartitionState p, Set<Integer> liveBrokerIds) {
        return p.leader() == null || !liveBrokerIds.contains(p.leader());
    }

    /**
     * TopicCommand's {@code --under-min-isr-partitions}: no leader, or ISR size &lt; minIsr. Returns null when the
     * partition has a leader and minIsr is unknown.
     */
    public static Boolean isUnderMinIsr(PartitionState p, Integer minIsr) {
        if (p.leader() == null) {
            return true;
        }
        return minIsr == null ? null : p.isr().size() < minIsr;
    }

    /** ISR size &lt; replica count. */
    public static boolean isUnderReplicated(PartitionState p) {
        return p.isr().size() < p.replicas().size();
    }

    /** How a leaderless partition can recover; null when it is not leaderless. */
    public static RecoveryClass recovery(PartitionState p, Set<Integer> liveBrokerIds) {
        if (!isLeaderless(p, liveBrokerIds)) {
            return null;
        }
        for (Integer id : p.isr()) {
            if (liveBrokerIds.contains(id)) {
                return RecoveryClass.CLEAN_POSSIBLE;
            }
        }
        for (Integer id : p.elr()) {
            if (liveBrokerIds.contains(id)) {
                return RecoveryClass.CLEAN_POSSIBLE;
            }
        }
        for (Integer id : p.replicas()) {
            if (liveBrokerIds.contains(id)) {
                return RecoveryClass.UNCLEAN_ONLY;
            }
        }
        return RecoveryClass.NO_LIVE_REPLICA;
    }

    /** The finding for one partition (whatever check selected it). */
    public static PartitionFinding finding(PartitionState p, Set<Integer> liveBrokerIds, Integer minIsr) {
        List<ReplicaMark> marks = new ArrayList<>(p.replicas().size());
        for (Integer id : p.replicas()) {
            marks.add(new ReplicaMark(id, liveBrokerIds.contains(id)));
        }
        return new PartitionFinding(p.topic(), p.partition(), p.leader(), marks, p.isr(), p.elr(),
                p.lastKnownElr(), recovery(p, liveBrokerIds), minIsr);
    }

    /**
     * What to do about a leaderless partition; null when it is not leaderless.
     * <ul>
     *   <li>clean-possible: wait (the controller elects a live ISR/ELR replica by itself); when the preferred
     *       replica is such a replica, {@code elect preferred --topic T} asks for it explicitly;</li>
     *   <li>unclean-only: {@code elect unclean T-P} is the last resort (see its plan first); starting a dead
     *       ISR/ELR replica instead allows a clean election;</li>
     *   <li>no-live-replica: start a broker, preferring dead ISR/ELR members (a clean election follows), then the
     *       last-known ELR, then any replica.</li>
     * </ul>
     */
    public static Advice advice(PartitionFinding f) {
        if (f.recovery() == null) {
            return null;
        }
        Set<Integer> live = new LinkedHashSet<>();
        for (ReplicaMark m : f.replicas()) {
            if (m.live()) {
                live.add(m.id());
            }
        }
        Set<Integer> eligible = new LinkedHashSet<>(f.isr());
        eligible.addAll(f.elr());
        return switch (f.recovery()) {
            case CLEAN_POSSIBLE -> {
                List<Integer> candidates = eligible.stream().filter(live::contains).toList();
                Integer preferred = f.replicas().isEmpty() ? null : f.replicas().get(0).id();
                String base = "wait: the controller will elect a live ELR/ISR replica (" + ids(candidates) + ")";
                if (preferred != null && candidates.contains(preferred)) {
                    String cmd = "elect preferred --topic " + f.topic();
                    yield new Advice(base + "; if it stays leaderless: `" + cmd + "`", cmd);
                }
                yield new Advice(base, "leaderless --topic " + f.topic());
            }
            case UNCLEAN_ONLY -> {
                String cmd = "elect unclean " + f.name() + " --dry-run";
                List<Integer> deadEligible = eligible.stream().filter(id -> !live.contains(id)).toList();
                String alt = deadEligible.isEmpty() ? ""
                        : "; starting broker " + ids(deadEligible) + " (ISR/ELR) allows a clean election instead";
                yield new Advice("only out-of-sync replicas alive (" + allIds(List.copyOf(live))
                        + "): `elect unclean " + f.name() + "` is the last resort, see its plan (`" + cmd + "`)"
                        + alt, cmd);
            }
            case NO_LIVE_REPLICA -> new Advice(noLiveReplica(f), null);
        };
    }

    /**
     * A partition with no live replica. When a broker to start is eligible (ISR/ELR), starting it on a new, empty
     * disk makes it lead the partition with an empty log, cleanly as far as Kafka can tell and with no warning
     * (docs/kafka-behaviour.md, "A broker back on an empty disk"): the advice never says "start it" without that.
     */
    static String noLiveReplica(PartitionFinding f) {
        List<Integer> start = brokersToStart(f);
        String evacuate = "`reassign evacuate " + String.join(" ", start.stream().map(String::valueOf).toList()) + "`";
        boolean eligible = !f.isr().isEmpty() || !f.elr().isEmpty();
        if (!eligible) {
            return "no replica alive: start broker " + ids(start) + " (keeps its records), or if it will not come back "
                    + evacuate + " (every record of it lost)";
        }
        return "no replica alive: start broker " + ids(start) + " on its own disk (keeps its records); on a new, empty "
                + "disk its records are gone and Kafka may make it lead EMPTY with no warning (`brokers new-disk "
                + start.get(0) + "` says before the start; safer: " + evacuate + " first)";
    }

    /** The brokers whose return gives the partition a leader, best first: ISR/ELR, then last-known ELR, then any. */
    public static List<Integer> brokersToStart(PartitionFinding f) {
        Set<Integer> best = new LinkedHashSet<>(f.isr());
        best.addAll(f.elr());
        if (best.isEmpty()) {
            best.addAll(f.lastKnownElr());
        }
        if (best.isEmpty()) {
            for (ReplicaMark m : f.replicas()) {
                best.add(m.id());
            }
        }
        return List.copyOf(best);
    }

    /** "5", "5 or 6", "4, 5 or 6": any one of them will do. */
    static String ids(List<Integer> ids) {
        return join(ids, " or ");
    }

    /** "5", "5 and 6", "4, 5 and 6": all of them. */
    public static String allIds(List<Integer> ids) {
        return join(ids, " and ");
    }

    private static String join(List<Integer> ids, String last) {
        if (ids.isEmpty()) {
            return "none";
        }
        if (ids.size() == 1) {
            return ids.get(0).toString();
        }
        StringJoiner j = new StringJoiner(", ");
        for (int i = 0; i < ids.size() - 1; i++) {
            j.add(ids.get(i).toString());
        }
        return j + last + ids.get(ids.size() - 1);
    }
}
