package dev.kshell.cli;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.render.Tone;
import dev.kshell.session.ShellSession;

import java.util.Set;

/** The REPL prompt: the connection's name and a health mark from the last snapshot (no round trip per prompt). */
public final class PromptText {

    private PromptText() {
    }

    public static String prompt(ShellSession session, boolean color) {
        return session.connection()
                .map(c -> "kshell[" + c.label() + "]" + mark(session.lastSnapshot().orElse(null), color) + "> ")
                .orElse("kshell> ");
    }

    /** " ok", " !3 leaderless", " !no quorum", or nothing before the first snapshot. */
    static String mark(ClusterSnapshot s, boolean color) {
        if (s == null) {
            return "";
        }
        if (s.quorum() == null || !s.quorum().hasLeader()) {
            return " " + Tone.BAD.paint("!no quorum", color);
        }
        Set<Integer> live = s.liveBrokerIds();
        long leaderless = s.topics().stream().flatMap(t -> t.partitions().stream())
                .filter(p -> isLeaderless(p, live)).count();
        return leaderless > 0 ? " " + Tone.BAD.paint("!" + leaderless + " leaderless", color) : " " + Tone.GOOD.paint("ok", color);
    }

    private static boolean isLeaderless(PartitionState p, Set<Integer> live) {
        return p.leader() == null || !live.contains(p.leader());
    }
}
