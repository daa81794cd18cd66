package dev.kshell.rules;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.List;
import java.util.Locale;

/**
 * Triage over many clusters ({@code triage --all-profiles}): one entry per profile, in the order asked. The exit
 * code is the worst of them: 4 when one cannot be reached, else 1 when one is not healthy.
 */
public record FleetTriageReport(List<ClusterTriage> clusters) {

    public FleetTriageReport {
        clusters = List.copyOf(clusters);
    }

    /** How one cluster of the fleet stands. */
    public enum Standing {
        HEALTHY, DEGRADED, UNAVAILABLE,
        /** No answer within the deadline, or the connection was refused (authentication). */
        UNREACHABLE,
        /** The profile's settings are broken (profiles.yaml), or the cluster refused the reads triage needs. */
        NOT_JUDGED,
        /**
         * The cluster its endpoints reach is not the one the profile is pinned to (expected-cluster-id): not judged,
         * so that no verdict is read under a name it does not belong to.
         */
        WRONG_CLUSTER;

        public static Standing of(Verdict verdict) {
            return valueOf(verdict.name());
        }
    }

    /**
     * One cluster's line, and its full report when it was judged.
     *
     * @param firstFinding the most severe finding about availability now (else the first config risk, marked so),
     *                     or why it was not judged; null when there is nothing to say
     * @param next         the command to run on that cluster next (after {@code connect PROFILE}), or null
     * @param report       the full triage, or null when the cluster was not judged
     */
    public record ClusterTriage(String profile, String endpoints, String clusterId, Standing standing,
                                String firstFinding, String next, ExitCode exitCode, TriageReport report) {

        /** A judged cluster. */
        public static ClusterTriage of(String profile, String endpoints, TriageReport report) {
            return new ClusterTriage(profile, endpoints, report.clusterId(), Standing.of(report.verdict()),
                    FleetTriageReport.firstFinding(report), report.nextCommand(), report.exitCode(), report);
        }

        /** A cluster that did not answer: exit 4, and {@code connect PROFILE} to see it fail or succeed first hand. */
        public static ClusterTriage unreachable(String profile, String endpoints, String why) {
            return new ClusterTriage(profile, endpoints, null, Standing.UNREACHABLE, why, "connect " + profile,
                    ExitCode.UNREACHABLE, null);
        }

        /** A cluster not judged: its profile is broken ({@code exit}: 2) or it refused the reads (5). */
        public static ClusterTriage notJudged(String profile, String endpoints, String why, String next, ExitCode exit) {
            return new ClusterTriage(profile, endpoints, null, Standing.NOT_JUDGED, why, next, exit, null);
        }

        /**
         * A cluster whose id is not the profile's pin: never judged under that name (exit 3, as any guard's refusal),
         * the two ids said.
         */
        public static ClusterTriage wrongCluster(String profile, String endpoints, String expected, String actual) {
            return new ClusterTriage(profile, endpoints, actual, Standing.WRONG_CLUSTER, "profile '" + profile
                    + "' is pinned to cluster id " + expected + ", but " + endpoints + " is cluster " + actual
                    + ": not judged under this name", "profiles", ExitCode.REFUSED, null);
        }

        public boolean healthy() {
            return standing == Standing.HEALTHY;
        }
    }

    public ExitCode exitCode() {
        return clusters.stream().map(ClusterTriage::exitCode).reduce(ExitCode.OK, ExitCode::worst);
    }

    /** "3 clusters: 1 healthy, 1 degraded, 1 unreachable" (standings in their order, only those present). */
    public String summary() {
        StringBuilder out = new StringBuilder(clusters.size() + " cluster" + (clusters.size() == 1 ? "" : "s") + ":");
        String sep = " ";
        for (Standing s : Standing.values()) {
            long n = clusters.stream().filter(c -> c.standing() == s).count();
            if (n > 0) {
                out.append(sep).append(n).append(' ').append(s.name().toLowerCase(Locale.ROOT).replace('_', ' '));
                sep = ", ";
            }
        }
        return out.toString();
    }

    /**
     * What a fleet line says about a judged cluster: the most severe finding about availability now (steps 1-5) at
     * WARNING or above; else the first config risk, marked as such; else nothing.
     */
    static String firstFinding(TriageReport report) {
        Finding worst = null;
        Finding risk = null;
        for (TriageStep s : report.steps()) {
            for (Finding f : s.findings()) {
                if (!f.severity().atLeast(Severity.WARNING)) {
                    continue;
                }
                if (s.number() == Triage.CONFIG_STEP) {
                    risk = risk == null ? f : risk;
                } else if (worst == null || f.severity().compareTo(worst.severity()) > 0) {
                    worst = f;
                }
            }
        }
        if (worst != null) {
            return worst.where() + ": " + worst.message();
        }
        return risk == null ? null : "config risk, " + risk.where() + ": " + risk.message();
    }
}
