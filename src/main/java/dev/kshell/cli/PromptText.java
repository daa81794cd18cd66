package dev.kshell.cli;

import dev.kshell.rules.StepStatus;

import dev.kshell.render.Safe;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.rules.configs.TemporaryReminders;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.render.Tone;
import dev.kshell.connection.ShellSession;

import java.util.Set;
import dev.kshell.model.SnapshotRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Objects;

/**
 * The REPL prompt: the connection's name and a health mark from the last snapshot (no round trip per prompt).
 * {@code kshell[prod-eu] ok> }, {@code kshell[prod-eu] !3 leaderless> }, {@code kshell[prod-eu] !no quorum> };
 * a trailing {@code ?} says the last background refresh failed, so the mark may be old; a mark older than
 * {@link #STALE_AFTER} says its age ({@code ok 40s?}), so a 3 a.m. reader never takes an old verdict for now.
 */
public final class PromptText {

    /** Endpoint lists longer than this are shortened to the first host and a count. */
    private static final int MAX_LABEL = 32;

    /** The background refresh runs about every 10 s: a mark older than this is not current. */
    static final Duration STALE_AFTER = Duration.ofSeconds(30);

    private PromptText() {
    }

    public static String prompt(ShellSession session, boolean color) {
        return prompt(session, null, color);
    }

    /**
     * The prompt of {@code session} now: its newest snapshot (whoever read it: a command or the background refresh),
     * the brokers that did not answer when it was read, triage's verdict on it while the picture has not changed,
     * and {@code ?} alone when a command changed the cluster after it was read.
     *
     * @param refresher the background refresher, or null; a failure newer than the snapshot adds a {@code ?}
     */
    public static String prompt(ShellSession session, SnapshotRefresher refresher, boolean color) {
        return session.connection().map(c -> {
            ClusterSnapshot s = session.lastSnapshot().orElse(null);
            boolean failed = refresher != null && refresher.lastError() != null;
            if (s != null && !session.healthKnown()) {
                // the cluster was changed after this snapshot: no mark from before the change
                return Safe.unmark("kshell[" + Safe.text(shorten(c.label())) + "] " + Tone.WARN.paint(UNKNOWN, color)
                        + "> ");
            }
            String mark = withQuorum(mark(s, session.silentBrokers(), session.lastVerdict().orElse(null), color), s,
                    session.lastQuorumJudgement().orElse(null), color);
            // the prompt goes to JLine as it is: kshell's own colours take effect here
            return Safe.unmark(withAge(c.label(), s, mark + dueMark(s, color), failed, Instant.now()));
        }).orElse("kshell> ");
    }

    /**
     * An {@code ok} the partitions give, corrected by triage's step 1 on the same snapshot: a quorum one controller
     * loss from stopping (a voter on an old disk, a voter not caught up) reads {@code degraded}, a lost majority
     * {@code !quorum}; every other mark already says more.
     */
    static String withQuorum(String mark, ClusterSnapshot s, ShellSession.QuorumJudgement quorum, boolean color) {
        if (quorum == null || quorum.status() == StepStatus.OK || !sameQuorum(quorum.judged(), s)
                || !mark.equals(" " + Tone.GOOD.paint("ok", color))) {
            return mark;
        }
        return quorum.status() == StepStatus.FAIL ? " " + Tone.BAD.paint("!quorum", color)
                : " " + Tone.WARN.paint("degraded", color);
    }

    /** The judged snapshot's quorum is the one {@code now} shows: same cluster, same leader and epoch. */
    private static boolean sameQuorum(ClusterSnapshot judged, ClusterSnapshot now) {
        if (judged == now) {
            return true;
        }
        if (judged == null || now == null || !Objects.equals(judged.clusterId(), now.clusterId())
                || judged.quorum() == null || now.quorum() == null) {
            return false;
        }
        return Objects.equals(judged.quorum().leaderId(), now.quorum().leaderId())
                && judged.quorum().leaderEpoch() == now.quorum().leaderEpoch();
    }

    /**
     * A temporary config change whose time has passed ({@code configs set ... --for}): {@code " revert t1"}, read
     * from kshell's own state on this host (a small local file, no cluster call), apart from the health mark.
     */
    static String dueMark(ClusterSnapshot s, boolean color) {
        if (s == null || s.clusterId() == null) {
            return "";
        }
        String due = TemporaryReminders.promptMark(TemporaryChanges.atHome().read(s.clusterId()).changes(),
                Instant.now());
        return due.isEmpty() ? "" : " " + Tone.WARN.paint(due, color);
    }

    /** The mark shown after a command changed the cluster, until the next read. */
    static final String UNKNOWN = "?";

