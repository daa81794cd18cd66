package dev.kshell.rules.replication;

import dev.kshell.model.Finding;
import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Severity;
import dev.kshell.util.ByteSizes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges log directories (pure): each one's space, what its replicas hold, and, from an earlier sample of the same
 * session, how fast its replicas grow and when, at that rate, its usable space runs out. Findings: an offline directory (error), usable space under
 * {@link #LOW_SPACE_PERCENT} % (warning), a directory that fills within {@link #FILL_HORIZON} at the watched rate
 * (warning), a cordoned one (info).
 */
public final class LogDirHealth {

    /** Usable space below this share of the volume is a warning. */
    public static final double LOW_SPACE_PERCENT = 10.0;
    /** A directory that will be full within this time at the watched rate is a warning. */
    public static final Duration FILL_HORIZON = Duration.ofDays(1);
    /** A growth rate is only given over at least this long a watch. */
    public static final Duration MIN_WATCH = Duration.ofSeconds(10);
    /** How many of a directory's largest replicas are listed. */
    public static final int LARGEST = 3;

    private LogDirHealth() {
    }

    /**
     * An earlier reading of one directory.
     *
     * @param takenAtMs    when (epoch ms)
     * @param usableBytes  usable bytes then, or null when not reported
     * @param replicaBytes bytes its replicas held then
     */
    public record Sample(long takenAtMs, Long usableBytes, long replicaBytes) {
    }

    /** The key of a directory in the samples: {@code broker + ":" + path}. */
    public static String key(int broker, String path) {
        return broker + ":" + path;
    }

    /**
     * @param now     the directories now
     * @param earlier per directory ({@link #key}), the oldest sample this session kept, or none
     */
    public static LogDirReport judge(LogDirsRead now, Map<String, Sample> earlier) {
        List<LogDirReport.Dir> dirs = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        for (LogDirState d : now.all()) {
            long bytes = d.replicaBytes();
            List<LogDirReport.PartitionSize> largest = d.replicas().entrySet().stream()
                    .sorted(Comparator.comparingLong((Map.Entry<PartitionSpec, LogDirState.Replica> e) -> e.getValue().sizeBytes())
                            .reversed())
                    .filter(e -> e.getValue().sizeBytes() > 0)
                    .limit(LARGEST)
                    .map(e -> new LogDirReport.PartitionSize(e.getKey().name(), e.getValue().sizeBytes()))
                    .toList();
            Sample before = earlier.get(key(d.broker(), d.path()));
            Double rate = null;
            long watched = 0;
            Long fullIn = null;
            if (before != null && d.online() && now.takenAtMs() - before.takenAtMs() >= MIN_WATCH.toMillis()) {
                watched = now.takenAtMs() - before.takenAtMs();
                // what Kafka's replicas added, not the volume's free space: a volume shared with other writers (or
                // several log directories on one volume) makes the free space jump both ways
                double grown = bytes - before.replicaBytes();
                rate = grown * 1000.0 / watched;
                if (rate > 0 && d.usableBytes() != null) {
                    fullIn = (long) (d.usableBytes() / rate * 1000.0);
                }
            }
            LogDirReport.Dir dir = new LogDirReport.Dir(d.broker(), d.path(), d.online(), d.error(), d.totalBytes(),
                    d.usableBytes(), d.cordoned(), bytes, d.replicas().size(), largest, rate, watched, fullIn);
            dirs.add(dir);
            findings.addAll(findings(dir));
        }
        return new LogDirReport(now.takenAtMs(), dirs, List.copyOf(now.errors().values()), findings);
    }

    private static List<Finding> findings(LogDirReport.Dir d) {
        String where = "broker " + d.broker() + " " + d.path();
        List<Finding> out = new ArrayList<>();
        if (!d.online()) {
            out.add(new Finding(Severity.ERROR, "log-dir-offline", where, "log directory " + d.path() + " of broker "
                    + d.broker() + " is offline (" + d.error() + "): its replicas are not served and are out of "
                    + "their ISRs", "`under-replicated` (each replica on it, with its cause)"));
            return out;
        }
        Double percent = d.usablePercent();
        if (percent != null && percent < LOW_SPACE_PERCENT) {
            out.add(new Finding(Severity.WARNING, "log-dir-low-space", where, String.format(Locale.ROOT,
                    "log directory %s of broker %d has %.1f %% usable (%s of %s): a full disk takes it offline",
                    d.path(), d.broker(), percent, ByteSizes.human(d.usableBytes()), ByteSizes.human(d.totalBytes())),
                    "`logdirs --broker " + d.broker() + "`"));
        }
        if (d.fullInMs() != null && d.fullInMs() < FILL_HORIZON.toMillis()) {
            out.add(new Finding(Severity.WARNING, "log-dir-filling", where, "log directory " + d.path()
                    + " of broker " + d.broker() + " fills at " + ByteSizes.rate(Math.round(d.growthBytesPerS()))
                    + " (watched over " + duration(d.watchedMs()) + "): full in about " + duration(d.fullInMs()),
                    "`logdirs --broker " + d.broker() + "`"));
        }
        if (d.cordoned()) {
            out.add(new Finding(Severity.INFO, "log-dir-cordoned", where, "log directory " + d.path()
                    + " of broker " + d.broker() + " is cordoned: no new replicas are placed there", uncordon(d.broker())));
        }
        return out;
    }

    /** "3h 20m", "45s": a duration as the tables show it. */
    public static String duration(long ms) {
        Duration d = Duration.ofMillis(ms);
        if (d.toDays() > 0) {
            return d.toDays() + "d " + d.toHoursPart() + "h";
        }
        if (d.toHours() > 0) {
            return d.toHours() + "h " + d.toMinutesPart() + "m";
        }
        if (d.toMinutes() > 0) {
            return d.toMinutes() + "m " + d.toSecondsPart() + "s";
        }
        return d.toSeconds() + "s";
    }

    /**
     * How to uncordon a broker's log directories (KIP-1066: the dynamic broker config {@code cordoned.log.dirs},
     * which {@code reassign evacuate} of a live broker sets to {@code *}).
     */
    public static String uncordon(int broker) {
        return "uncordon once it should take replicas again: configs delete broker " + broker + " cordoned.log.dirs";
    }
}
