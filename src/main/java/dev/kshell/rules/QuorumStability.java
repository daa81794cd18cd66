package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.Severity;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * How the quorum leader (the active controller; in ZooKeeper mode the controller broker) has behaved, as far as
 * kshell watched. Pure: the remembered history (this session's reads, earlier runs', the current read, with what the
 * nodes answered when probed), the time now and a window go in; one {@link Kind} comes out. Triage step 1 and the
 * unclean-election guard both use it, so they never disagree.
 *
 * <ul>
 *   <li>{@link Kind#NO_LEADER}: the newest read found no leader, or its leader did not answer.</li>
 *   <li>{@link Kind#UNSTABLE}: two or more elections inside the window, or one whose old leader stayed up (it
 *       answered right after it lost leadership: GC pauses, network, a slow metadata disk or a slow ZooKeeper).</li>
 *   <li>{@link Kind#FAILOVER}: one election in the window, its old leader gone (or why unknown): the quorum did its
 *       job; information, not a finding.</li>
 *   <li>{@link Kind#UNKNOWN}: kshell has watched the current leader for less than {@link #MIN_WATCH} and remembers
 *       nothing earlier: no history is not stability.</li>
 *   <li>{@link Kind#STABLE}: no election inside the window, watched long enough to say so (the sentence says how
 *       long).</li>
 * </ul>
 *
 * <p>A change counts as inside the window when kshell first saw the new term inside it AND had seen the one before
 * no more than one window earlier (else kshell was not looking and cannot place it). A change whose old leader was
 * gone is one election; any other counts as many elections as the epoch climbed (epoch 3 -> 7 is four).
 *
 * @param stable        {@code kind} is STABLE or FAILOVER
 * @param kind          the judgement
 * @param changes       elections counted inside the window
 * @param fromEpoch     the epoch before the first counted change, or null
 * @param toEpoch       the epoch after the last counted change, or null
 * @param leaders       the leader before the first counted change, then the leader after each one
 * @param window        the window judged
 * @param lastChangeAt  when kshell first saw the newest counted leader, or null
 * @param knownSince    kshell's oldest remembered read of this cluster's quorum, or null when it remembers none
 * @param sentence      one line for the operator
 * @param judgedAt      "now" of the judgement: the window is {@code [judgedAt - window, judgedAt]}
 * @param leaderChanges each counted change: from, to, when kshell first saw it, why
 * @param leaderHeldFor how long the current leader has held as far as kshell watched, or null (no leader seen)
 * @param watchedFor    how long kshell's remembered reads of this cluster span (earliest to now), or null
 * @param mode          {@link QuorumObservation#KRAFT} or {@link QuorumObservation#ZOOKEEPER} of the newest read
 */
public record QuorumStability(boolean stable, Kind kind, int changes, Long fromEpoch, Long toEpoch,
                              List<Integer> leaders, Duration window, Instant lastChangeAt, Instant knownSince,
                              String sentence, Instant judgedAt, List<Change> leaderChanges, Duration leaderHeldFor,
                              Duration watchedFor, String mode) {

    /** The window triage and the guard judge: long enough for flapping to show, short enough to forgive. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(10);
    /** From this many elections in the window on, the quorum is flapping (an ERROR, not a WARNING). */
    public static final int FLAPPING = 3;
    /** How long kshell watches a quorum it remembers nothing of before it judges (triage and the guard). */
    public static final Duration MIN_WATCH = Duration.ofSeconds(5);
    /** A sighting of the old leader answering this soon after its last term counts as "it stayed up". */
    static final Duration STAYED_UP_GAP = Duration.ofSeconds(10);

    /** What the history says. */
    public enum Kind { STABLE, FAILOVER, UNSTABLE, UNKNOWN, NO_LEADER }

    /** Why a leader changed, as far as kshell can tell. */
    public enum Cause { OLD_LEADER_GONE, OLD_LEADER_STAYED_UP, UNKNOWN }

    /**
     * One leader change kshell saw.
     *
     * @param from      the old leader
     * @param to        the new leader
     * @param at        when kshell first saw the new leader (the change happened at or before)
     * @param cause     why, as far as kshell can tell
     * @param fromEpoch the old epoch, or null
     * @param toEpoch   the new epoch, or null
     * @param elections elections this change counts for
     */
    public record Change(int from, int to, Instant at, Cause cause, Long fromEpoch, Long toEpoch, int elections) {
    }

    public QuorumStability {
        stable = kind == Kind.STABLE || kind == Kind.FAILOVER;
        leaders = List.copyOf(leaders);
        leaderChanges = leaderChanges == null ? List.of() : List.copyOf(leaderChanges);
    }

    /**
     * @param terms  the remembered terms, oldest first ({@code QuorumHistory.merge} of the file's, this session's and
     *               the current read)
     * @param at     now
     * @param window how far back to look
     */
    public static QuorumStability judge(List<LeaderTerm> terms, Instant at, Duration window) {
        Instant windowStart = at.minus(window);
        List<LeaderTerm> led = terms.stream().filter(LeaderTerm::hasLeader).toList();
        Instant knownSince = terms.isEmpty() ? null : terms.get(0).firstSeenAt();
        List<Change> counted = new ArrayList<>();
        List<Integer> leaders = new ArrayList<>();
        int changes = 0;
        for (int i = 1; i < led.size(); i++) {
            LeaderTerm before = led.get(i - 1);
            LeaderTerm after = led.get(i);
            boolean seenInWindow = !after.firstSeenAt().isBefore(windowStart) && !after.firstSeenAt().isAfter(at);
            boolean placeable = Duration.between(before.lastSeenAt(), after.firstSeenAt()).compareTo(window) <= 0;
            // the same leader once read with an epoch and once without (e.g. with and without --zookeeper): no
            // sign of an election
            boolean sameLeaderEpochUnknown = before.leaderId() == after.leaderId()
                    && (before.epoch() < 0 || after.epoch() < 0);
            if (!seenInWindow || !placeable || sameLeaderEpochUnknown) {
                continue;
            }
            Cause cause = cause(before, after, terms);
            boolean epochs = before.epoch() >= 0 && after.epoch() >= 0;
            int elections = cause != Cause.OLD_LEADER_GONE && epochs && after.epoch() > before.epoch()
                    ? (int) Math.min(Integer.MAX_VALUE / 2, after.epoch() - before.epoch()) : 1;
            changes += elections;
            if (leaders.isEmpty()) {
                leaders.add(before.leaderId());
            }
            leaders.add(after.leaderId());
            counted.add(new Change(before.leaderId(), after.leaderId(), after.firstSeenAt(), cause,
                    before.epoch() >= 0 ? before.epoch() : null, after.epoch() >= 0 ? after.epoch() : null,
                    elections));
        }
        Long fromEpoch = counted.isEmpty() ? null : counted.get(0).fromEpoch();
        Long toEpoch = fromEpoch == null ? null : counted.get(counted.size() - 1).toEpoch();
        Instant lastChangeAt = counted.isEmpty() ? null : counted.get(counted.size() - 1).at();
        LeaderTerm newest = terms.isEmpty() ? null : terms.get(terms.size() - 1);
        LeaderTerm current = led.isEmpty() ? null : led.get(led.size() - 1);
        Duration heldFor = current == null ? null : nonNegative(Duration.between(current.firstSeenAt(), at));
        Duration watchedFor = knownSince == null ? null : nonNegative(Duration.between(knownSince, at));
        Kind kind = kind(newest, counted, changes, watchedFor);
        String mode = newest == null ? QuorumObservation.KRAFT : newest.mode();
        QuorumStability draft = new QuorumStability(false, kind, changes, fromEpoch, toEpoch, leaders, window,
                lastChangeAt, knownSince, "", at, counted, heldFor, watchedFor, mode);
        return draft.withSentence(QuorumStabilityText.sentence(draft, led, newest));
    }

    /** {@link #judge} over {@link #DEFAULT_WINDOW}. */
    public static QuorumStability judge(List<LeaderTerm> terms, Instant at) {
        return judge(terms, at, DEFAULT_WINDOW);
    }

    private static Kind kind(LeaderTerm newest, List<Change> counted, int changes, Duration watchedFor) {
        if (newest != null && (!newest.hasLeader() || newest.leaderSilentAtLast())) {
            return Kind.NO_LEADER;
        }
        if (changes >= 2 || counted.stream().anyMatch(c -> c.cause() == Cause.OLD_LEADER_STAYED_UP)) {
            return Kind.UNSTABLE;
        }
        if (changes == 1) {
            return Kind.FAILOVER;
        }
        return watchedFor == null || watchedFor.compareTo(MIN_WATCH) < 0 ? Kind.UNKNOWN : Kind.STABLE;
    }

    /**
     * Why {@code before}'s leader lost leadership to {@code after}'s: gone when kshell saw it not answering while it
     * was still named (any term of it up to the change) or right after; stayed up when it answered with the first read
     * of the new term and kshell had seen the old term moments before (no time for a restart); unknown otherwise.
     */
    static Cause cause(LeaderTerm before, LeaderTerm after, List<LeaderTerm> terms) {
        int old = before.leaderId();
        for (LeaderTerm t : terms) {
            if (t == after) {
                break;
            }
            if (t.leaderId() == old && t.leaderSilentAt() != null
                    && !t.leaderSilentAt().isBefore(before.firstSeenAt())) {
                return Cause.OLD_LEADER_GONE;
            }
        }
        if (after.silentAtFirst() != null && after.silentAtFirst().contains(old)) {
            return Cause.OLD_LEADER_GONE;
        }
        boolean watching = Duration.between(before.lastSeenAt(), after.firstSeenAt()).compareTo(STAYED_UP_GAP) <= 0;
        if (watching && after.answeringAtFirst() != null && after.answeringAtFirst().contains(old)) {
            return Cause.OLD_LEADER_STAYED_UP;
        }
        return Cause.UNKNOWN;
    }

    private QuorumStability withSentence(String text) {
        return new QuorumStability(stable, kind, changes, fromEpoch, toEpoch, leaders, window, lastChangeAt,
                knownSince, text, judgedAt, leaderChanges, leaderHeldFor, watchedFor, mode);
    }

    /** True for a ZooKeeper-mode controller's history. */
    public boolean zooKeeperMode() {
        return QuorumObservation.ZOOKEEPER.equals(mode);
    }

    /**
     * Triage step 1's finding about the history: WARNING / ERROR (3+ elections) when UNSTABLE, INFO for a failover
     * or when stability is unknown; null when STABLE or NO_LEADER (the no-leader findings speak then).
     */
    public Finding finding() {
        return switch (kind) {
            case UNSTABLE -> new Finding(changes >= FLAPPING ? Severity.ERROR : Severity.WARNING, "quorum-unstable",
                    zooKeeperMode() ? "controller" : "quorum", sentence, zooKeeperMode() ? DO_ZOOKEEPER : DO);
            case FAILOVER -> new Finding(Severity.INFO, "quorum-failover", zooKeeperMode() ? "controller" : "quorum",
                    sentence, null);
            case UNKNOWN -> new Finding(Severity.INFO, "quorum-stability-unknown",
                    zooKeeperMode() ? "controller" : "quorum", sentence, null);
            default -> null;
        };
    }

    /** The "do:" of an unstable KRaft quorum. */
    public static final String DO = "find why the controller keeps changing: long GC pauses on the active controller "
            + "(its GC log), network between the controllers, a slow disk under the metadata log (metadata.log.dir); "
            + "do not touch unclean election now: wait until the leader holds";

    /** The "do:" of an unstable ZooKeeper-mode controller. */
    public static final String DO_ZOOKEEPER = "find why the controller keeps changing: ZooKeeper session expiries of "
            + "the controller broker (its log: 'session expired'), ZooKeeper latency (the ensemble's disk and load), "
            + "long GC pauses on the controller broker; do not touch unclean election now: wait until it holds";

    /** "45 s", "10 min", "2 h 5 min". */
    public static String minutes(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min";
        }
        long h = s / 3600;
        long m = (s % 3600) / 60;
        return h + " h" + (m == 0 ? "" : " " + m + " min");
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
