package dev.kshell.diagnosis;

import dev.kshell.model.Finding;
import dev.kshell.model.LeaderTerm;
import dev.kshell.model.Severity;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Is the quorum leader (the active controller; in ZooKeeper mode the controller) stable? Pure: the history kshell
 * remembers (this session's reads and the state file's, merged, the current read included), the time now and a
 * window go in; a judgement comes out. Triage step 1 and the unclean-election guard both use it, so they never
 * disagree.
 *
 * <p>A leader change is a term kshell saw after another one. It counts as inside the window when kshell first saw
 * the new term inside the window AND had seen the one before it no more than one window earlier: otherwise kshell
 * was not looking when it happened and cannot place it. A change counts as many elections as the epoch climbed
 * (epoch 3 -> 7 is four elections even when kshell saw only two leaders), else one. Any election in the window
 * makes the quorum unstable: a controller that has just taken over has not shown yet that it will last (a new
 * controller that loses its session before it finishes taking over is the seed incident's flapping); 3 or more are
 * "flapping" and an ERROR.
 *
 * @param stable       no election inside the window, as far as kshell can tell
 * @param changes      elections counted inside the window
 * @param fromEpoch    the epoch before the first counted change, or null (none counted, or epochs unknown)
 * @param toEpoch      the epoch after the last counted change, or null
 * @param leaders      the leader before the first counted change, then the leader after each one
 * @param window       the window judged
 * @param lastChangeAt when kshell first saw the newest counted leader, or null
 * @param knownSince   kshell's oldest remembered read of this cluster's quorum, or null when it remembers none
 * @param sentence     one line for the operator
 * @param judgedAt     "now" of the judgement: the window is {@code [judgedAt - window, judgedAt]}
 */
public record QuorumStability(boolean stable, int changes, Long fromEpoch, Long toEpoch, List<Integer> leaders,
                              Duration window, Instant lastChangeAt, Instant knownSince, String sentence,
                              Instant judgedAt) {

    /** The window triage and the guard judge: long enough for flapping to show, short enough to forgive. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(10);
    /** From this many elections in the window on, the quorum is flapping (an ERROR, not a WARNING). */
    public static final int FLAPPING = 3;

    public QuorumStability {
        leaders = List.copyOf(leaders);
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
        int changes = 0;
        List<Integer> leaders = new ArrayList<>();
        Long fromEpoch = null;
        Long toEpoch = null;
        Instant lastChangeAt = null;
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
            boolean epochs = before.epoch() >= 0 && after.epoch() >= 0;
            changes += epochs && after.epoch() > before.epoch() ? (int) Math.min(Integer.MAX_VALUE / 2,
                    after.epoch() - before.epoch()) : 1;
            if (leaders.isEmpty()) {
                leaders.add(before.leaderId());
                fromEpoch = before.epoch() >= 0 ? before.epoch() : null;
            }
            leaders.add(after.leaderId());
            toEpoch = after.epoch() >= 0 ? after.epoch() : null;
            lastChangeAt = after.firstSeenAt();
        }
        if (fromEpoch == null) {
            toEpoch = null;
        }
        return new QuorumStability(changes == 0, changes, fromEpoch, toEpoch, leaders, window, lastChangeAt,
                knownSince, sentence(changes, fromEpoch, toEpoch, leaders, window, led, knownSince, at), at);
    }

    /** {@link #judge} over {@link #DEFAULT_WINDOW}. */
    public static QuorumStability judge(List<LeaderTerm> terms, Instant at) {
        return judge(terms, at, DEFAULT_WINDOW);
    }

    /**
     * Triage step 1's finding: null when stable. The fix names the causes the seed incident had (GC pauses on the
     * controller, network, a slow metadata-log disk) and says to leave unclean election alone meanwhile.
     */
    public Finding finding() {
        if (stable) {
            return null;
        }
        return new Finding(changes >= FLAPPING ? Severity.ERROR : Severity.WARNING, "quorum-unstable", "quorum",
                sentence, DO);
    }

    /** The "do:" of an unstable quorum. */
    public static final String DO = "find why the controller keeps changing: long GC pauses on the active controller "
            + "(its GC log), network between the controllers, a slow disk under the metadata log (metadata.log.dir); "
            + "do not touch unclean election now: wait until the leader holds";

    private static String sentence(int changes, Long fromEpoch, Long toEpoch, List<Integer> leaders, Duration window,
                                   List<LeaderTerm> led, Instant knownSince, Instant at) {
        String span = "in the last " + minutes(window);
        if (changes > 0) {
            List<String> details = new ArrayList<>();
            if (fromEpoch != null && toEpoch != null) {
                details.add("epoch " + fromEpoch + " -> " + toEpoch);
            }
            details.add("leaders " + leaders.stream().map(String::valueOf).collect(Collectors.joining(", ")));
            return "quorum unstable: leader changed " + times(changes) + " " + span + " (" + String.join("; ", details)
                    + ")";
        }
        if (led.isEmpty()) {
            return knownSince == null ? "no quorum read remembered: stability unknown"
                    : "no quorum leader seen " + span;
        }
        LeaderTerm current = led.get(led.size() - 1);
        String who = "leader " + current.leaderId() + (current.epoch() >= 0 ? " (epoch " + current.epoch() + ")" : "");
        Duration held = Duration.between(current.firstSeenAt(), at);
        if (led.size() == 1 && held.compareTo(Duration.ofSeconds(1)) < 0) {
            return "first quorum read kshell remembers for this cluster: " + who + "; a change shows from the next "
                    + "read on";
        }
        String out = "stable: " + who + " unchanged since kshell first saw it " + minutes(held) + " ago";
        if (led.size() >= 2) {
            LeaderTerm before = led.get(led.size() - 2);
            Duration gap = Duration.between(before.lastSeenAt(), current.firstSeenAt());
            if (gap.compareTo(window) > 0 && held.compareTo(window) <= 0) {
                out += "; before that kshell last looked " + minutes(Duration.between(before.lastSeenAt(), at))
                        + " ago (leader " + before.leaderId()
                        + (before.epoch() >= 0 && current.epoch() >= 0 ? ", epoch " + before.epoch() : "")
                        + "): when it changed is unknown";
            }
        }
        return out;
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }

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
}
