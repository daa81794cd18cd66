package dev.kshell.cli;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;
import dev.kshell.render.Tone;
import dev.kshell.session.ShellSession;

import java.util.Set;

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
    static final java.time.Duration STALE_AFTER = java.time.Duration.ofSeconds(30);

    private PromptText() {
    }

    public static String prompt(ShellSession session, boolean color) {
        return prompt(session, null, color);
    }

    /** @param refresher the background refresher, or null; its last failure adds a {@code ?} */
    public static String prompt(ShellSession session, SnapshotRefresher refresher, boolean color) {
        return session.connection()
                .map(c -> prompt(c.label(), session.lastSnapshot().orElse(null),
                        refresher != null && refresher.lastError() != null, color, java.time.Instant.now()))
                .orElse("kshell> ");
    }

    /** The prompt for a connection called {@code label}, from {@code snapshot} (null before the first one). */
    public static String prompt(String label, ClusterSnapshot snapshot, boolean refreshFailed, boolean color) {
        return prompt(label, snapshot, refreshFailed, color, null);
    }

    /** As above; with {@code now} (null: age not judged) a mark older than {@link #STALE_AFTER} shows its age. */
    public static String prompt(String label, ClusterSnapshot snapshot, boolean refreshFailed, boolean color,
                                java.time.Instant now) {
        String mark = mark(snapshot, color);
        String age = "";
        if (now != null && snapshot != null && snapshot.takenAt() != null && !mark.isEmpty()) {
            java.time.Duration old = java.time.Duration.between(snapshot.takenAt(), now);
            if (old.compareTo(STALE_AFTER) > 0) {
                age = " " + age(old) + "?";
            }
        }
        String failed = refreshFailed && snapshot != null && age.isEmpty() ? "?" : "";
        return "kshell[" + shorten(label) + "]" + mark + age + failed + "> ";
    }

    /** 40s, 3m, 2h. */
    static String age(java.time.Duration d) {
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
        if (s == null) {
            return "";
        }
        // a snapshot read without the quorum (e.g. by leaderless) says nothing about it
        if (!dev.kshell.model.SnapshotRequest.quorumNotRead(s) && (s.quorum() == null || !s.quorum().hasLeader())) {
            return " " + Tone.BAD.paint("!no quorum", color);
        }
        if (dev.kshell.model.SnapshotRequest.descriptionsNotRead(s)) {
            return ""; // only topic names so far (the first refresh): no judgement yet
        }
        Set<Integer> live = s.liveBrokerIds();
        long leaderless = 0;
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (isLeaderless(p, live)) {
                    leaderless++;
                }
            }
        }
        return leaderless > 0 ? " " + Tone.BAD.paint("!" + leaderless + " leaderless", color) : " " + Tone.GOOD.paint("ok", color);
    }

    private static boolean isLeaderless(PartitionState p, Set<Integer> live) {
        return p.leader() == null || !live.contains(p.leader());
    }
}
