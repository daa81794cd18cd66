package dev.kshell.workflow.check;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.memory.ClientHistory;
import dev.kshell.memory.LogDirHistory;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.model.RadarThresholds;

import java.util.Map;

/**
 * How one triage runs, apart from the connection: what a session knows (its previous snapshot, the controllers it
 * last saw, its quorum memory, its histories) and the command's flags. A fleet triage passes {@link #fleetMember} per
 * cluster.
 *
 * @param strict              {@code --strict}: config risks make the exit code 1
 * @param sandboxSession      the connection is the session's own sandbox: advice may name {@code sandbox} commands
 * @param previous            an earlier snapshot of the same cluster, or null
 * @param knownVoterEndpoints controller endpoints by id as last seen, probed when the quorum cannot be read
 * @param quorumMemory        where the quorum read is recorded and judged from, or null (no stability judgement)
 * @param logDirHistory       where log directories and replicas out of sync are recorded (growth rates, "since"),
 *                            or null (nothing remembered)
 * @param clientHistory       where the clients' side read records groups' lag and states (trends, "stuck since"),
 *                            or null (this triage's read alone)
 * @param temporaryChanges    where temporary config changes are remembered (a due one is a step-6 reminder), or
 *                            null (none read)
 * @param radarThresholds     when the radar's side read calls a certificate, a timestamp or a clock due (the
 *                            profile's, else kshell's defaults)
 */
public record TriageOptions(boolean strict, boolean sandboxSession, ClusterSnapshot previous,
                            Map<Integer, String> knownVoterEndpoints, QuorumMemory quorumMemory,
                            LogDirHistory logDirHistory, ClientHistory clientHistory,
                            TemporaryChanges temporaryChanges, RadarThresholds radarThresholds) {

    public TriageOptions {
        knownVoterEndpoints = knownVoterEndpoints == null ? Map.of() : Map.copyOf(knownVoterEndpoints);
        radarThresholds = radarThresholds == null ? RadarThresholds.DEFAULTS : radarThresholds;
    }

    /** Nothing known beforehand, no history, kshell's default radar thresholds. */
    public static TriageOptions fresh() {
        return fleetMember(false, null, null);
    }

    /**
     * One cluster of a fleet triage: nothing of a session's but the shared quorum memory and the profile's radar
     * thresholds (null: kshell's defaults).
     */
    public static TriageOptions fleetMember(boolean strict, QuorumMemory quorumMemory,
                                            RadarThresholds radarThresholds) {
        return new TriageOptions(strict, false, null, Map.of(), quorumMemory, null, null, null, radarThresholds);
    }
}
