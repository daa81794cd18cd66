package dev.kshell.rules.radar;

import dev.kshell.model.RadarReads.MetadataLevel;

import java.util.List;

/** Feature levels in words: metadata.version levels by name and release, release lines compared. */
public final class Features {

    public static final String METADATA_VERSION = "metadata.version";
    public static final String KRAFT_VERSION = "kraft.version";

    private Features() {
    }

    /** "3.9-IV0" for a level kshell knows; "level 40 (newer than 4.5-IV0)" otherwise. */
    public static String levelName(short level, List<MetadataLevel> levels) {
        for (MetadataLevel l : levels) {
            if (l.level() == level) {
                return l.name();
            }
        }
        if (!levels.isEmpty() && level > levels.get(levels.size() - 1).level()) {
            return "level " + level + " (newer than " + levels.get(levels.size() - 1).name() + ")";
        }
        return "level " + level;
    }

    /** A feature's level in words: metadata.version by name, the others as their number. */
    public static String levelName(String feature, short level, List<MetadataLevel> levels) {
        return METADATA_VERSION.equals(feature) ? levelName(level, levels) : String.valueOf(level);
    }

    /** The release whose software first supports this metadata.version level ("3.9" for 3.9-IV0), or null. */
    public static String releaseOf(short level, List<MetadataLevel> levels) {
        for (MetadataLevel l : levels) {
            if (l.level() == level) {
                return releaseLine(l.name());
            }
        }
        return !levels.isEmpty() && level > levels.get(levels.size() - 1).level()
                ? "newer than " + releaseLine(levels.get(levels.size() - 1).name()) : null;
    }

    /** "3.9-IV0" -> "3.9". */
    public static String releaseLine(String name) {
        String head = name.split("-", 2)[0];
        String[] parts = head.split("\\.");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : head;
    }

    /** Release lines in order ("2.8" < "3.9" < "4.4"); anything that is not a release line sorts last. */
    public static int compareReleases(String a, String b) {
        return Double.compare(order(a), order(b));
    }

    private static double order(String release) {
        try {
            String[] parts = release.split("\\.");
            return Integer.parseInt(parts[0]) * 1000.0 + Integer.parseInt(parts[1]);
        } catch (RuntimeException e) {
            return Double.MAX_VALUE;
        }
    }
}
