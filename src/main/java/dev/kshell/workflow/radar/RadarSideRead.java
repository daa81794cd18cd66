package dev.kshell.workflow.radar;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.RadarThresholds;
import dev.kshell.rules.SideFinding;

import java.time.Duration;
import java.util.List;

/**
 * Triage's side read of the radar: certificates and versions (steps 1 and 2), feature traps (step 1), time (step 6),
 * over the snapshot triage already holds, on a smaller sample of partitions and within the side read's budget; the
 * caller gives the gateway the side read's deadline. Nothing found, or nothing read in time, is no finding: the
 * verdict is never held for it.
 */
public final class RadarSideRead {

    /** Partitions whose newest record time triage reads (radar reads more). */
    static final int TRIAGE_PARTITIONS = 300;

    private RadarSideRead() {
    }

    public static List<SideFinding> findings(ClusterGateway gateway, ClusterSnapshot now, RadarThresholds thresholds,
                                             Duration budget) {
        try {
            return new RadarService().read(gateway, now, thresholds == null ? RadarThresholds.DEFAULTS : thresholds,
                    new RadarService.Scope(TRIAGE_PARTITIONS, budget)).forTriage();
        } catch (RuntimeException e) {
            return List.of(); // unreachable, denied, an older release: triage's own steps say what matters
        }
    }
}
