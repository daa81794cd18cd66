package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.Severity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Triage step 1: is there a quorum leader, is it stable (epoch not climbing between two snapshots), are the voters
 * caught up. Unknown values ({@code -1} offsets, null or negative ages and lags, as seen right after a failover)
 * are treated as unknown, never as numbers.
 */
public final class QuorumHealth {

    /** A follower voter that has not fetched for longer than this (ms) is considered down or cut off. */
    public static final long FETCH_STALE_MS = 5_000;
    /** A follower voter whose last caught-up time is older than this (ms) is lagging. */
    public static final long CAUGHT_UP_STALE_MS = 10_000;
    /** A follower voter more than this many metadata records behind the leader is lagging. */
    public static final long MAX_LAG_RECORDS = 1_000;

    private QuorumHealth() {
    }

    /**
     * @param now      the current snapshot
     * @param previous an earlier snapshot of the same cluster, or null; used only to see whether the epoch climbs
     */
    public static List<Finding> check(ClusterSnapshot now, ClusterSnapshot previous) {
        return check(now, previous, null);
    }

    /**
     * @param now       the current snapshot
     * @param previous  an earlier snapshot of the same cluster, or null
     * @param stability the judgement of kshell's quorum history (this session's and earlier runs' reads, the current
     *                  one included), or null when not judged; when given it replaces the two-snapshot epoch
     *                  comparison, which it subsumes
     */
    public static List<Finding> check(ClusterSnapshot now, ClusterSnapshot previous, QuorumStability stability) {
        List<Finding> out = new ArrayList<>();
        Finding history = stability == null ? null : stability.finding();
        boolean unstable = stability != null && stability.kind() == QuorumStability.Kind.UNSTABLE;
        if (unstable) {
            // first: flapping is the headline of step 1, and holds even when the quorum cannot be read right now
            out.add(history);
        }
        QuorumState q = now.quorum();
        if (q == null) {
            out.add(unreadable(now));
            return out;
        }
        if (q.zooKeeperMode()) {
            out.addAll(ControllerHealth.check(now, previous)); // no KRaft quorum: the controller step (and its history)
            if (history != null && !unstable) {
                out.add(history); // a failover, or stability unknown: information
            }
            return out;
        }
        int majority = q.voters().size() / 2 + 1;
        if (!q.hasLeader()) {
            out.add(new Finding(Severity.CRITICAL, "quorum-no-leader", "quorum",
                    "no active controller among voters " + voterIds(q) + ": no leader elections, broker "
                            + "registrations or topic changes; brokers serve stale metadata",
                    "start controllers until a majority (" + majority + " of " + q.voters().size()
                            + " voters) is up, then `quorum`"));
            return out;
        }
        out.addAll(followers(q, majority));
        if (q.highWatermark() < 0) {
            out.add(new Finding(Severity.INFO, "quorum-hw-unknown", "quorum",
                    "high watermark unknown: the leader changed moments ago", "re-run `quorum` in a few seconds"));
        }
        if (stability == null) {
            epochFinding(now, previous).ifPresent(out::add);
        } else if (stability.kind() == QuorumStability.Kind.STABLE) {
            out.add(new Finding(Severity.INFO, "quorum-stable", "quorum", stability.sentence(), null));
        } else if (history != null && !unstable) {
            out.add(history); // a failover, or stability unknown: information
        }
        return out;
    }

    /** The quorum could not be read: why, and what to do about it, which depends on whether it was a permission. */
    private static Finding unreadable(ClusterSnapshot now) {
        String why = now.quorumError() == null ? "not loaded" : now.quorumError();
        if (why.startsWith("not authorized")) {
            // a user without DESCRIBE on the cluster: the quorum's health is unknown, not bad, and the
            // controllers are no more likely down than up
            return new Finding(Severity.ERROR, "quorum-unreadable", "quorum",
                    "the metadata quorum could not be read (" + why + "): this connection's user may not see "
                            + "it, so the quorum's health is unknown",
                    "`quorum` as a user that holds DESCRIBE on the cluster (kafka-acls.sh --add "
                            + "--allow-principal User:NAME --operation Describe --cluster)");
        }
        return new Finding(Severity.ERROR, "quorum-unreadable", "quorum",
                "the metadata quorum could not be read (" + why + "); if controllers are down, metadata is "
                        + "frozen and the broker-served state below may be stale",
                "`connect --bootstrap-controller HOST:PORT` to ask the controllers directly, then `quorum`");
    }

    /**
     * A finding per voter that is not fetching or is behind, then whether enough of them are healthy for a majority
     * (the leader counts as healthy): a quorum at its bare majority survives no further loss.
     */
    private static List<Finding> followers(QuorumState q, int majority) {
        List<Finding> out = new ArrayList<>();
        QuorumReplica leader = q.voters().stream().filter(v -> v.id() == q.leaderId()).findFirst().orElse(null);
        long leaderEnd = leader == null ? -1 : leader.logEndOffset();
        int healthy = leader == null ? 0 : 1;
        for (QuorumReplica v : q.voters()) {
            if (v.id() == q.leaderId()) {
                continue;
            }
            Finding f = followerFinding(v, q.leaderId(), leaderEnd);
            if (f == null) {
                healthy++;
            } else {
                out.add(f);
            }
        }
        int voters = q.voters().size();
        if (voters > 1 && healthy < majority) {
            out.add(new Finding(Severity.ERROR, "quorum-majority-lost", "quorum",
                    "only " + healthy + " of " + voters + " voters are fetching: the leader cannot commit metadata "
                            + "and will resign",
                    "start the controllers that are down, then `quorum`"));
        } else if (voters > 1 && healthy == majority && healthy < voters) {
            out.add(new Finding(Severity.WARNING, "quorum-no-fault-tolerance", "quorum",
                    healthy + " of " + voters + " voters healthy: one more controller failure stops the quorum",
                    "start the controllers that are down, then `quorum`"));
        }
        return out;
    }

