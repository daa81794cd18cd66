package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.rules.FleetTriageReport;
import dev.kshell.rules.FleetTriageReport.ClusterTriage;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.QuorumMemory;

import java.time.Duration;
import java.util.List;

/**
 * {@code triage --all-profiles} / {@code triage --profile A --profile B}: "which of my clusters is sick right now,
 * and what do I do first". Every profile's cluster is judged at once by the one triage workflow
 * ({@link TriageService}), each through its own gateway and within its own deadline ({@link ProfileClusters}); one
 * that cannot be reached is a result (UNREACHABLE, exit 4), never a failure of the run. Nothing here touches the
 * session: the prompt's health mark stays the connected cluster's.
 */
public final class FleetTriageService {

    /** Cluster calls' worth of time a triage may take (snapshot, configs, side reads) before its bound. */
    private static final int CALLS = 6;

    private final TriageService triage;
    private final ProfileClusters profiles;

    public FleetTriageService(TriageService triage, ProfileClusters profiles) {
        this.triage = triage;
        this.profiles = profiles;
    }

    /** The profiles asked for ({@link ProfileClusters#select}). */
    public List<String> select(boolean all, List<String> asked) {
        return profiles.select("triage", all, asked);
    }

    /**
     * Judges every profile's cluster at once.
     *
     * @param names   the profiles ({@link ProfileClusters#select})
     * @param timeout the command's --timeout (each cluster call's deadline), or null for each profile's own
     * @param memory  where each cluster's quorum read is recorded (by cluster id), or null
     * @throws InterruptedException when the caller is interrupted (Ctrl-C): every cluster's triage is cancelled
     */
    public FleetTriageReport triage(List<String> names, Duration timeout, boolean strict, QuorumMemory memory)
            throws InterruptedException {
        return new FleetTriageReport(profiles.each(profiles.resolve(names, timeout), CALLS,
                (member, gateway) -> judge(member, gateway, TriageOptions.fleetMember(strict, memory,
                        member.settings().radarThresholds())), FleetTriageService::failed));
    }

    private ClusterTriage judge(ProfileClusters.Member member, ClusterGateway gateway, TriageOptions options) {
        try {
            String pin = member.settings().expectedClusterId();
            if (pin != null) {
                String actual = gateway.clusterId();
                if (!pin.equals(actual)) {
                    return ClusterTriage.wrongCluster(member.name(), member.endpoints(), pin, actual);
                }
            }
            return ClusterTriage.of(member.name(), member.endpoints(), triage.triage(gateway, options).report());
        } catch (ClusterException e) {
            return switch (e.kind()) {
                case UNREACHABLE, DENIED -> ClusterTriage.unreachable(member.name(), member.endpoints(), e.getMessage());
                // it answered, and refused or failed the reads triage needs
                default -> ClusterTriage.notJudged(member.name(), member.endpoints(), e.getMessage(),
                        "connect " + member.name(), ExitCode.ACTION_FAILED);
            };
        }
    }

    private static ClusterTriage failed(ProfileClusters.Member member, String why) {
        if (member.settings() == null) {
            return ClusterTriage.notJudged(member.name(), member.endpoints(), why, "profiles", ExitCode.USAGE);
        }
        return ClusterTriage.unreachable(member.name(), member.endpoints(), why);
    }
}
