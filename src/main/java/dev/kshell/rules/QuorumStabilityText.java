package dev.kshell.rules;

import dev.kshell.model.LeaderTerm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static dev.kshell.rules.QuorumStability.minutes;

/** The one line a {@link QuorumStability} says to the operator, per kind. */
final class QuorumStabilityText {

    private QuorumStabilityText() {
    }

    static String sentence(QuorumStability s, List<LeaderTerm> led, LeaderTerm newest) {
        boolean zk = s.zooKeeperMode();
        String subject = zk ? "controller" : "quorum";
        String leaderWord = zk ? "controller" : "leader";
        return switch (s.kind()) {
            case NO_LEADER -> noLeader(s, newest, zk);
            case UNSTABLE -> subject + " unstable: " + leaderWord + " changed " + times(s.changes()) + " in the last "
                    + minutes(s.window()) + " (" + details(s) + ")" + stayedUp(s, zk) + held(s, leaderWord);
            case FAILOVER -> failover(s, zk, leaderWord);
            case UNKNOWN -> unknown(s, led, subject, leaderWord);
            case STABLE -> stable(s, led, leaderWord);
        };
    }

    private static String noLeader(QuorumStability s, LeaderTerm newest, boolean zk) {
        if (newest != null && newest.hasLeader()) {
            return (zk ? "controller " + newest.leaderId() + " (broker)" : "active controller " + newest.leaderId())
                    + " does not answer" + (s.changes() > 0 ? " (" + details(s) + " before)" : "");
        }
        return zk ? "no controller elected" : "no quorum leader";
    }

    private static String failover(QuorumStability s, boolean zk, String leaderWord) {
        QuorumStability.Change c = s.leaderChanges().get(s.leaderChanges().size() - 1);
        String ago = minutes(Duration.between(c.at(), s.judgedAt()));
        String epochs = c.fromEpoch() != null && c.toEpoch() != null
                ? ", epoch " + c.fromEpoch() + " -> " + c.toEpoch() : "";
        String why = switch (c.cause()) {
            case OLD_LEADER_GONE -> leaderWord + " " + c.from() + " had stopped answering";
            case OLD_LEADER_STAYED_UP -> leaderWord + " " + c.from() + " was still answering";
            case UNKNOWN -> "why unknown: kshell did not see " + leaderWord + " " + c.from() + " at the time";
        };
        return "one failover " + ago + " ago (" + (zk ? "controller " : "leader ") + c.from() + " -> " + c.to()
                + epochs + "; " + why + ")" + held(s, leaderWord);
    }

    private static String unknown(QuorumStability s, List<LeaderTerm> led, String subject, String leaderWord) {
        if (led.isEmpty()) {
            return s.knownSince() == null ? "no " + subject + " read remembered: stability unknown"
                    : "no " + leaderWord + " seen in the last " + minutes(s.window()) + ": stability unknown";
        }
        LeaderTerm current = led.get(led.size() - 1);
        return subject + " stability unknown: " + leaderWord + " " + current.leaderId() + epoch(current)
                + " (watched " + minutes(s.watchedFor()) + ", no earlier history)";
    }

    private static String stable(QuorumStability s, List<LeaderTerm> led, String leaderWord) {
        LeaderTerm current = led.get(led.size() - 1);
        String who = leaderWord + " " + current.leaderId() + epoch(current);
        boolean onlyWatch = led.size() == 1 && s.watchedFor() != null && s.watchedFor().compareTo(s.window()) < 0;
        if (onlyWatch) {
            return "stable: " + who + " unchanged while watched (watched " + minutes(s.watchedFor())
                    + ", no earlier history)";
        }
        String out = "stable: " + who + " unchanged since kshell first saw it " + minutes(s.leaderHeldFor()) + " ago";
        if (led.size() >= 2) {
            LeaderTerm before = led.get(led.size() - 2);
            Duration gap = Duration.between(before.lastSeenAt(), current.firstSeenAt());
            if (gap.compareTo(s.window()) > 0 && s.leaderHeldFor().compareTo(s.window()) <= 0) {
                out += "; before that kshell last looked " + minutes(Duration.between(before.lastSeenAt(),
                        s.judgedAt())) + " ago (" + leaderWord + " " + before.leaderId()
                        + (before.epoch() >= 0 && current.epoch() >= 0 ? ", epoch " + before.epoch() : "")
                        + "): when it changed is unknown";
            }
        }
        return out;
    }

    private static String details(QuorumStability s) {
        List<String> details = new ArrayList<>();
        if (s.fromEpoch() != null && s.toEpoch() != null) {
            details.add("epoch " + s.fromEpoch() + " -> " + s.toEpoch());
        }
        details.add((s.zooKeeperMode() ? "controllers " : "leaders ")
                + s.leaders().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        return String.join("; ", details);
    }

    private static String stayedUp(QuorumStability s, boolean zk) {
        List<Integer> up = s.leaderChanges().stream()
                .filter(c -> c.cause() == QuorumStability.Cause.OLD_LEADER_STAYED_UP).map(c -> c.from()).distinct()
                .toList();
        if (up.isEmpty()) {
            return "";
        }
        return "; " + (zk ? "controller " : "leader ") + up.stream().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " still answered after losing leadership";
    }

    private static String held(QuorumStability s, String leaderWord) {
        return s.leaderHeldFor() == null ? "" : "; " + leaderWord + " " + s.leaders().get(s.leaders().size() - 1)
                + " has held " + minutes(s.leaderHeldFor()) + " as far as kshell watched";
    }

    private static String epoch(LeaderTerm t) {
        return t.epoch() >= 0 ? " (epoch " + t.epoch() + ")" : "";
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }
}