    /** The prompt for a connection called {@code label}, from {@code snapshot} (null before the first one). */
    public static String prompt(String label, ClusterSnapshot snapshot, boolean refreshFailed, boolean color) {
        return prompt(label, snapshot, refreshFailed, color, null);
    }

    /** As above; with {@code now} (null: age not judged) a mark older than {@link #STALE_AFTER} shows its age. */
    public static String prompt(String label, ClusterSnapshot snapshot, boolean refreshFailed, boolean color,
                                Instant now) {
        return withAge(label, snapshot, mark(snapshot, color), refreshFailed, now);
    }

    private static String withAge(String label, ClusterSnapshot snapshot, String mark, boolean refreshFailed,
                                  Instant now) {
        String age = "";
        if (now != null && snapshot != null && snapshot.takenAt() != null && !mark.isEmpty()) {
            Duration old = Duration.between(snapshot.takenAt(), now);
            if (old.compareTo(STALE_AFTER) > 0) {
                age = " " + age(old) + "?";
            }
        }
        String failed = refreshFailed && snapshot != null && age.isEmpty() ? "?" : "";
        return "kshell[" + Safe.text(shorten(label)) + "]" + mark + age + failed + "> "; // a profile name is a file's
    }

    /** 40s, 3m, 2h. */
    static String age(Duration d) {
        long s = d.toSeconds();
        return s < 120 ? s + "s" : s < 7200 ? (s / 60) + "m" : (s / 3600) + "h";
    }

    /** "h1:9092,h2:9092,h3:9092" becomes "h1:9092+2"; profile names stay as they are. */
    static String shorten(String label) {
        if (label == null) {
            return "?";
        }
        if (label.length() <= MAX_LABEL || !label.contains(",")) {
            return label;
        }
        String[] parts = label.split(",");
        return parts[0] + "+" + (parts.length - 1);
    }

    /** " ok", " !3 leaderless", " !no quorum", or nothing before the first snapshot. */
    static String mark(ClusterSnapshot s, boolean color) {
        return mark(s, Set.of(), null, color);
    }

    /**
     * The mark of {@code s}, counting partitions led by a {@code silent} broker (registered, not answering) as
     * leaderless; with triage's {@code verdict} on a snapshot of the same picture, its word where the snapshot alone
     * would say {@code ok} ({@code !unavailable}, {@code degraded}): the prompt never contradicts the last verdict.
     */
    static String mark(ClusterSnapshot s, Set<Integer> silent, ShellSession.CommandVerdict verdict, boolean color) {
        String plain = plainMark(s, silent);
        if (verdict != null && plain.equals(" ok") && samePicture(verdict.judged(), s, silent)) {
            switch (verdict.verdict()) {
                case UNAVAILABLE -> {
                    return " " + Tone.BAD.paint("!unavailable", color);
                }
                case DEGRADED -> {
                    return " " + Tone.WARN.paint("degraded", color);
                }
                default -> {
                }
            }
        }
        if (plain.startsWith(" !")) {
            return " " + Tone.BAD.paint(plain.substring(1), color);
        }
        return plain.isEmpty() ? "" : " " + Tone.GOOD.paint(plain.substring(1), color);
    }

    /** The same picture: the judged snapshot itself, or a later one with the same live brokers and leaders. */
    private static boolean samePicture(ClusterSnapshot judged, ClusterSnapshot now, Set<Integer> silent) {
        if (judged == now) {
            return true;
        }
        if (judged == null || now == null || !Objects.equals(judged.clusterId(), now.clusterId())) {
            return false;
        }
        Set<Integer> liveThen = judged.liveBrokerIds();
        Set<Integer> liveNow = new HashSet<>(now.liveBrokerIds());
        liveNow.removeAll(silent);
        return liveThen.equals(liveNow) && plainMark(judged, Set.of()).equals(plainMark(now, silent));
    }

    private static String plainMark(ClusterSnapshot s, Set<Integer> silent) {
        if (s == null) {
            return "";
        }
        // a snapshot read without the quorum (e.g. by leaderless) says nothing about it
        if (!SnapshotRequest.quorumNotRead(s) && (s.quorum() == null || !s.quorum().hasLeader())) {
            return " !no quorum";
        }
        if (SnapshotRequest.descriptionsNotRead(s)) {
            return ""; // only topic names so far (the first refresh): no judgement yet
        }
        Set<Integer> live = s.liveBrokerIds();
        if (silent != null && !silent.isEmpty()) {
            live = new HashSet<>(live);
            live.removeAll(silent);
        }
        long leaderless = 0;
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (isLeaderless(p, live)) {
                    leaderless++;
                }
            }
        }
        return leaderless > 0 ? " !" + leaderless + " leaderless" : " ok";
    }

    private static boolean isLeaderless(PartitionState p, Set<Integer> live) {
        return p.leader() == null || !live.contains(p.leader());
    }
}
