package dev.kshell.rules.replication;

import java.util.List;

/**
 * Why each replica out of the ISR is out, grouped by cause (the JSON model under {@code causes} of
 * {@code under-replicated}, and what triage's step 5 says).
 *
 * @param groups one per cause and broker (and directory), in {@link Cause} order, then by broker
 * @param notes  what could not be read, so that a cause may be missing or "unknown"
 */
public record CauseReport(List<Group> groups, List<String> notes) {

    public CauseReport {
        groups = List.copyOf(groups);
        notes = List.copyOf(notes);
    }

    /**
     * Every replica out of the ISR for one cause.
     *
     * @param cause    what it is
     * @param broker   the broker the cause is about (the lagging replicas' broker)
     * @param logDir   for {@link Cause#OFFLINE_LOG_DIR}, the directory (or "one of D1, D2"); else null
     * @param headline one line: "broker 6 is down or fenced"
     * @param evidence what shows it, one sentence each
     * @param replicas the replicas, each with what is known of it
     * @param action   what to do, in words
     * @param next     the exact kshell command to run next
     */
    public record Group(Cause cause, int broker, String logDir, String headline, List<String> evidence,
                       List<Replica> replicas, String action, String next) {
        public Group {
            evidence = List.copyOf(evidence);
            replicas = List.copyOf(replicas);
        }

        /** How many partitions the group holds (a partition counts once). */
        public long partitions() {
            return replicas.stream().map(Replica::partition).distinct().count();
        }
    }

    /**
     * One replica out of the ISR.
     *
     * @param partition   "topic-N"
     * @param broker      the replica's broker
     * @param detail      what is known of it ("copied 1.2 MB of 20 MB, 18.8 MB left"), or null
     * @param bytesBehind bytes it lacks against the leader's (or the source's) replica, or null when unknown
     * @param sinceMs     when this session first saw it out of the ISR (epoch ms), or null
     */
    public record Replica(String partition, int broker, String detail, Long bytesBehind, Long sinceMs) {
    }
}