    /** One-line state for the triage step: "leader 1, epoch 7, 3 of 3 voters caught up". */
    public static String summary(QuorumState q, List<Finding> findings) {
        if (q == null) {
            return "quorum unknown";
        }
        if (q.zooKeeperMode()) {
            return ControllerHealth.summary(q);
        }
        if (!q.hasLeader()) {
            return "no quorum leader (voters " + voterIds(q) + ")";
        }
        long unhealthy = findings.stream().filter(f -> f.where().startsWith("voter ")).count();
        return "leader " + q.leaderId() + ", epoch " + q.leaderEpoch() + ", " + (q.voters().size() - unhealthy)
                + " of " + q.voters().size() + " voters caught up";
    }

    private static Finding followerFinding(QuorumReplica v, int leaderId, long leaderEnd) {
        String where = "voter " + v.id();
        if (v.logEndOffset() < 0 || v.lastFetchAgeMs() == null) {
            return new Finding(Severity.WARNING, "quorum-voter-not-fetching", where,
                    "voter " + v.id() + " has not fetched from leader " + leaderId
                            + " (log end offset unknown): down, or the leader changed moments ago",
                    "start controller " + v.id() + " if it is down; `quorum` again in a few seconds");
        }
        long fetchAge = v.lastFetchAgeMs();
        if (fetchAge > FETCH_STALE_MS) {
            return new Finding(Severity.WARNING, "quorum-voter-stale", where,
                    "voter " + v.id() + " last fetched " + seconds(fetchAge) + " ago: down or cut off from leader "
                            + leaderId,
                    "check controller " + v.id() + " (process, network), then `quorum`");
        }
        Long lag = v.lag() != null && v.lag() >= 0 ? v.lag()
                : (leaderEnd >= 0 ? Math.max(0, leaderEnd - v.logEndOffset()) : null);
        Long caughtUp = v.lastCaughtUpAgeMs() != null && v.lastCaughtUpAgeMs() >= 0 ? v.lastCaughtUpAgeMs() : null;
        if ((lag != null && lag > MAX_LAG_RECORDS) || (caughtUp != null && caughtUp > CAUGHT_UP_STALE_MS)) {
            String detail = (lag != null ? lag + " records behind" : "lag unknown")
                    + (caughtUp != null ? ", last caught up " + seconds(caughtUp) + " ago" : "");
            return new Finding(Severity.WARNING, "quorum-voter-lagging", where,
                    "voter " + v.id() + " is lagging (" + detail + ")",
                    "check controller " + v.id() + "'s disk and GC, then `quorum`");
        }
        return null;
    }

    private static Optional<Finding> epochFinding(ClusterSnapshot now, ClusterSnapshot previous) {
        if (previous == null || previous.quorum() == null || !previous.quorum().hasLeader()) {
            return Optional.empty();
        }
        if (now.clusterId() != null && previous.clusterId() != null
                && !Objects.equals(now.clusterId(), previous.clusterId())) {
            return Optional.of(new Finding(Severity.INFO, "quorum-epoch-not-compared", "quorum",
                    "the previous snapshot is of cluster " + previous.clusterId() + ": epochs not compared", null));
        }
        QuorumState q = now.quorum();
        QuorumState p = previous.quorum();
        long delta = q.leaderEpoch() - p.leaderEpoch();
        String span = now.takenAt() != null && previous.takenAt() != null
                ? " in " + seconds(Math.max(0, Duration.between(previous.takenAt(), now.takenAt()).toMillis()))
                : "";
        if (delta >= 2) {
            return Optional.of(new Finding(Severity.WARNING, "quorum-epoch-climbing", "quorum",
                    "leader epoch climbed " + p.leaderEpoch() + " -> " + q.leaderEpoch() + " (" + delta
                            + " elections)" + span + ": the quorum is unstable (controllers restarting, network "
                            + "or disk stalls)",
                    "check the controllers' logs; `watch quorum`"));
        }
        if (delta == 1) {
            return Optional.of(new Finding(Severity.INFO, "quorum-leader-changed", "quorum",
                    "one leader election" + span + " (epoch " + p.leaderEpoch() + " -> " + q.leaderEpoch()
                            + ", leader " + p.leaderId() + " -> " + q.leaderId() + ")",
                    null));
        }
        if (delta < 0) {
            return Optional.of(new Finding(Severity.INFO, "quorum-epoch-backwards", "quorum",
                    "leader epoch went backwards (" + p.leaderEpoch() + " -> " + q.leaderEpoch()
                            + "): another cluster, or the metadata log was formatted again",
                    null));
        }
        return Optional.empty();
    }

    private static String voterIds(QuorumState q) {
        return q.voters().stream().map(v -> Integer.toString(v.id())).collect(Collectors.joining(", "));
    }

    static String seconds(long ms) {
        return ms < 10_000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000.0) : (ms / 1000) + " s";
    }
}
