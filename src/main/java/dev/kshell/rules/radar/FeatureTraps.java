package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.RadarReads.MetadataLevel;
import dev.kshell.model.Severity;
import dev.kshell.rules.SideFinding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The upgrade traps in the finalized feature levels, by Kafka's own rules (docs/kafka-behaviour.md, "Feature levels:
 * what can go back"): software older than the finalized {@code metadata.version}'s release cannot start in the
 * cluster; Kafka downgrades {@code metadata.version} only to a level with no metadata change in between (a "safe"
 * downgrade; it has no unsafe one, and says so), so a level that changed the metadata format cannot go back at all;
 * {@code kraft.version} 1 never goes back to 0. The other features (transactions, groups, ELR, share, streams) are
 * downgraded when asked. Where every node's software supports a higher metadata.version than the finalized one, the
 * upgrade is not finalized yet.
 */
public final class FeatureTraps {

    public static final String NO_DOWNGRADE = "metadata-version-no-downgrade";
    public static final String DOWNGRADE_FLOOR = "metadata-version-downgrade-floor";
    public static final String KRAFT_ONE_WAY = "kraft-version-no-downgrade";
    public static final String NOT_FINALIZED = "upgrade-not-finalized";

    private FeatureTraps() {
    }

    /**
     * One finalized feature and how far back it can go.
     *
     * @param feature     the feature
     * @param level       its finalized level
     * @param name        the level in words ("4.4-IV2", or the number)
     * @param lowest      the lowest level Kafka would downgrade it to (itself: none)
     * @param lowestName  that level in words
     * @param oldestRelease software older than this release cannot start in the cluster (metadata.version), or null
     * @param meaning     one sentence
     */
    public record Trap(String feature, short level, String name, short lowest, String lowestName,
                       String oldestRelease, String meaning) {
    }

    /** The traps, the findings (INFO: facts to know before a rollback), and how triage's step 1 says them. */
    public record Judged(List<Trap> traps, List<Finding> findings, List<SideFinding> forTriage) {
    }

    public static Judged judge(Map<String, Short> finalized, List<NodeVersions> nodes, List<MetadataLevel> levels) {
        List<Trap> traps = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        List<SideFinding> forTriage = new ArrayList<>();
        Short mv = finalized.get(Features.METADATA_VERSION);
        if (mv != null && mv > 0) {
            short floor = downgradeFloor(mv, levels);
            String name = Features.levelName(mv, levels);
            String release = Features.releaseOf(mv, levels);
            String text;
            if (floor == mv) {
                text = "metadata.version " + name + " cannot be downgraded (it changed the metadata format; Kafka "
                        + "refuses a downgrade across such a level and has no unsafe one): software before "
                        + release + " can no longer run in this cluster, so a rollback below " + release
                        + " is not possible";
                findings.add(new Finding(Severity.INFO, NO_DOWNGRADE, "cluster", text, "features"));
                forTriage.add(new SideFinding(1, "radar", findings.get(findings.size() - 1), "metadata.version "
                        + name + " (no downgrade)"));
            } else {
                String floorName = Features.levelName(floor, levels);
                text = "metadata.version " + name + ": software before " + release + " cannot start in this "
                        + "cluster; Kafka would downgrade it to " + floorName + " at the lowest (no metadata change "
                        + "in between: kafka-features downgrade --metadata " + floorName + "), after which software "
                        + Features.releaseOf(floor, levels) + " and later runs; never below";
                findings.add(new Finding(Severity.INFO, DOWNGRADE_FLOOR, "cluster", text, "features"));
                forTriage.add(new SideFinding(1, "radar", findings.get(findings.size() - 1), "metadata.version "
                        + name + " (downgrade to " + floorName + " at most)"));
            }
            traps.add(new Trap(Features.METADATA_VERSION, mv, name, floor, Features.levelName(floor, levels), release,
                    text));
            notFinalized(mv, nodes, levels).ifPresent(f -> {
                findings.add(f);
                forTriage.add(new SideFinding(1, "radar", f));
            });
        }
        Short kraft = finalized.get(Features.KRAFT_VERSION);
        if (kraft != null && kraft >= 1) {
            String text = "kraft.version " + kraft + " (a dynamic quorum) cannot go back to 0: Kafka 4.x refuses it, "
                    + "3.9 answers success and keeps " + kraft;
            traps.add(new Trap(Features.KRAFT_VERSION, kraft, String.valueOf(kraft), kraft, String.valueOf(kraft),
                    null, text));
            findings.add(new Finding(Severity.INFO, KRAFT_ONE_WAY, "cluster", text, "features"));
            forTriage.add(new SideFinding(1, "radar", findings.get(findings.size() - 1)));
        }
        finalized.forEach((feature, level) -> {
            if (!feature.equals(Features.METADATA_VERSION) && !feature.equals(Features.KRAFT_VERSION) && level > 0) {
                traps.add(new Trap(feature, level, String.valueOf(level), (short) 0, "0", null, feature + " " + level
                        + " can be downgraded (Kafka's controller accepts a downgrade to any lower level)"));
            }
        });
        return new Judged(traps, findings, forTriage);
    }

    /**
     * The lowest metadata.version Kafka downgrades {@code level} to: going down level by level while the level being
     * left did not change the metadata (Kafka's {@code MetadataVersion.checkIfMetadataChanged}); never below the
     * lowest level kshell knows.
     */
    public static short downgradeFloor(short level, List<MetadataLevel> levels) {
        int at = -1;
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i).level() == level) {
                at = i;
            }
        }
        if (at < 0) {
            return level; // unknown to this kshell: claim nothing
        }
        while (at > 0 && !levels.get(at).metadataChanged()) {
            at--;
        }
        return levels.get(at).level();
    }

    /** Every node that answered supports a higher metadata.version than the finalized one: not finalized yet. */
    private static java.util.Optional<Finding> notFinalized(short mv, List<NodeVersions> nodes,
                                                            List<MetadataLevel> levels) {
        short lowestMax = Short.MAX_VALUE;
        int answered = 0;
        for (NodeVersions n : nodes) {
            NodeVersions.Range r = n.error() == null ? n.supported().get(Features.METADATA_VERSION) : null;
            if (r != null) {
                lowestMax = (short) Math.min(lowestMax, r.max());
                answered++;
            }
        }
        if (answered == 0 || lowestMax <= mv) {
            return java.util.Optional.empty();
        }
        String top = Features.levelName(lowestMax, levels);
        return java.util.Optional.of(new Finding(Severity.INFO, NOT_FINALIZED, "cluster", "every node that answered "
                + "supports metadata.version up to " + top + ", but " + Features.levelName(mv, levels) + " is "
                + "finalized: the upgrade is not finalized (kafka-features upgrade --release-version "
                + Features.releaseOf(lowestMax, levels) + " does it; check first what that level lets you roll back to)",
                "features"));
    }
}
